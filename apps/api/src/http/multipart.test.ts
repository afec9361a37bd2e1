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
    expect(nestFields([['a[2]', 'x'], ['__proto__[polluted]', 'yes']])).toEqual({ a: { 2: 'x' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
