import { describe, expect, it } from 'vitest';
import { commonMessages, fieldName, localized, translate } from './messages';
import { authMessages } from '../auth/auth-service';

describe('message interpolation', () => {
  it('writes numbers with the language digits', () => {
    const message = { en: 'Account {id} has {count} rows.', ar: 'الحساب {id} فيه {count} صفًا.' };
    expect(translate(message, 'en', { id: 12345, count: 1500 })).toBe('Account 12345 has 1,500 rows.');
    expect(translate(message, 'ar', { id: 12345, count: 1500 })).toBe('الحساب ١٢٣٤٥ فيه ١٬٥٠٠ صفًا.');
  });

  it('chooses the plural form of the language: six in Arabic, two in English', () => {
    const wait = (seconds: number, language: 'en' | 'ar') => translate(authMessages.throttled, language, { seconds });
    expect(wait(1, 'en')).toBe('Too many login attempts. Please try again in 1 second.');
    expect(wait(5, 'en')).toBe('Too many login attempts. Please try again in 5 seconds.');
    expect(wait(1, 'ar')).toContain('بعد ثانية واحدة.');
    expect(wait(2, 'ar')).toContain('بعد ثانيتين.');
    expect(wait(5, 'ar')).toContain('بعد ٥ ثوانٍ.');
    expect(wait(11, 'ar')).toContain('بعد ١١ ثانية.');
    expect(wait(100, 'ar')).toContain('بعد ١٠٠ ثانية.');
    expect(wait(5, 'ar')).not.toMatch(/\d/);
  });

  it('counts the other errors of a 422 summary in both languages', () => {
    const more = (count: number, language: 'en' | 'ar') => translate(commonMessages.andMoreErrors, language, { count });
    expect(more(1, 'en')).toBe('(and 1 more error)');
    expect(more(2, 'en')).toBe('(and 2 more errors)');
    expect(more(1, 'ar')).toBe('(وخطأ آخر)');
    expect(more(2, 'ar')).toBe('(وخطآن آخران)');
    expect(more(3, 'ar')).toBe('(و٣ أخطاء أخرى)');
    expect(more(12, 'ar')).toBe('(و١٢ خطأً آخر)');
  });

  it('translates field names inside Arabic sentences and isolates the ones it cannot', () => {
    const message = { en: 'The field "{field}" cannot be changed.', ar: 'لا يمكن تعديل الحقل «{field}».' };
    expect(localized(message, { field: fieldName('whatsapp_phone') })).toEqual({
      en: 'The field "whatsapp_phone" cannot be changed.',
      ar: 'لا يمكن تعديل الحقل «رقم واتساب».',
    });
    expect(translate(message, 'ar', { field: fieldName('is_admin') })).toBe('لا يمكن تعديل الحقل «\u2068is_admin\u2069».');
  });

  it('leaves unknown placeholders and non-numeric plurals as they are', () => {
    expect(translate({ en: 'Hello {name}', ar: 'مرحبًا {name}' }, 'ar')).toBe('مرحبًا {name}');
    expect(translate(commonMessages.andMoreErrors, 'en', { count: 'x' })).toContain('{count, plural');
  });
});
