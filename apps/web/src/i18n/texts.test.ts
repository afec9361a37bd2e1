import { describe, expect, it } from 'vitest';
import type { Messages } from './namespaces';
import en from './bundles/en';
import ar from './bundles/ar';
import enDashboard from './bundles/en-dashboard';
import arDashboard from './bundles/ar-dashboard';
import enScreens from './bundles/en-screens';
import arScreens from './bundles/ar-screens';
import securityEn from './en/security';
import securityAr from './ar/security';

/**
 * i18next plural suffixes: English uses _one/_other, Arabic all six. i18next also reads `_zero` in any
 * language when the count is 0 (English "no doctors" wording), so English may have it too.
 */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const englishPlurals = new Set(['zero', 'one', 'other']);
const arabicPlurals = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

type Entry = { placeholders: Set<string>; forms: Set<string> };

/** Every message of a bundle by its base key (`ns:path.key`, plural suffix removed), with its placeholders and plural forms. */
function flatten(bundle: Record<string, Messages>): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const walk = (messages: Messages, prefix: string) => {
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value !== 'string') {
        walk(value, `${prefix}${key}.`);
        continue;
      }
      const form = pluralSuffix.exec(key)?.[1];
      const base = `${prefix}${form ? key.slice(0, -form.length - 1) : key}`;
      const entry = entries.get(base) ?? { placeholders: new Set(), forms: new Set() };
      for (const [, name] of value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)) entry.placeholders.add(name!);
      entry.forms.add(form ?? '');
      entries.set(base, entry);
    }
  };
  for (const [namespace, messages] of Object.entries(bundle)) walk(messages, `${namespace}:`);
  return entries;
}

// Both parts of each language (see bundles/en.ts), and the namespaces loaded apart, are compared.
const english = flatten({ ...en, ...enDashboard, ...enScreens, security: securityEn });
const arabic = flatten({ ...ar, ...arDashboard, ...arScreens, security: securityAr });

describe('en and ar texts', () => {
  it('put every namespace file in exactly one of the chunks (core, dashboard, screens, or loaded apart)', () => {
    for (const [lng, parts] of [
      ['en', [en, enDashboard, enScreens, { security: securityEn }]],
      ['ar', [ar, arDashboard, arScreens, { security: securityAr }]],
    ] as const) {
      const files = Object.keys(import.meta.glob(['./en/*.ts', './ar/*.ts'])).filter((file) => file.startsWith(`./${lng}/`));
      const inChunks = parts.flatMap((part) => Object.keys(part).filter((namespace) => namespace !== 'validation'));
      expect(inChunks.sort(), lng).toEqual(files.map((file) => /\/([\w-]+)\.ts$/.exec(file)![1]).sort());
    }
  });

  it('have exactly the same keys (plural forms aside)', () => {
    const missingInArabic = [...english.keys()].filter((key) => !arabic.has(key));
    const missingInEnglish = [...arabic.keys()].filter((key) => !english.has(key));
    expect({ missingInArabic, missingInEnglish }).toEqual({ missingInArabic: [], missingInEnglish: [] });
  });

  it('carry the same placeholders in each pair', () => {
    const differing = [...english]
      .filter(([key]) => arabic.has(key))
      .filter(([key, entry]) => [...entry.placeholders].sort().join() !== [...arabic.get(key)!.placeholders].sort().join())
      .map(([key, entry]) => `${key}: en {${[...entry.placeholders].join()}} ar {${[...arabic.get(key)!.placeholders].join()}}`);
    expect(differing).toEqual([]);
  });

  it('are plural in both languages or in neither, each with its own forms', () => {
    const wrong: string[] = [];
    for (const [key, entry] of english) {
      const other = arabic.get(key);
      if (!other) continue;
      const plural = (forms: Set<string>) => !forms.has('');
      if (plural(entry.forms) !== plural(other.forms)) wrong.push(`${key}: plural in one language only`);
      else if (plural(entry.forms)) {
        if (![...entry.forms].every((form) => englishPlurals.has(form)) || !entry.forms.has('other'))
          wrong.push(`${key}: English forms ${[...entry.forms].join()}`);
        if (![...other.forms].every((form) => arabicPlurals.has(form)) || !other.forms.has('other'))
          wrong.push(`${key}: Arabic forms ${[...other.forms].join()}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
