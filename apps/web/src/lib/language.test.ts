import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage, directionOf, resolveLanguage, withLanguage } from './language';

describe('language', () => {
  it('falls back to en for anything but en/ar', () => {
    expect(resolveLanguage('ar')).toBe('ar');
    expect(resolveLanguage('en')).toBe('en');
    for (const value of ['fr', 'AR', '', undefined, null, 'english']) expect(resolveLanguage(value)).toBe('en');
  });

  it('replaces the first path segment, keeping the rest, query and hash', () => {
    expect(withLanguage('/fr/dashboard/home', 'en')).toBe('/en/dashboard/home');
    expect(withLanguage('/en/dashboard/hospitals?tab=types&page=2#x', 'ar')).toBe('/ar/dashboard/hospitals?tab=types&page=2#x');
    expect(withLanguage('/xx', 'en')).toBe('/en');
    expect(withLanguage('/xx?a=1', 'en')).toBe('/en?a=1');
  });

  it('sets <html lang dir>', () => {
    applyDocumentLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(directionOf('ar')).toBe('rtl');
  });
});
