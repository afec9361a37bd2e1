import { describe, expect, it } from 'vitest';
import i18n from '.';

const ar = i18n.getFixedT('ar');
const en = i18n.getFixedT('en');

describe('numbers inside messages', () => {
  it('are written with Arabic-Indic digits in Arabic, whether or not the caller formatted them', () => {
    expect(ar('common:pagination.pageOf', { page: 3, total: 1250 })).toBe('صفحة ٣ من ١٬٢٥٠');
    expect(en('common:pagination.pageOf', { page: 3, total: 1250 })).toBe('Page 3 of 1,250');
    // A count chooses the plural form and is written in the language's digits.
    expect(ar('prescriptions:imageDeletedAfterReply', { count: 7 })).toBe('حُذفت الصورة بعد ٧ أيام من الرد');
    expect(ar('prescriptions:imageDeletedAfterReply', { count: 11 })).toBe('حُذفت الصورة بعد ١١ يومًا من الرد');
    expect(en('prescriptions:imageDeletedAfterReply', { count: 7 })).toContain(' 7 ');
    expect(i18n.t('common:pagination.atLeast', { lng: 'ar', count: 10000 })).toBe('أكثر من ١٠٬٠٠٠');
  });

  it('honour an explicit {{value, number}} and leave texts, dates and ids alone', () => {
    expect(i18n.services.interpolator.interpolate('{{n, number}} / {{n}}', { n: 42 }, 'ar', {})).toBe('٤٢ / ٤٢');
    // An id is a label, not a quantity: no thousands separator.
    expect(i18n.services.interpolator.interpolate('#{{recordId}}', { recordId: 12345 }, 'ar', {})).toBe('#١٢٣٤٥');
    // Strings (an email, an already formatted date) are never touched.
    expect(ar('common:accountMenu', { name: 'admin2@sehha.test' })).toBe('قائمة حساب admin2@sehha.test');
  });
});
