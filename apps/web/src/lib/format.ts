import { intlLocaleOf, resolveLanguage, type Language } from './language';

/**
 * The dashboard's one formatting module: every number, amount, date and relative time shown to an
 * admin goes through here, so one kind of value looks the same on every screen. Arabic uses the
 * ar-EG locale (Arabic-Indic digits, Arabic month names); English uses en-US.
 */

const locale = (lng: string) => intlLocaleOf(resolveLanguage(lng));

// Intl formatters are costly to build and tables format hundreds of cells: keep one per setting.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => F): F {
  let formatter = cache.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatNumber(value: number, lng: string, options?: Intl.NumberFormatOptions): string {
  const tag = locale(lng);
  return cached(`n|${tag}|${JSON.stringify(options ?? {})}`, () => new Intl.NumberFormat(tag, options)).format(value);
}

/** Currency label per language (spec §9: EGP in English, its Arabic equivalent in Arabic). */
export const currencyLabel: Record<Language, string> = { en: 'EGP', ar: 'ج.م' };

/**
 * An amount in Egyptian pounds, in the same order everywhere: `EGP 149` in English, `١٤٩ ج.م` in
 * Arabic; at most two decimals, none when whole. `compact` gives `EGP 12K` / `١٢ ألف ج.م` for axes.
 */
export function formatMoney(amount: number, lng: string, { compact = false }: { compact?: boolean } = {}): string {
  const language = resolveLanguage(lng);
  const number = formatNumber(amount, language, compact ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 2 });
  // A no-break space keeps the amount and its currency on one line.
  return language === 'ar' ? `${number}\u00a0${currencyLabel.ar}` : `${currencyLabel.en}\u00a0${number}`;
}

export function formatPercent(ratio: number, lng: string): string {
  return formatNumber(ratio, lng, { style: 'percent', maximumFractionDigits: 1 });
}

/** A calendar date without time ('2026-05-01'): read as that day, whatever the browser's time zone. */
const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const match = dateOnly.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Spelled-out fields rather than dateStyle: ar-EG's 'medium' style is all digits (٠١/٠٥/٢٠٢٦).
const dateFields: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const timeFields: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** Date-only values are shown in UTC (their day never shifts); instants in the dashboard's time zone. */
const zoneOf = (value: string | Date) => (typeof value === 'string' && dateOnly.test(value) ? 'UTC' : undefined);

function formatWith(value: string | Date, lng: string, kind: string, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(value);
  if (!date) return String(value);
  const tag = locale(lng);
  const timeZone = options.timeZone ?? zoneOf(value);
  return cached(
    `d|${tag}|${kind}|${timeZone ?? ''}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(tag, { ...options, timeZone }),
  ).format(date);
}

/**
 * A date: '1 May 2026' style ('May 1, 2026' / '١ مايو ٢٠٢٦'). The one date style of the dashboard;
 * `options` remain for charts' axis ticks, which need a shorter form.
 */
export function formatDate(value: string | Date, lng: string, options?: Intl.DateTimeFormatOptions): string {
  const ownStyle = options && Object.keys(options).some((key) => key !== 'timeZone');
  return formatWith(value, lng, 'date', ownStyle ? options : { ...dateFields, ...options });
}

/** A date and time of day: 'May 1, 2026, 2:30 PM' / '١ مايو ٢٠٢٦، ٢:٣٠ م'. */
export function formatDateTime(value: string | Date, lng: string, options?: Pick<Intl.DateTimeFormatOptions, 'timeZone'>): string {
  return formatWith(value, lng, 'date-time', { ...dateFields, ...timeFields, ...options });
}

/** A time of day: '2:30 PM' / '٢:٣٠ م'. */
export function formatTime(value: string | Date, lng: string, options?: Pick<Intl.DateTimeFormatOptions, 'timeZone'>): string {
  return formatWith(value, lng, 'time', { ...timeFields, ...options });
}

const relativeSteps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.34524],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '3 hours ago', 'yesterday', 'in 2 days' / 'قبل ٣ ساعات', 'أمس', 'خلال يومين'. */
export function formatRelativeTime(value: string | Date, lng: string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const tag = locale(lng);
  const formatter = cached(`r|${tag}`, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) return formatter.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatter.format(Math.round(amount), 'year');
}

const arabicIndic = '٠١٢٣٤٥٦٧٨٩';

/**
 * Western digits of a message written in Arabic turned into Arabic-Indic ones (e.g. a count the
 * server composed). Digits inside Latin words, emails, URLs and phone numbers (+2010…, masked +2010••••4321) are kept.
 */
export function localizeDigits(text: string, lng: string): string {
  if (resolveLanguage(lng) !== 'ar') return text;
  return text.replace(
    /(^|[^\p{Script=Latin}\d@+.:/\-_•])(\d+)(?![\p{Script=Latin}\d@:/_•-]|\.[\p{Script=Latin}\d])/gu,
    (_, before: string, digits: string) => before + digits.replace(/\d/g, (d) => arabicIndic[Number(d)]!),
  );
}

/** A number typed with either digits (Arabic-Indic or Western, e.g. "١٢" or "12"), or null when it is not one. */
export function parseTypedNumber(text: string): number | null {
  const western = text.trim().replace(/[٠-٩]/g, (d) => String(arabicIndic.indexOf(d)));
  return /^\d+$/.test(western) ? Number(western) : null;
}
