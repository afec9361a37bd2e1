import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validationMessages } from './validation-messages';

/** The ICU arguments of a text: `{name}` and `{count, plural, …}` give `name` and `count`. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)(?:\}|,\s*plural\s*,)/g)].map((match) => match[1]!))].sort();

const isMessage = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && ('en' in value || 'ar' in value);

/** Every bilingual message exported by the contract's files: `{ key: { en, ar } }` records. */
async function allMessages(): Promise<Array<[string, Record<string, unknown>]>> {
  const files = readdirSync(import.meta.dirname).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'validation-messages.ts',
  );
  const found: Array<[string, Record<string, unknown>]> = [];
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ pathToFileURL(join(import.meta.dirname, file)).href)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const entries = Object.entries(value);
      if (entries.length === 0 || !entries.every(([, message]) => isMessage(message))) continue;
      for (const [key, message] of entries) found.push([`${file} ${exported}.${key}`, message as Record<string, unknown>]);
    }
  }
  return found;
}

describe('message catalog', () => {
  it('finds the catalogs of the contract', async () => {
    const names = (await allMessages()).map(([name]) => name);
    for (const expected of [
      'messages.ts commonMessages.serverError',
      'specialities.ts specialityMessages.inUse',
      'locations.ts countryMessages.inUse',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('gives every message an English and an Arabic text, and nothing else', async () => {
    for (const [name, message] of await allMessages()) {
      expect(Object.keys(message).sort(), name).toEqual(['ar', 'en']);
      expect(message.en, name).toMatch(/\S/);
      expect(message.ar, name).toMatch(/\S/);
    }
  });

  it('carries the same ICU placeholders in both languages', async () => {
    for (const [name, message] of await allMessages()) {
      expect(placeholders(String(message.ar)), name).toEqual(placeholders(String(message.en)));
    }
  });

  it('keys the field messages the same way in both languages, with the same placeholders', () => {
    expect(Object.keys(validationMessages.ar).sort()).toEqual(Object.keys(validationMessages.en).sort());
    for (const [key, en] of Object.entries(validationMessages.en)) {
      expect(placeholders(validationMessages.ar[key as keyof typeof validationMessages.en]), key).toEqual(placeholders(en));
    }
  });
});
