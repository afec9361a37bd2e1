import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { BookedAppointment, ProviderAppointment } from '@sehha/contract/bookings';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/database';
import { toIso, toIsoRequired } from '../../db/dates';
import { namedRef } from '../../db/sql';
import { selectPage } from '../../db/paging';
import { countOf, withTotal, type Total } from '../../db/totals';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { paymentIntents } from '../../db/schema/payment-intents';
import { providers } from '../../db/schema/providers';
import { providerTimeZone } from '../appointments/repository';
import { zonedIso } from '../availability/zoned-time';

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
export function presentBooking(row: Row): BookedAppointment {
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
    payment: row.payment && { url: row.payment.url, expires_at: toIso(row.payment.expires_at)!, status: row.payment.status },
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

  async insert(
    tx: Database,
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
  ) {
    const [inserted] = await tx.insert(appointments).values(row).returning({ id: appointments.id });
    return inserted!.id;
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
