import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatTime,
  localizeDigits,
} from './format';

const nbsp = '\u00a0';

describe('format', () => {
  it('writes numbers with the language digits', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    expect(formatNumber(7, 'fr')).toBe('7');
  });

  it('writes money in one order per language: EGP 149 / ١٤٩ ج.م', () => {
    expect(formatMoney(149, 'en')).toBe(`EGP${nbsp}149`);
    expect(formatMoney(149, 'ar')).toBe(`١٤٩${nbsp}ج.م`);
    expect(formatMoney(149.5, 'en')).toBe(`EGP${nbsp}149.5`);
    expect(formatMoney(1499.999, 'en')).toBe(`EGP${nbsp}1,500`);
    expect(formatMoney(12000, 'en', { compact: true })).toBe(`EGP${nbsp}12K`);
    expect(formatMoney(12000, 'ar', { compact: true })).toMatch(/^١٢.*ج\.م$/);
  });

  it('writes percentages', () => {
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatPercent(0.5, 'ar')).toMatch(/٥٠/);
  });

  it('has one style per kind: date, date-time and time', () => {
    const instant = '2026-05-01T14:30:00Z';
    expect(formatDate(instant, 'en', { timeZone: 'UTC' })).toBe('May 1, 2026');
    expect(formatDate('2026-05-01', 'en')).toBe('May 1, 2026');
    expect(formatDate('2026-05-01', 'ar')).toContain('مايو');
    expect(formatDate('2026-05-01', 'ar')).toContain('٢٠٢٦');
    expect(formatDateTime(instant, 'en', { timeZone: 'UTC' })).toBe('May 1, 2026, 2:30 PM');
    expect(formatTime(instant, 'en', { timeZone: 'UTC' })).toBe('2:30 PM');
    expect(formatTime(instant, 'ar', { timeZone: 'UTC' })).toMatch(/٢:٣٠/);
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('keeps a calendar date on its day in every time zone', () => {
    // Date-only strings are formatted in UTC, so a browser west of Greenwich still shows the 1st.
    expect(formatDate('2026-01-01', 'en')).toBe('Jan 1, 2026');
  });

  it('writes relative times in both languages', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(formatRelativeTime('2026-05-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-05-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-05-12T12:00:00Z', 'en', now)).toBe('in 2 days');
    expect(formatRelativeTime('2026-05-10T09:00:00Z', 'ar', now)).toBe('قبل ٣ ساعات');
    expect(formatRelativeTime('2026-05-09T12:00:00Z', 'ar', now)).toBe('أمس');
  });

  it('turns the digits of an Arabic message into Arabic-Indic, not those of emails, phones or Latin words', () => {
    expect(localizeDigits('حاول مرة أخرى بعد 5 ثوانٍ.', 'ar')).toBe('حاول مرة أخرى بعد ٥ ثوانٍ.');
    expect(localizeDigits('(و2 أخطاء أخرى)', 'ar')).toBe('(و٢ أخطاء أخرى)');
    expect(localizeDigits('user2@sehha.test +201001234567 H2O', 'ar')).toBe('user2@sehha.test +201001234567 H2O');
    expect(localizeDigits('after 5 seconds', 'en')).toBe('after 5 seconds');
    // A masked phone (the notifications list's) keeps one script of digits on both sides of its dots.
    expect(localizeDigits('سيُعاد إرسال «قبول» إلى +2011••••4753', 'ar')).toBe('سيُعاد إرسال «قبول» إلى +2011••••4753');
  });
});
