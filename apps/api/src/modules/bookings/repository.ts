import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { BookedAppointment, ProviderAppointment } from '@sehha/contract/bookings';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/database';
import { auditRowsOf, type AuditEntry } from '../../audit/audit-log';
import { toIsoRequired } from '../../db/dates';
import { namedRef } from '../../db/sql';
import { preparedRows } from '../../db/page-cache';
import { selectPage } from '../../db/paging';
import { countOf, withTotal, type Total } from '../../db/totals';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { paymentIntents } from '../../db/schema/payment-intents';
import { facilityUnits, providers } from '../../db/schema/providers';
import { providerTimeZone } from '../appointments/repository';
import { zonedIso } from '../availability/zoned-time';
import { unitFacility, type ExceptionRow, type HoursRow } from '../availability/repository';
import type { ScheduleSettings } from '../availability/slots';
import { visible } from '../directory/visibility';
import { availabilityExceptions, availabilityHours, providerSchedules } from '../../db/schema/availability';

/** What a booking request reads before it writes (see bookingRepository.context). */
export type BookingContext = {
  earlier: { id: number; request_hash: string | null } | null;
  doctor: { id: number; name_ar: string; name_en: string; consultation_fee: number | string | null } | null;
  schedule: ScheduleSettings | null;
  hours: HoursRow[];
  exceptions: ExceptionRow[];
  expired_holds: boolean;
};

const columns = {
  id: appointments.id,
  user_id: appointments.user_id,
  provider_id: appointments.provider_id,
  starts_at: appointments.starts_at,
  ends_at: appointments.ends_at,
  type: appointments.type,
  status: appointments.status,
  price: appointments.price,
  hold_expires_at: appointments.hold_expires_at,
  cancelled_by: appointments.cancelled_by,
  cancel_reason: appointments.cancel_reason,
  time_zone: sql<string>`${providerTimeZone}`.as('time_zone'),
  doctor: { id: providers.id, name_ar: providers.name_ar, name_en: providers.name_en },
  facility: namedRef(providers, appointments.facility_id),
  payment: sql<{
    url: string;
    expires_at: string;
    status: string;
  } | null>`(select json_build_object('url', pi.payment_url, 'expires_at', pi.expires_at, 'status', pi.status) from ${paymentIntents} pi where pi.appointment_id = ${appointments.id} order by pi.id desc limit 1)`.as(
    'payment',
  ),
  patient: { id: users.id, name: users.name, phone: users.phone },
};

type Row = {
  id: number;
  starts_at: string;
  ends_at: string;
  type: string;
  status: BookedAppointment['status'];
  price: number | null;
  hold_expires_at: string | null;
  cancelled_by: BookedAppointment['cancelled_by'];
  cancel_reason: string | null;
  time_zone: string;
  doctor: { id: number; name_ar: string; name_en: string };
  facility: { id: number; name_ar: string; name_en: string } | null;
  payment: { url: string; expires_at: string; status: string } | null;
  patient: { id: number; name: string | null; phone: string | null };
};

const zoned = (value: string, zone: string) => zonedIso(Date.parse(toIsoRequired(value)), zone);

/** A row as the apps read it: instants with the doctor's zone's offset; 'website' is `online`. */
export function presentBooking(row: Omit<Row, 'patient'>): BookedAppointment {
  return {
    id: row.id,
    doctor: row.doctor,
    facility: row.facility,
    starts_at: zoned(row.starts_at, row.time_zone),
    ends_at: zoned(row.ends_at, row.time_zone),
    type: row.type === 'website' ? 'online' : 'cash',
    status: row.status,
    price: row.price === null ? null : Number(row.price),
    hold_expires_at: row.hold_expires_at === null ? null : zoned(row.hold_expires_at, row.time_zone),
    cancelled_by: row.cancelled_by,
    cancel_reason: row.cancel_reason,
    payment: row.payment && { url: row.payment.url, expires_at: zoned(row.payment.expires_at, row.time_zone), status: row.payment.status },
  };
}

const presentForProvider = (row: Row): ProviderAppointment => ({ ...presentBooking(row), patient: row.patient });

function select(db: Database, total?: Total) {
  return db
    .select(total ? withTotal(columns, total) : columns)
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.provider_id))
    .innerJoin(users, eq(users.id, appointments.user_id))
    .$dynamic();
}

/** Whose visits a provider account sees: a doctor its own, a facility those at it. */
export type ProviderScope = { kind: 'doctor' | 'facility'; id: number };
const ofScope = (scope: ProviderScope): SQL =>
  scope.kind === 'doctor' ? eq(appointments.provider_id, scope.id) : eq(appointments.facility_id, scope.id);

export type LockedAppointment = { id: number; user_id: number; provider_id: number; status: string; starts_at: string };

export const bookingRepository = {
  /**
   * What a booking reads before it writes, in one statement (at national load each round trip cost more than these
   * indexed reads): the account's booking under this key, the doctor if bookable on `day`, its schedule and weekly
   * hours, its exceptions from the day before `around` to the day after (UTC dates: the caller keeps the visit's local
   * one; none when `around` is null), and whether it holds holds expired at `now` to release.
   */
  async context(
    db: Database,
    q: { userId: number; key: string; doctorId: number; day: string; around: string | null; now: string },
  ): Promise<BookingContext> {
    const exceptions =
      q.around === null
        ? sql`'[]'::json`
        : sql`(select coalesce(json_agg(json_build_object('on_date', e.on_date, 'start_time', e.start_time, 'end_time', e.end_time, 'unit_id', e.unit_id, 'facility', ${unitFacility})), '[]'::json)
              from ${availabilityExceptions} e left join ${facilityUnits} on ${facilityUnits.id} = e.unit_id left join ${providers} facility on facility.id = ${facilityUnits.facility_id}
              where e.provider_id = ${q.doctorId} and e.on_date between (${q.around}::timestamptz at time zone 'UTC')::date - 1 and (${q.around}::timestamptz at time zone 'UTC')::date + 1)`;
    // A named statement: its planning cost 4 times its run (docs/performance/api.md).
    const [row] = await preparedRows<BookingContext>(
      db,
      sql`select
        (select json_build_object('id', a.id, 'request_hash', a.request_hash) from ${appointments} a where a.user_id = ${q.userId} and a.idempotency_key = ${q.key}) as earlier,
        (select json_build_object('id', ${providers.id}, 'name_ar', ${providers.name_ar}, 'name_en', ${providers.name_en}, 'consultation_fee', ${providers.consultation_fee})
         from ${providers} where ${providers.id} = ${q.doctorId} and ${visible(providers, 'doctor', q.day)}) as doctor,
        (select json_build_object('time_zone', s.time_zone, 'slot_minutes', s.slot_minutes, 'horizon_days', s.horizon_days, 'min_notice_minutes', s.min_notice_minutes)
         from ${providerSchedules} s where s.provider_id = ${q.doctorId}) as schedule,
        (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'start_time', h.start_time, 'end_time', h.end_time, 'unit_id', h.unit_id, 'facility', ${unitFacility})), '[]'::json)
         from ${availabilityHours} h left join ${facilityUnits} on ${facilityUnits.id} = h.unit_id left join ${providers} facility on facility.id = ${facilityUnits.facility_id}
         where h.provider_id = ${q.doctorId}) as hours,
        ${exceptions} as exceptions,
        exists (select 1 from ${appointments} a where a.provider_id = ${q.doctorId} and a.status = 'held' and a.hold_expires_at <= ${q.now}::timestamptz) as expired_holds`,
    );
    return row!;
  },

  /** The account's booking sent with this Idempotency-Key, if any. */
  byKey(db: Database, userId: number, key: string) {
    return db
      .select({ id: appointments.id, request_hash: appointments.request_hash })
      .from(appointments)
      .where(and(eq(appointments.user_id, userId), eq(appointments.idempotency_key, key)))
      .then((rows) => rows[0]);
  },

  /**
   * Releases expired holds (held → cancelled by system; their checkouts expire): of one doctor before a booking,
   * or any (the release job). Rows another transaction holds are skipped (FOR UPDATE SKIP LOCKED), so processes
   * running the job at once never wait on each other or release a hold twice. Answers the released ids.
   */
  async releaseExpiredHolds(tx: Database, now: string, doctorId?: number, limit = 500): Promise<number[]> {
    const doctor = doctorId === undefined ? sql`` : sql`and provider_id = ${doctorId}`;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update ${appointments} set status = 'cancelled', cancelled_by = 'system', cancel_reason = 'payment not received in time', updated_at = now()
          where id in (select id from ${appointments} where status = 'held' and hold_expires_at <= ${now}::timestamptz ${doctor}
                       order by hold_expires_at limit ${limit} for update skip locked)
          returning id`,
    );
    return rows.map((row) => Number(row.id));
  },

  /**
   * Inserts a booking, its audit row and the rows `alongside` in one statement (one round trip, atomic alone: no
   * transaction of its own); answers the new id. The exclusion constraints refuse an overlap (23P01).
   */
  async insertAudited(
    db: Database,
    row: {
      user_id: number;
      provider_id: number;
      facility_id: number | null;
      starts_at: string;
      ends_at: string;
      type: 'website' | 'cash';
      status: 'held' | 'booked';
      price: number | null;
      hold_expires_at: string | null;
      idempotency_key: string;
      request_hash: string;
    },
    audit: Omit<AuditEntry, 'entityId' | 'entity'>,
    /** More rows of the booking, written by the same statement (a checkout): a CTE's body over `booked`. */
    alongside?: (booked: SQL) => SQL,
  ) {
    // A named statement too (two texts: with a checkout or without); in a transaction it runs as it is.
    const [inserted] = await preparedRows<{ id: string | number }>(
      db,
      sql`with booked as (
            insert into ${appointments} (user_id, provider_id, facility_id, starts_at, ends_at, type, status, price, hold_expires_at, idempotency_key, request_hash)
            values (${row.user_id}, ${row.provider_id}, ${row.facility_id}, ${row.starts_at}::timestamptz, ${row.ends_at}::timestamptz, ${row.type},
                    ${row.status}, ${row.price}, ${row.hold_expires_at}::timestamptz, ${row.idempotency_key}, ${row.request_hash})
            returning id),
          audited as (${auditRowsOf(sql`booked`, { ...audit, entity: 'appointments' })})${alongside ? sql`, alongside as (${alongside(sql`booked`)})` : sql``}
          select id from booked`,
    );
    return Number(inserted!.id);
  },

  async find(db: Database, id: number): Promise<BookedAppointment | undefined> {
    const [row] = await select(db).where(eq(appointments.id, id));
    return row && presentBooking(row as Row);
  },

  async findForProvider(db: Database, id: number): Promise<ProviderAppointment | undefined> {
    const [row] = await select(db).where(eq(appointments.id, id));
    return row && presentForProvider(row as Row);
  },

  /**
   * The account's upcoming visits (soonest first) or past ones (latest first), a page through the page cache.
   * Upcoming and past part at the minute: a page is kept for the minute it was read in, while nothing changes.
   */
  mine(db: Database, userId: number, query: { when: 'upcoming' | 'past'; page: number; per_page: number }, now: string) {
    const minute = new Date(Math.floor(Date.parse(now) / 60_000) * 60_000).toISOString();
    const where = and(
      eq(appointments.user_id, userId),
      query.when === 'upcoming' ? gte(appointments.ends_at, minute) : lt(appointments.ends_at, minute),
    );
    const total = countOf(db, appointments, where);
    return selectPage(
      db,
      select(db, total)
        .where(where)
        .orderBy(
          ...(query.when === 'upcoming'
            ? [asc(appointments.starts_at), asc(appointments.id)]
            : [desc(appointments.starts_at), desc(appointments.id)]),
        ),
      { page: query.page, perPage: query.per_page },
      { shape: ['my_appointments', query, userId, minute], total, present: (row) => presentBooking(row as Row) },
    );
  },

  /** A provider's visits between two instants, in time order. */
  async day(db: Database, scope: ProviderScope, from: string, to: string) {
    const rows = await select(db)
      .where(and(ofScope(scope), gte(appointments.starts_at, from), lt(appointments.starts_at, to)))
      .orderBy(asc(appointments.starts_at), asc(appointments.id));
    return (rows as Row[]).map(presentForProvider);
  },

  /** The account's own appointment, locked for its change (undefined: none of its own by this id). */
  lockOwn(tx: Database, id: number, userId: number) {
    return lockWhere(tx, and(eq(appointments.id, id), eq(appointments.user_id, userId))!);
  },

  /** Who a visit is with, and the zone its time is told in: the patient's notice of a provider's cancellation. */
  noticeOf(tx: Database, id: number) {
    return tx
      .select({ name_en: providers.name_en, name_ar: providers.name_ar, time_zone: sql<string>`${providerTimeZone}` })
      .from(appointments)
      .innerJoin(providers, eq(providers.id, appointments.provider_id))
      .where(eq(appointments.id, id))
      .then((rows) => rows[0]!);
  },

  /** An appointment of the provider's scope, locked for its change. */
  lockForProvider(tx: Database, id: number, scope: ProviderScope) {
    return lockWhere(tx, and(eq(appointments.id, id), ofScope(scope))!);
  },

  setStatus(
    tx: Database,
    id: number,
    change: { status: 'cancelled' | 'completed' | 'no_show'; cancelled_by?: 'patient' | 'provider'; cancel_reason?: string | null },
  ) {
    return tx
      .update(appointments)
      .set({ ...change, updated_at: sql`now()` })
      .where(eq(appointments.id, id))
      .then(() => undefined);
  },

  /** Moves a visit in place; its reminders are to be sent again for the new time. */
  move(tx: Database, id: number, change: { starts_at: string; ends_at: string; facility_id: number | null }) {
    return tx
      .update(appointments)
      .set({ ...change, reminded_day_before_at: null, reminded_hours_before_at: null, updated_at: sql`now()` })
      .where(eq(appointments.id, id))
      .then(() => undefined);
  },
};

function lockWhere(tx: Database, where: SQL): Promise<LockedAppointment | undefined> {
  return tx
    .select({
      id: appointments.id,
      user_id: appointments.user_id,
      provider_id: appointments.provider_id,
      status: appointments.status,
      starts_at: appointments.starts_at,
    })
    .from(appointments)
    .where(where)
    .for('update')
    .then((rows) => rows[0]);
}
