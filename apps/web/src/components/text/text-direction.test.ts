import { describe, expect, it } from 'vitest';
import { textDirection } from './text-direction';

describe('textDirection', () => {
  it('reads the first letter, as dir="auto" does', () => {
    expect(textDirection('mohamed.kamal@example.com')).toBe('ltr');
    expect(textDirection('عبدالرحمن محمد')).toBe('rtl');
    expect(textDirection('  (Dr.) عبدالرحمن')).toBe('ltr');
    expect(textDirection('٢٠٢٦ — عبدالرحمن')).toBe('rtl');
  });

  it('keeps a value without letters (a phone number) left to right', () => {
    expect(textDirection('+962 7 9555 0000')).toBe('ltr');
    expect(textDirection('')).toBe('ltr');
  });
});
