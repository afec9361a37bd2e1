import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title-text';

describe('documentTitle', () => {
  it('puts the screen first, then the product', () => {
    expect(documentTitle('Doctors', 'Sehha', ' · ')).toBe('Doctors · Sehha');
    expect(documentTitle('الأطباء', 'صحّة', ' · ')).toBe('الأطباء · صحّة');
  });
  it('is the product alone when the screen has no name', () => {
    expect(documentTitle(undefined, 'Sehha', ' · ')).toBe('Sehha');
  });
});
