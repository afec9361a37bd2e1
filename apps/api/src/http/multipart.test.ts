import { describe, expect, it } from 'vitest';
import { nestFields } from './multipart';

describe('nestFields', () => {
  it('reads PHP-style bracket names into arrays and objects', () => {
    expect(
      nestFields([
        ['name', 'Gold'],
        ['features[0][title_en]', 'Chat'],
        ['features[0][title_ar]', 'محادثة'],
        ['features[1][title_en]', 'Calls'],
        ['ids[]', '4'],
        ['ids[]', '5'],
      ]),
    ).toEqual({ name: 'Gold', features: [{ title_en: 'Chat', title_ar: 'محادثة' }, { title_en: 'Calls' }], ids: ['4', '5'] });
  });

  it('keeps non-sequential keys as an object and ignores prototype keys', () => {
    expect(
      nestFields([
        ['a[2]', 'x'],
        ['__proto__[polluted]', 'yes'],
      ]),
    ).toEqual({ a: { 2: 'x' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('nestFields depth', () => {
  it('reads 64 nested brackets and refuses 65 with a 400 instead of overflowing the stack', () => {
    const name = (depth: number) => `a${'[0]'.repeat(depth)}`;
    let nested: unknown = 'x';
    for (let i = 0; i < 64; i++) nested = [nested];
    expect(nestFields([[name(64), 'x']])).toEqual({ a: nested });
    for (const depth of [65, 8000]) expect(() => nestFields([[name(depth), 'x']])).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});
