import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { cachedQueryRows } from '../../db/page-cache';
import { alias } from 'drizzle-orm/pg-core';
import { activeAppointmentStatuses, defaultProviderTimeZone } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { appointments } from '../../db/schema/appointments';
import { availabilityExceptions, availabilityHours, providerSchedules } from '../../db/schema/availability';
import { facilityUnitDoctors, facilityUnits, providers } from '../../db/schema/providers';
import { visible } from '../directory/visibility';
import type { ScheduleSettings, SlotFacility } from './slots';

const facility = alias(providers, 'facility');

/** Settings of a doctor without a schedule row: the table's defaults. */
export const defaultSchedule: ScheduleSettings = {
  time_zone: defaultProviderTimeZone,
  slot_minutes: 30,
  horizon_days: 30,
  min_notice_minutes: 60,
};

/**
 * The facility (and its unit) a range with a unit_id takes place at, as a slot names it: over facility_units and
 * providers joined as `facility`.
 */
export const unitFacility = sql<SlotFacility>`case when ${facilityUnits.id} is null then null else json_build_object('id', ${facility.id}, 'name_ar', ${facility.name_ar}, 'name_en', ${facility.name_en}, 'unit', json_build_object('id', ${facilityUnits.id}, 'name_ar', ${facilityUnits.name_ar}, 'name_en', ${facilityUnits.name_en})) end`;

export type HoursRow = { weekday: number; start_time: string; end_time: string; unit_id: number | null; facility: SlotFacility };
export type ExceptionRow = {
  on_date: string;
  start_time: string | null;
  end_time: string | null;
  unit_id: number | null;
  facility: SlotFacility;
};

/**
 * The doctor's taken time between two instants, over appointments named `a`: booked visits and holds not yet
 * expired (an expired hold is free even before the release job has run). Walks appointments_provider_time_idx.
 */
const busyOf = (a: SQL, doctorId: number, window: { from: string; to: string; now: string }) =>
  sql`${a}.provider_id = ${doctorId} and ${a}.starts_at < ${window.to}::timestamptz and ${a}.starts_at > ${window.from}::timestamptz - interval '1 day'
      and ${a}.ends_at > ${window.from}::timestamptz and ${a}.status in (${sql.join(
        activeAppointmentStatuses.map((status) => sql.raw(`'${status}'`)),
        sql`, `,
      )}) and (${a}.status = 'booked' or ${a}.hold_expires_at > ${window.now}::timestamptz)`;

export const availabilityRepository = {
  /** The app account's provider profile, if it has one. */
  providerOfAccount(db: Database, userId: number) {
    return db
      .select({ id: providers.id, kind: providers.kind })
      .from(providers)
      .where(eq(providers.user_id, userId))
      .then((rows) => rows[0]);
  },

  /**
   * A slots request's reads in one statement (a round trip cost more than these indexed reads): the doctor if the
   * public may book it on `day` (directory visibility) with its schedule (or the defaults), its weekly hours, and,
   * when `span` is given, its exceptions between two local dates and its taken time within a window of instants.
   */
  async slotsCalendar(
    db: Database,
    doctorId: number,
    day: string,
    span: { from: string; to: string; window: { from: string; to: string; now: string } } | null,
  ): Promise<{
    doctor: { id: number; schedule: ScheduleSettings } | null;
    hours: HoursRow[];
    exceptions: ExceptionRow[];
    busy: Array<{ starts_at: string; ends_at: string }>;
  }> {
    const [row] = await cachedQueryRows<{
      doctor: { id: number; time_zone: string | null; slot_minutes: number; horizon_days: number; min_notice_minutes: number } | null;
      hours: HoursRow[];
      exceptions: ExceptionRow[];
      busy: Array<{ starts_at: string; ends_at: string }>;
    }>(
      db,
      // Kept like a list's page while the tables it reads are unchanged (a week asked again within the minute `now`
      // is cut to), and run as one prepared statement: planning was most of its database time.
      ['slots_calendar', doctorId, day, span],
      () => sql`select
        (select json_build_object('id', ${providers.id}, 'time_zone', s.time_zone, 'slot_minutes', s.slot_minutes, 'horizon_days', s.horizon_days, 'min_notice_minutes', s.min_notice_minutes)
         from ${providers} left join ${providerSchedules} s on s.provider_id = ${providers.id}
         where ${providers.id} = ${doctorId} and ${visible(providers, 'doctor', day)}) as doctor,
        (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'start_time', h.start_time, 'end_time', h.end_time, 'unit_id', h.unit_id, 'facility', ${unitFacility}) order by h.weekday, h.start_time), '[]'::json)
         from ${availabilityHours} h left join ${facilityUnits} on ${facilityUnits.id} = h.unit_id left join ${providers} facility on facility.id = ${facilityUnits.facility_id}
         where h.provider_id = ${doctorId}) as hours,
        ${
          span === null
            ? sql`'[]'::json`
            : sql`(select coalesce(json_agg(json_build_object('on_date', e.on_date, 'start_time', e.start_time, 'end_time', e.end_time, 'unit_id', e.unit_id, 'facility', ${unitFacility}) order by e.on_date, e.start_time), '[]'::json)
                  from ${availabilityExceptions} e left join ${facilityUnits} on ${facilityUnits.id} = e.unit_id left join ${providers} facility on facility.id = ${facilityUnits.facility_id}
                  where e.provider_id = ${doctorId} and e.on_date >= ${span.from}::date and e.on_date <= ${span.to}::date)`
        } as exceptions,
        ${
          span === null
            ? sql`'[]'::json`
            : sql`(select coalesce(json_agg(json_build_object('starts_at', a.starts_at, 'ends_at', a.ends_at)), '[]'::json) from ${appointments} a
                  where ${busyOf(sql`a`, doctorId, span.window)})`
        } as busy`,
      { prepared: true },
    );
    const { doctor, ...calendar } = row!;
    if (!doctor) return { doctor: null, ...calendar };
    const { time_zone, slot_minutes, horizon_days, min_notice_minutes } = doctor;
    return {
      doctor: {
        id: doctor.id,
        schedule: time_zone === null ? defaultSchedule : { time_zone, slot_minutes, horizon_days, min_notice_minutes },
      },
      ...calendar,
    };
  },

  /** Whether this provider is a doctor (any status). */
  isDoctor(db: Database, id: number) {
    return db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.id, id), eq(providers.kind, 'doctor')))
      .then((rows) => rows.length > 0);
  },

  /** The units the doctor works in; of one facility only when `facilityId` is given. */
  doctorUnits(db: Database, doctorId: number, facilityId?: number) {
    return db
      .select({ id: facilityUnits.id })
      .from(facilityUnitDoctors)
      .innerJoin(facilityUnits, eq(facilityUnits.id, facilityUnitDoctors.unit_id))
      .where(
        and(eq(facilityUnitDoctors.doctor_id, doctorId), facilityId === undefined ? undefined : eq(facilityUnits.facility_id, facilityId)),
      )
      .then((rows) => rows.map((row) => row.id));
  },

  schedule(db: Database, doctorId: number): Promise<ScheduleSettings> {
    return db
      .select({
        time_zone: providerSchedules.time_zone,
        slot_minutes: providerSchedules.slot_minutes,
        horizon_days: providerSchedules.horizon_days,
        min_notice_minutes: providerSchedules.min_notice_minutes,
      })
      .from(providerSchedules)
      .where(eq(providerSchedules.provider_id, doctorId))
      .then((rows) => rows[0] ?? defaultSchedule);
  },

  hours(db: Database, doctorId: number): Promise<HoursRow[]> {
    return db
      .select({
        weekday: availabilityHours.weekday,
        start_time: availabilityHours.start_time,
        end_time: availabilityHours.end_time,
        unit_id: availabilityHours.unit_id,
        facility: unitFacility,
      })
      .from(availabilityHours)
      .leftJoin(facilityUnits, eq(facilityUnits.id, availabilityHours.unit_id))
      .leftJoin(facility, eq(facility.id, facilityUnits.facility_id))
      .where(eq(availabilityHours.provider_id, doctorId))
      .orderBy(asc(availabilityHours.weekday), asc(availabilityHours.start_time));
  },

  exceptions(db: Database, doctorId: number, from: string, to?: string): Promise<ExceptionRow[]> {
    return db
      .select({
        on_date: availabilityExceptions.on_date,
        start_time: availabilityExceptions.start_time,
        end_time: availabilityExceptions.end_time,
        unit_id: availabilityExceptions.unit_id,
        facility: unitFacility,
      })
      .from(availabilityExceptions)
      .leftJoin(facilityUnits, eq(facilityUnits.id, availabilityExceptions.unit_id))
      .leftJoin(facility, eq(facility.id, facilityUnits.facility_id))
      .where(
        and(
          eq(availabilityExceptions.provider_id, doctorId),
          gte(availabilityExceptions.on_date, from),
          to === undefined ? undefined : lte(availabilityExceptions.on_date, to),
        ),
      )
      .orderBy(asc(availabilityExceptions.on_date), asc(availabilityExceptions.start_time));
  },

  /**
   * Replaces a doctor's settings and weekly hours: all of them (the doctor's own call), or those at `units` only
   * (a facility's call for its units). In the caller's transaction.
   */
  async replaceHours(
    tx: Database,
    doctorId: number,
    settings: Partial<ScheduleSettings> & Pick<ScheduleSettings, 'slot_minutes' | 'horizon_days'>,
    rows: Array<{ weekday: number; start: string; end: string; unit_id: number | null }>,
    units?: number[],
  ) {
    await tx
      .insert(providerSchedules)
      .values({ provider_id: doctorId, ...settings })
      .onConflictDoUpdate({ target: providerSchedules.provider_id, set: { ...settings, updated_at: sql`now()` } });
    await tx
      .delete(availabilityHours)
      .where(
        and(
          eq(availabilityHours.provider_id, doctorId),
          units === undefined ? undefined : units.length === 0 ? sql`false` : inArray(availabilityHours.unit_id, units),
        ),
      );
    if (rows.length > 0)
      await tx.insert(availabilityHours).values(
        rows.map((row) => ({
          provider_id: doctorId,
          weekday: row.weekday,
          start_time: row.start,
          end_time: row.end,
          unit_id: row.unit_id,
        })),
      );
  },

  /** Replaces a date's exception rows (none given: a day off, kept as one row without times). */
  async replaceException(
    tx: Database,
    doctorId: number,
    date: string,
    ranges: Array<{ start: string; end: string }>,
    unitId: number | null,
  ) {
    await tx
      .delete(availabilityExceptions)
      .where(and(eq(availabilityExceptions.provider_id, doctorId), eq(availabilityExceptions.on_date, date)));
    const rows =
      ranges.length === 0
        ? [{ provider_id: doctorId, on_date: date, start_time: null, end_time: null, unit_id: unitId }]
        : ranges.map((range) => ({ provider_id: doctorId, on_date: date, start_time: range.start, end_time: range.end, unit_id: unitId }));
    await tx.insert(availabilityExceptions).values(rows);
  },

  /** Removes a date's exception: the day follows the weekly hours again. True when there was one. */
  removeException(tx: Database, doctorId: number, date: string) {
    return tx
      .delete(availabilityExceptions)
      .where(and(eq(availabilityExceptions.provider_id, doctorId), eq(availabilityExceptions.on_date, date)))
      .returning({ id: availabilityExceptions.id })
      .then((rows) => rows.length > 0);
  },
};
