import { intlLocaleOf, resolveLanguage } from '../../lib/language';

/**
 * `appointment_time` is a wall-clock 'YYYY-MM-DD HH:MM:SS' (spec §3: characters 1-10 are the date,
 * 12-19 the time of day). It is read as text, never through `new Date(value)`, so the browser's
 * time zone cannot move the visit to another hour or day.
 */
export function splitAppointmentTime(value: string): { date: string; time: string } {
  return { date: value.slice(0, 10), time: value.slice(11, 19) };
}

/** 'DD Month YYYY': '01 May 2026' in English, '٠١ مايو ٢٠٢٦' in Arabic; the raw date if unreadable. */
export function formatVisitDay(value: string, lng: string): string {
  const { date } = splitAppointmentTime(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const instant = new Date(Date.UTC(year, month - 1, day));
  if (instant.getUTCMonth() !== month - 1 || instant.getUTCDate() !== day) return date;
  const parts = new Intl.DateTimeFormat(intlLocaleOf(resolveLanguage(lng)), {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** The visit's hour in 12-hour form with its half of the day (minutes are not shown); null if unreadable. */
export function visitHour(value: string): { hour: number; period: 'am' | 'pm' } | null {
  const match = /^(\d{2}):\d{2}(:\d{2})?$/.exec(splitAppointmentTime(value).time);
  if (!match) return null;
  const hour24 = Number(match[1]);
  if (hour24 > 23) return null;
  return { hour: hour24 % 12 === 0 ? 12 : hour24 % 12, period: hour24 < 12 ? 'am' : 'pm' };
}

/** 'website' is paid online (spec §3); anything else is cash. */
export const paymentOf = (type: string): 'online' | 'cash' => (type === 'website' ? 'online' : 'cash');
