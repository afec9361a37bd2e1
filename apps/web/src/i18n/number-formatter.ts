import type { FormatterModule } from 'i18next';
import { formatNumber } from '../lib/format';
import { fallbackLanguage } from '../lib/language';

/**
 * i18next's formatter, so that every number put into a message is written by lib/format.ts: `{{count}}`
 * and `{{count, number}}` both give ١٢ in Arabic and 12 in English, whoever forgot to format it first.
 * With `interpolation.alwaysFormat` this runs for every value; anything but a number passes untouched
 * (dates and amounts arrive already formatted, names and emails are not numbers). Values named …id
 * (an account number, a record id) are written without grouping, as the API's messages do.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value: string | number, format?: string, lng?: string, options?: Record<string, unknown>): string {
    // i18next hands over each value as the caller passed it (any type): only numbers are written here.
    if (typeof value !== 'number' || (format && format !== 'number')) return value as string;
    const id = /id$/i.test(String(options?.interpolationkey ?? ''));
    return formatNumber(value, lng ?? fallbackLanguage, id ? { useGrouping: false } : undefined);
  },
};
