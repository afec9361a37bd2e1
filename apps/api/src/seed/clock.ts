import type { Random } from './random';

/**
 * Time helpers relative to the seed's `now`. "Today" and "yesterday" are the parts of those days
 * that are today/yesterday both in UTC and in Cairo, so the home trends are right whichever of
 * the two calendars the server counts days in.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const TIME_ZONE = 'Africa/Cairo';

type Window = { start: number; end: number };

/** Milliseconds to add to a UTC instant to get Cairo's wall clock at that instant. */
function cairoOffsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

export class Clock {
  readonly now: Date;
  private readonly utcMidnight: number;
  private readonly cairoMidnight: number;
  /** Cairo's calendar date of `now`, at 00:00 UTC (a date holder, not an instant). */
  private readonly cairoDate: number;

  constructor(now: Date) {
    this.now = now;
    const t = now.getTime();
    this.utcMidnight = Math.floor(t / DAY_MS) * DAY_MS;
    const offset = cairoOffsetMs(now);
    this.cairoDate = Math.floor((t + offset) / DAY_MS) * DAY_MS;
    this.cairoMidnight = this.cairoDate - offset;
  }

  /** The part of the day `daysAgo` days back that is that day in both calendars (0 = today, up to now). */
  day(daysAgo: number): Window {
    const utcStart = this.utcMidnight - daysAgo * DAY_MS;
    const cairoStart = this.cairoMidnight - daysAgo * DAY_MS;
    const start = Math.max(utcStart, cairoStart);
    const end = Math.min(utcStart + DAY_MS, cairoStart + DAY_MS, this.now.getTime());
    return { start, end: Math.max(start, end) };
  }

  /** An instant before which nothing counts as "today" or "yesterday" in either calendar. */
  beforeYesterday(): number {
    return Math.min(this.utcMidnight, this.cairoMidnight) - DAY_MS;
  }

  /** A random instant within the day `daysAgo` days back (see `day`). */
  onDay(rng: Random, daysAgo: number): Date {
    const { start, end } = this.day(daysAgo);
    return new Date(start + Math.floor(rng.next() * (end - start)));
  }

  /** A random instant between `maxDays` days ago and the start of yesterday. */
  olderThanYesterday(rng: Random, maxDays: number): Date {
    const end = this.beforeYesterday();
    const start = this.now.getTime() - maxDays * DAY_MS;
    return new Date(Math.min(end - 1000, start + Math.floor(rng.next() * (end - start))));
  }

  /** A random instant between `from` and `to` (exclusive), never after now. */
  between(rng: Random, from: Date, to: Date): Date {
    const end = Math.min(to.getTime(), this.now.getTime());
    const start = Math.min(from.getTime(), end);
    return new Date(start + Math.floor(rng.next() * (end - start)));
  }

  /** Cairo wall-clock time `dayOffset` days from today's date, as 'YYYY-MM-DD HH:MM:SS'. */
  wallClock(dayOffset: number, hour: number, minute: number): string {
    const date = new Date(this.cairoDate + dayOffset * DAY_MS).toISOString().slice(0, 10);
    return `${date} ${pad(hour)}:${pad(minute)}:00`;
  }

  /** The instant of a Cairo wall-clock string produced by `wallClock` (offset of today). */
  instantOf(wallClock: string): Date {
    const wall = Date.parse(`${wallClock.replace(' ', 'T')}Z`);
    return new Date(wall - (this.cairoDate - this.cairoMidnight));
  }

  /** Cairo's calendar date `dayOffset` days from today, 'YYYY-MM-DD'. */
  date(dayOffset: number): string {
    return new Date(this.cairoDate + dayOffset * DAY_MS).toISOString().slice(0, 10);
  }

  daysAgo(days: number): Date {
    return new Date(this.now.getTime() - days * DAY_MS);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

export const iso = (date: Date) => date.toISOString();
