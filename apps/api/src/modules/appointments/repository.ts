import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { providerSchedules } from '../../db/schema/availability';
import { defaultProviderTimeZone } from '@sehha/contract/status-codes';
import { specialities } from '../../db/schema/catalogs';
import { providers } from '../../db/schema/providers';
import { appointmentCounts } from '../../db/schema/counters';
import { fetchPage } from '../../db/paging';
import { namedRef } from '../../db/sql';
import { withTotal } from '../../db/totals';
import { cachedRows } from '../../db/page-cache';

const patient = alias(users, 'patient');

/** The zone a provider's wall-clock times are in: its schedule's, else the platform's default (Cairo). */
export const providerTimeZone = sql`coalesce((select ${providerSchedules.time_zone} from ${providerSchedules} where ${providerSchedules.provider_id} = ${appointments.provider_id}), ${defaultProviderTimeZone})`;
const providerAccount = alias(users, 'provider_account');

/**
 * A real booking: every appointment but an online hold released unpaid (cancelled by the system), which never
 * was one. The admin's lists show these, and the maintained counts count them (migration 0018, same filter).
 */
const realBooking = sql`(${appointments.status} <> 'cancelled' or ${appointments.cancelled_by} is distinct from 'system' or ${appointments.hold_expires_at} is null)`;

const columns = {
  id: appointments.id,
  // The spec's wall-clock 'YYYY-MM-DD HH:MM:SS' in the provider's zone, formatted by the database.
  appointment_time: sql<string>`to_char(${appointments.starts_at} at time zone ${providerTimeZone}, 'YYYY-MM-DD HH24:MI:SS')`.as(
    'appointment_time_text',
  ),
  type: appointments.type,
  status: appointments.status,
  price: appointments.price,
  user: { id: patient.id, name: patient.name, phone: patient.phone },
  appointable: {
    id: providers.id,
    kind: providers.kind,
    name_ar: providers.name_ar,
    name_en: providers.name_en,
    phone: providerAccount.phone,
  },
  specialize: namedRef(specialities, providers.speciality_id),
  facility: namedRef(providers, appointments.facility_id),
};

/** Whose appointments: a doctor's own, or a facility's (booked with it, or with a doctor working there). */
export type AppointmentScope = { kind: 'doctor' | 'hospital' | 'medical_center'; id: number };

/** The first `count` of the rows matching `where`, newest visit first, walked along its time index. */
const newestFirst = (where: SQL | undefined, count: number) =>
  sql`(select ${appointments.id} as id, ${appointments.starts_at} as visit from ${appointments} where ${where} order by ${appointments.starts_at} desc, ${appointments.id} desc limit ${count})`;

/**
 * The ids of one page of the scope, newest visit first: a doctor's own walk of appointments_provider_time_idx;
 * a facility's, its own appointments and those of other providers there (appointments_facility_time_idx),
 * merged. Only these ids are then joined to patients and providers, where an OR of the two columns
 * would join and sort every appointment of the facility to keep eight.
 */
function pageIds(scope: AppointmentScope, limit: number, offset: number): SQL {
  const own = newestFirst(and(eq(appointments.provider_id, scope.id), realBooking), offset + limit);
  const walked =
    scope.kind === 'doctor'
      ? own
      : sql`${own} union all ${newestFirst(and(eq(appointments.facility_id, scope.id), ne(appointments.provider_id, scope.id), realBooking), offset + limit)}`;
  return sql`select id from (${walked}) as walked order by visit desc, id desc limit ${limit} offset ${offset}`;
}

export const appointmentRepository = {
  /** One page, newest visit first, and the scope's maintained count. */
  page(db: Database, scope: AppointmentScope, query: { page: number; perPage: number }) {
    // The maintained counts: a doctor's own appointments; a facility's own plus its doctors' there.
    const total = db
      .select({
        total: scope.kind === 'doctor' ? appointmentCounts.own : sql<number>`${appointmentCounts.own} + ${appointmentCounts.at_facility}`,
      })
      .from(appointmentCounts)
      .where(eq(appointmentCounts.provider_id, scope.id));
    return fetchPage(db, query, {
      shape: ['appointments', query, scope],
      rows: (limit, offset) =>
        db
          .select(withTotal(columns, total))
          .from(appointments)
          .innerJoin(patient, eq(patient.id, appointments.user_id))
          .innerJoin(providers, eq(providers.id, appointments.provider_id))
          .innerJoin(providerAccount, eq(providerAccount.id, providers.user_id))
          .where(sql`${appointments.id} in (${pageIds(scope, limit, offset)})`)
          .orderBy(desc(appointments.starts_at), desc(appointments.id)),
      total,
      present: (row) => row,
      // Voided by every booking (it reads appointments): its misses are many, and planning was most of one. The plan
      // (the scope's time indexes walked for the first offset + limit) is the same for any scope and page.
      prepared: true,
    });
  },

  /**
   * Every appointment of the scope without paging, for the export's cursor: the page's rows and order, over
   * the scope's own and (a facility's) other providers' appointments there.
   */
  exportSelect(db: Database, scope: AppointmentScope) {
    const mine = eq(appointments.provider_id, scope.id);
    return db
      .select(columns)
      .from(appointments)
      .innerJoin(patient, eq(patient.id, appointments.user_id))
      .innerJoin(providers, eq(providers.id, appointments.provider_id))
      .innerJoin(providerAccount, eq(providerAccount.id, providers.user_id))
      .where(and(scope.kind === 'doctor' ? mine : or(mine, eq(appointments.facility_id, scope.id)), realBooking))
      .orderBy(desc(appointments.starts_at), desc(appointments.id))
      .$dynamic();
  },

  /** The kind of a provider, or undefined when there is none with this id. */
  /** The provider's kind, kept like a page (it is asked with every page of the provider's appointments). */
  kindOf(db: Database, id: number) {
    return cachedRows(db, ['provider_kind', id], () =>
      db.select({ kind: providers.kind }).from(providers).where(eq(providers.id, id)),
    ).then((rows) => rows[0]?.kind);
  },
};

export type AppointmentRow = Awaited<ReturnType<typeof appointmentRepository.page>>['items'][number];
