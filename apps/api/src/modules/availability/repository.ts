import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
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

/** The facility (and its unit) a range with a unit_id takes place at, as a slot names it. */
const unitFacility = sql<SlotFacility>`case when ${facilityUnits.id} is null then null else json_build_object('id', ${facility.id}, 'name_ar', ${facility.name_ar}, 'name_en', ${facility.name_en}, 'unit', json_build_object('id', ${facilityUnits.id}, 'name_ar', ${facilityUnits.name_ar}, 'name_en', ${facilityUnits.name_en})) end`;

export type HoursRow = { weekday: number; start_time: string; end_time: string; unit_id: number | null; facility: SlotFacility };
export type ExceptionRow = {
  on_date: string;
  start_time: string | null;
  end_time: string | null;
  unit_id: number | null;
  facility: SlotFacility;
};

export const availabilityRepository = {
  /** The app account's provider profile, if it has one. */
  providerOfAccount(db: Database, userId: number) {
    return db
      .select({ id: providers.id, kind: providers.kind })
      .from(providers)
      .where(eq(providers.user_id, userId))
      .then((rows) => rows[0]);
  },

  /** A doctor the public may book on `day` (directory visibility), with its fee. */
  bookableDoctor(db: Database, id: number, day: string) {
    return db
      .select({ id: providers.id, name_ar: providers.name_ar, name_en: providers.name_en, consultation_fee: providers.consultation_fee })
      .from(providers)
      .where(and(eq(providers.id, id), visible(providers, 'doctor', day)))
      .then((rows) => rows[0]);
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
   * The doctor's taken time between two instants: booked visits and holds not yet expired (an expired hold is free
   * even before the release job has run). Walks appointments_provider_time_idx.
   */
  busy(db: Database, doctorId: number, from: string, to: string, now: string) {
    return db
      .select({ starts_at: appointments.starts_at, ends_at: appointments.ends_at })
      .from(appointments)
      .where(
        and(
          eq(appointments.provider_id, doctorId),
          sql`${appointments.starts_at} < ${to}::timestamptz`,
          sql`${appointments.starts_at} > ${from}::timestamptz - interval '1 day'`,
          sql`${appointments.ends_at} > ${from}::timestamptz`,
          inArray(appointments.status, activeAppointmentStatuses),
          or(eq(appointments.status, 'booked'), sql`${appointments.hold_expires_at} > ${now}::timestamptz`),
        ),
      );
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
