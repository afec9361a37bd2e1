import type { Availability, AvailabilityExceptionInput, AvailabilityHoursInput } from '@sehha/contract/availability';
import { availabilityMessages as messages, maxSlotDays } from '@sehha/contract/availability';
import type { Message } from '@sehha/contract/messages';
import { recordAudit } from '../../audit/audit-log';
import type { AppAccount } from '../../auth/app-auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { HttpError, ValidationError } from '../../http/errors';
import { localized } from '../../i18n/messages';
import { availabilityRepository as repository, type ExceptionRow, type HoursRow } from './repository';
import { computeSlots, presentSlot, type DayRange, type ScheduleSettings, type WeeklyRange } from './slots';
import { addDays, daysBetween, localDateOf, minutesOf } from './zoned-time';

const weeklyRanges = (rows: HoursRow[]): WeeklyRange[] =>
  rows.map((row) => ({ weekday: row.weekday, start: minutesOf(row.start_time), end: minutesOf(row.end_time), facility: row.facility }));

/** A date's exception rows as its ranges: a day-off row (no times) gives none. */
function exceptionRanges(rows: ExceptionRow[]): Map<string, DayRange[]> {
  const byDate = new Map<string, DayRange[]>();
  for (const row of rows) {
    const ranges = byDate.get(row.on_date) ?? [];
    if (row.start_time !== null && row.end_time !== null)
      ranges.push({ start: minutesOf(row.start_time), end: minutesOf(row.end_time), facility: row.facility });
    byDate.set(row.on_date, ranges);
  }
  return byDate;
}

/** Instants as the database takes them. */
const iso = (ms: number) => new Date(ms).toISOString();

/** Whether an instant can be a slot at all: beyond the longest horizon (or past) it is not, and no date the database could not hold. */
export const plausibleSlot = (starts: number, now: number) => starts > now - 86_400_000 && starts < now + 366 * 86_400_000;

/**
 * The slot starting at this instant among a doctor's schedule, weekly hours and exceptions already read (those of
 * other dates are ignored), taken or not, or undefined: not a slot, past, inside the minimum notice, beyond the horizon.
 */
export function slotAmong(schedule: ScheduleSettings, hours: HoursRow[], exceptions: ExceptionRow[], starts: number, now: number) {
  const date = localDateOf(starts, schedule.time_zone);
  const [day] = computeSlots({
    settings: schedule,
    weekly: weeklyRanges(hours),
    exceptions: exceptionRanges(exceptions.filter((row) => row.on_date === date)),
    busy: [],
    now,
    from: date,
    to: date,
  });
  const slot = day?.slots.find((candidate) => candidate.starts === starts);
  return slot && { ...slot, schedule };
}

/**
 * The slot of the doctor's availability starting at this instant (taken or not: a taken one is the database's to
 * refuse, with a 409), or undefined: not a slot, past, inside the minimum notice, beyond the horizon.
 */
export async function findSlot(db: Database, doctorId: number, starts: number, now: number) {
  if (!plausibleSlot(starts, now)) return undefined;
  const schedule = await repository.schedule(db, doctorId);
  const date = localDateOf(starts, schedule.time_zone);
  const [hours, exceptions] = await Promise.all([repository.hours(db, doctorId), repository.exceptions(db, doctorId, date, date)]);
  return slotAmong(schedule, hours, exceptions, starts, now);
}

type Problems = Record<string, Message[]>;

/** The last date PostgreSQL's date and the ISO format both hold. */
const lastDate = '9999-12-31';

/** A week from `from` when no end is asked, within the last date. */
const defaultTo = (from: string) => (from < lastDate ? addDays(from, Math.min(6, daysBetween(from, lastDate))) : from);
const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);

/** Ranges of one weekday (or date) that overlap: the index of the later one. */
function overlapping(rows: Array<{ key: number | string; start: string; end: string }>): number[] {
  const indexed = rows
    .map((row, index) => ({ ...row, index }))
    .sort((a, b) => (a.key === b.key ? a.start.localeCompare(b.start) : String(a.key).localeCompare(String(b.key))));
  const found: number[] = [];
  // The latest end so far of the key's ranges: a range starting before it overlaps one of them.
  let latestEnd = '';
  indexed.forEach((current, i) => {
    if (i > 0 && indexed[i - 1]!.key !== current.key) latestEnd = '';
    if (current.start < latestEnd) found.push(current.index);
    if (current.end > latestEnd) latestEnd = current.end;
  });
  return found;
}

/** `timeZone`: the platform's (APP_TIMEZONE), whose date decides whether a doctor's license is valid today. */
export function createAvailabilityService(db: Database, clock: Clock, timeZone: string) {
  /**
   * Whose hours the account may set: a doctor its own (unit_id: one of its units), a hospital or medical center
   * those of a doctor of its units (unit_id required, one of its units where the doctor works).
   */
  async function target(account: AppAccount, doctorId: number | undefined) {
    const provider = await repository.providerOfAccount(db, account.id);
    if (!provider) throw new HttpError(409, messages.noProfile);
    if (provider.kind === 'doctor') {
      if (doctorId !== undefined && doctorId !== provider.id) throw new ValidationError({ doctor_id: [messages.doctorNotYours] });
      return { doctorId: provider.id, units: await repository.doctorUnits(db, provider.id), facility: false };
    }
    if (doctorId === undefined) throw new ValidationError({ doctor_id: [messages.doctorRequired] });
    const units = await repository.doctorUnits(db, doctorId, provider.id);
    if (units.length === 0) throw new ValidationError({ doctor_id: [messages.doctorNotYours] });
    return { doctorId, units, facility: true };
  }

  async function present(doctorId: number): Promise<Availability> {
    const schedule = await repository.schedule(db, doctorId);
    const today = localDateOf(clock().getTime(), schedule.time_zone);
    const [hours, exceptions] = await Promise.all([repository.hours(db, doctorId), repository.exceptions(db, doctorId, today)]);
    const byDate = new Map<string, Availability['exceptions'][number]>();
    for (const row of exceptions) {
      const entry = byDate.get(row.on_date) ?? { date: row.on_date, ranges: [], unit_id: row.unit_id };
      if (row.start_time && row.end_time) entry.ranges.push({ start: row.start_time.slice(0, 5), end: row.end_time.slice(0, 5) });
      byDate.set(row.on_date, entry);
    }
    return {
      doctor_id: doctorId,
      ...schedule,
      hours: hours.map((row) => ({
        weekday: row.weekday,
        start: row.start_time.slice(0, 5),
        end: row.end_time.slice(0, 5),
        unit_id: row.unit_id,
      })),
      exceptions: [...byDate.values()],
    };
  }

  return {
    /** The free slots of a visible doctor, by local date (at most 31 days). */
    async slots(doctorId: number, query: { from?: string | undefined; to?: string | undefined }) {
      const now = clock().getTime();
      // One statement reads the doctor and its calendar, before the doctor's zone is known: the dates read are those
      // asked, or around UTC's today for the defaults (any zone's today is within a day of it), clipped to the days
      // that can hold a slot; a span longer than any answer is refused below, unread.
      const utcToday = iso(now).slice(0, 10);
      const readFrom = maxDate(query.from ?? addDays(utcToday, -1), addDays(utcToday, -2));
      const readTo = minDate(query.to ?? defaultTo(query.from ?? addDays(utcToday, 1)), addDays(utcToday, 367));
      const span =
        readFrom <= readTo && daysBetween(readFrom, readTo) <= maxSlotDays + 2
          ? {
              from: readFrom,
              to: readTo,
              // A day's instants lie within a day of its wall-clock midnight read as UTC, whatever the zone.
              window: {
                from: iso(Date.parse(`${readFrom}T00:00:00Z`) - 86_400_000),
                to: iso(Date.parse(`${addDays(readTo, 1)}T00:00:00Z`) + 86_400_000),
                // To the minute: the read is kept for the minute (a hold expiring within it counts as taken until then).
                now: iso(Math.floor(now / 60_000) * 60_000),
              },
            }
          : null;
      const calendar = await repository.slotsCalendar(db, doctorId, localDateOf(now, timeZone), span);
      if (!calendar.doctor) throw new HttpError(404, messages.doctorNotFound);
      const schedule = calendar.doctor.schedule;
      const today = localDateOf(now, schedule.time_zone);
      const from = query.from ?? today;
      const to = query.to ?? defaultTo(from);
      if (to < from) throw new ValidationError({ to: ['dateRangeInvalid'] });
      if (daysBetween(from, to) >= maxSlotDays)
        throw new ValidationError({ to: [localized(messages.rangeTooLong, { days: maxSlotDays })] });
      // Only days from yesterday to the longest horizon can hold a slot: others are answered empty.
      const first = maxDate(from, addDays(today, -1));
      const last = minDate(to, addDays(today, 366));
      const computed =
        first <= last
          ? computeSlots({
              settings: schedule,
              weekly: weeklyRanges(calendar.hours),
              exceptions: exceptionRanges(calendar.exceptions),
              busy: calendar.busy.map((row) => ({ starts: Date.parse(row.starts_at), ends: Date.parse(row.ends_at) })),
              now,
              from: first,
              to: last,
            })
          : [];
      const byDate = new Map(computed.map((day) => [day.date, day.slots]));
      const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, offset) => addDays(from, offset));
      return {
        doctor_id: doctorId,
        time_zone: schedule.time_zone,
        slot_minutes: schedule.slot_minutes,
        days: days.map((date) => ({ date, slots: (byDate.get(date) ?? []).map((slot) => presentSlot(slot, schedule.time_zone)) })),
      };
    },

    async get(account: AppAccount, doctorId: number | undefined) {
      return present((await target(account, doctorId)).doctorId);
    },

    async setHours(account: AppAccount, input: AvailabilityHoursInput) {
      const who = await target(account, input.doctor_id);
      const problems: Problems = {};
      input.hours.forEach((row, index) => {
        if (row.unit_id === undefined && who.facility) problems[`hours.${index}.unit_id`] = [messages.unitRequired];
        if (row.unit_id !== undefined && !who.units.includes(row.unit_id)) problems[`hours.${index}.unit_id`] = [messages.unitNotYours];
      });
      for (const index of overlapping(input.hours.map((row) => ({ key: row.weekday, start: row.start, end: row.end }))))
        problems[`hours.${index}.start`] = [messages.rangesOverlap];
      if (Object.keys(problems).length > 0) throw new ValidationError(problems);
      const settings = {
        slot_minutes: input.slot_minutes,
        horizon_days: input.horizon_days,
        ...(input.time_zone === undefined ? {} : { time_zone: input.time_zone }),
        ...(input.min_notice_minutes === undefined ? {} : { min_notice_minutes: input.min_notice_minutes }),
      };
      await db.transaction(async (tx) => {
        await repository.replaceHours(
          tx,
          who.doctorId,
          settings,
          input.hours.map((row) => ({ weekday: row.weekday, start: row.start, end: row.end, unit_id: row.unit_id ?? null })),
          who.facility ? who.units : undefined,
        );
        await recordAudit(tx, {
          actorId: account.id,
          action: 'set_hours',
          entity: 'provider_schedules',
          entityId: who.doctorId,
          after: input,
        });
      });
      return present(who.doctorId);
    },

    async setException(account: AppAccount, input: AvailabilityExceptionInput) {
      const who = await target(account, input.doctor_id);
      if (input.unit_id === undefined && who.facility) throw new ValidationError({ unit_id: [messages.unitRequired] });
      if (input.unit_id !== undefined && !who.units.includes(input.unit_id))
        throw new ValidationError({ unit_id: [messages.unitNotYours] });
      const ranges = input.ranges ?? [];
      const overlaps = overlapping(ranges.map((range) => ({ key: 0, ...range })));
      if (overlaps.length > 0)
        throw new ValidationError(Object.fromEntries(overlaps.map((index) => [`ranges.${index}.start`, [messages.rangesOverlap]])));
      await db.transaction(async (tx) => {
        await repository.replaceException(tx, who.doctorId, input.date, ranges, input.unit_id ?? null);
        await recordAudit(tx, {
          actorId: account.id,
          action: 'set_exception',
          entity: 'availability_exceptions',
          entityId: who.doctorId,
          after: input,
        });
      });
      return present(who.doctorId);
    },

    async removeException(account: AppAccount, date: string, doctorId: number | undefined) {
      const who = await target(account, doctorId);
      await db.transaction(async (tx) => {
        if (await repository.removeException(tx, who.doctorId, date))
          await recordAudit(tx, {
            actorId: account.id,
            action: 'remove_exception',
            entity: 'availability_exceptions',
            entityId: who.doctorId,
            before: { date },
          });
      });
      return present(who.doctorId);
    },
  };
}
