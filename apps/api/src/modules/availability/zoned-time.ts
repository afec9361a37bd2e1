/**
 * Wall-clock times of an IANA zone ↔ instants, through Intl (the runtime's tzdata; no tables of our own).
 * A local date is 'YYYY-MM-DD'; a local time is minutes after midnight.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Wall clocks already read, by zone and whole second: a week's slots ask Intl for the same instants on every request
 * (formatToParts was a fifth of a slots request's CPU). Emptied when large; the tzdata does not change while running.
 */
const wallClocks = new Map<string, Map<number, number>>();
const wallClocksPerZone = 50_000;

/** The zone's wall clock at an instant, as the milliseconds of the same wall clock read as UTC (to the second). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const second = Math.floor(instantMs / 1000);
  let known = wallClocks.get(timeZone);
  if (!known) wallClocks.set(timeZone, (known = new Map()));
  const kept = known.get(second);
  if (kept !== undefined) return kept;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(second * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  if (known.size >= wallClocksPerZone) known.clear();
  known.set(second, wall);
  return wall;
}

/** The zone's offset from UTC at an instant, in milliseconds (Cairo: +2 h, +3 h in summer time). */
export function offsetAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** Midnight of a local date read as UTC (the arithmetic base of local dates). */
const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The instant of a local date and time in the zone. A wall-clock time the clocks skip (spring forward) does not
 * exist: null. One that occurs twice (fall back) is its first occurrence, so it names one instant only.
 */
export function instantOf(date: string, minutes: number, timeZone: string): number | null {
  const wall = dateMs(date) + minutes * 60_000;
  // The offsets in force around that wall-clock time: a transition changes it at most once within a day.
  const candidates = [...new Set([offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)])]
    .map((offset) => wall - offset)
    .filter((instant) => wallClockMs(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/** Texts already written, by zone and whole second: the same slots' instants are written on every request. */
const zonedTexts = new Map<string, Map<number, string>>();

/** ISO 8601 of an instant with the zone's offset then: 2026-04-24T09:00:00+03:00. */
export function zonedIso(instantMs: number, timeZone: string): string {
  const second = Math.floor(instantMs / 1000);
  let known = zonedTexts.get(timeZone);
  if (!known) zonedTexts.set(timeZone, (known = new Map()));
  let text = known.get(second);
  if (text === undefined) {
    text = zonedText(instantMs, timeZone);
    if (known.size >= wallClocksPerZone) known.clear();
    known.set(second, text);
  }
  return text;
}

function zonedText(instantMs: number, timeZone: string): string {
  const offset = offsetAt(instantMs, timeZone);
  const local = new Date(Math.floor(instantMs / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60_000;
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The local date of an instant in the zone. */
export const localDateOf = (instantMs: number, timeZone: string): string =>
  new Date(wallClockMs(instantMs, timeZone)).toISOString().slice(0, 10);

/** A local date `days` later (or earlier). */
export const addDays = (date: string, days: number): string => new Date(dateMs(date) + days * 86_400_000).toISOString().slice(0, 10);

/** Days from `from` to `to` (local dates). */
export const daysBetween = (from: string, to: string): number => Math.round((dateMs(to) - dateMs(from)) / 86_400_000);

/** 0 Sunday … 6 Saturday of a local date. */
export const weekdayOf = (date: string): number => new Date(dateMs(date)).getUTCDay();

/** 'HH:MM[:SS]' → minutes after midnight. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes after midnight → 'HH:MM'. */
export const wallClockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
