import { describe, expect, it } from 'vitest';
import type { Messages } from './namespaces';
import commonAr from './ar/common';
import doc from '../../../../docs/arabic.md?raw';

/**
 * docs/arabic.md's glossary, enforced: no banned variant of a concept's one term in any text the admin or an app
 * user reads — the dashboard's namespaces and the API's messages (packages/contract), in both languages.
 */
type Row = { concept: string; banned: string[]; allowed: string[] };

const cells = (cell: string) =>
  cell
    .split('·')
    .map((term) => term.trim())
    .filter((term) => term && !term.startsWith('('));

function glossary(): Row[] {
  const table = doc.split('## Glossary')[1]!.split('\n## ')[0]!;
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| ---') && !line.startsWith('| Concept'))
    .map((line) => {
      const [concept = '', , banned = '', allowed = ''] = line.split('|').slice(1, -1);
      return { concept: concept.trim(), banned: cells(banned), allowed: cells(allowed) };
    });
}

type Text = { where: string; text: string };

/** Every string under a namespace. */
function namespaceTexts(files: Record<string, { default: Messages }>): Text[] {
  const texts: Text[] = [];
  const walk = (messages: Messages, where: string) => {
    for (const [key, value] of Object.entries(messages))
      if (typeof value === 'string') texts.push({ where: `${where}.${key}`, text: value });
      else walk(value, `${where}.${key}`);
  };
  for (const [file, module] of Object.entries(files)) walk(module.default, file);
  return texts;
}

/** Every `en`/`ar` text of the contract's exports (messages, labels, validation messages), the legal documents aside. */
function contractTexts(modules: Record<string, Record<string, unknown>>): Text[] {
  const texts: Text[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, where: string, language: boolean) => {
    if (typeof value === 'string') {
      if (language) texts.push({ where, text: value });
      return;
    }
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    const plain = Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;
    if (!plain) return; // zod schemas and the like: no texts of their own
    seen.add(value);
    for (const [key, child] of Object.entries(value)) walk(child, `${where}.${key}`, language || key === 'en' || key === 'ar');
  };
  for (const [file, exports] of Object.entries(modules))
    for (const [name, value] of Object.entries(exports)) if (name !== 'legalLibrary') walk(value, `${file}:${name}`, false);
  return texts;
}

const dashboard = namespaceTexts(import.meta.glob<{ default: Messages }>(['./ar/*.ts', './en/*.ts'], { eager: true }));
const contract = contractTexts(
  import.meta.glob<Record<string, unknown>>(['../../../../packages/contract/src/*.ts', '!**/*.test.ts'], { eager: true }),
);

/** A Latin term is matched whatever its case ("Approve", "approved"); an Arabic one as written. */
const contains = (text: string, term: string) =>
  /[a-z]/i.test(term) ? text.toLowerCase().includes(term.toLowerCase()) : text.includes(term);

describe('the glossary (docs/arabic.md)', () => {
  const rows = glossary();

  it('is read from the doc, and the texts from both the dashboard and the API', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.find((row) => row.concept.includes('admin'))?.banned).toContain('مسؤول');
    expect(dashboard.filter((t) => t.where.startsWith('./ar/')).length).toBeGreaterThan(500);
    expect(contract.length).toBeGreaterThan(400);
    expect(contract.some((t) => t.text === 'لوحة التحكم متاحة للمشرفين فقط.')).toBe(true);
  });

  it('finds no banned variant of a term in any text', () => {
    const found: string[] = [];
    for (const { where, text } of [...dashboard, ...contract])
      for (const row of rows) {
        const checked = row.allowed.reduce((rest, phrase) => rest.split(phrase).join(' '), text);
        for (const term of row.banned) if (contains(checked, term)) found.push(`${where}: «${term}» (${row.concept}) in «${text}»`);
      }
    expect(found).toEqual([]);
  });

  it('backs out of a destructive confirmation with «تراجع», not «إلغاء» beside «نعم، ألغِ التفعيل»', () => {
    expect(commonAr.confirmDialog.cancel).toBe('تراجع');
    expect(commonAr.confirmDialog.deactivateConfirm).toMatch(/^نعم، /);
  });
});
