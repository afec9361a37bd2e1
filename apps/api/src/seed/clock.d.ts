import type { Random } from './random';
/**
 * Time helpers relative to the seed's `now`. "Today" and "yesterday" are the parts of those days
 * that are today/yesterday both in UTC and in Cairo, so the home trends are right whichever of
 * the two calendars the server counts days in.
 */
export declare const HOUR_MS = 3600000;
export declare const DAY_MS: number;
export declare const TIME_ZONE = "Africa/Cairo";
type Window = {
    start: number;
    end: number;
};
export declare class Clock {
    readonly now: Date;
    private readonly utcMidnight;
    private readonly cairoMidnight;
    /** Cairo's calendar date of `now`, at 00:00 UTC (a date holder, not an instant). */
    private readonly cairoDate;
    constructor(now: Date);
    /** The part of the day `daysAgo` days back that is that day in both calendars (0 = today, up to now). */
    day(daysAgo: number): Window;
    /** An instant before which nothing counts as "today" or "yesterday" in either calendar. */
    beforeYesterday(): number;
    /** A random instant within the day `daysAgo` days back (see `day`). */
    onDay(rng: Random, daysAgo: number): Date;
    /** A random instant between `maxDays` days ago and the start of yesterday. */
    olderThanYesterday(rng: Random, maxDays: number): Date;
    /** A random instant between `from` and `to` (exclusive), never after now. */
    between(rng: Random, from: Date, to: Date): Date;
    /** Cairo wall-clock time `dayOffset` days from today's date, as 'YYYY-MM-DD HH:MM:SS'. */
    wallClock(dayOffset: number, hour: number, minute: number): string;
    /** The instant of a Cairo wall-clock string produced by `wallClock` (offset of today). */
    instantOf(wallClock: string): Date;
    /** Cairo's calendar date `dayOffset` days from today, 'YYYY-MM-DD'. */
    date(dayOffset: number): string;
    daysAgo(days: number): Date;
}
export declare const iso: (date: Date) => string;
export {};
