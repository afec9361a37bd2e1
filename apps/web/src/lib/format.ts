import { intlLocaleOf, resolveLanguage } from './language';

export function formatNumber(value: number, lng: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocaleOf(resolveLanguage(lng)), options).format(value);
}

export function formatDate(value: string | Date, lng: string, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocaleOf(resolveLanguage(lng)), options).format(date);
}
