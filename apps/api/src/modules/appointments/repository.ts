import { and, desc, eq, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { providerSchedules } from '../../db/schema/availability';
import { defaultProviderTimeZone } from '@sehha/contract/status-codes';
import { specialities } from '../../db/schema/catalogs';
import { providers } from '../../db/schema/providers';
import { appointmentCounts } from '../../db/schema/counters';
import { deferredJoinPage, fetchPage } from '../../db/paging';
import { namedRef } from '../../db/sql';
import { cappedCount, counterNames, counterTotal, withTotal, type Total } from '../../db/totals';
import { matchesSearch, searchMatches } from '../../db/search';
import { searchCountCap } from '@sehha/contract/envelope';
import { toIsoRequired } from '../../db/dates';
import type { AppointmentStatus } from '@sehha/contract/status-codes';
import type { appointableKinds, appointmentDayKinds } from '@sehha/contract/appointments';
import { cachedRows, type PageStatement } from '../../db/page-cache';
import { appointmentPageNarrowing, type AppointmentChange } from '../../db/change-log';
import { capturingListSource } from '../../db/list-capture';

const patient = alias(users, 'patient');

/**
 * Whether `term` names the patient `userId` and the provider `providerId`: each name read by primary key, as a scalar
 * subquery, which the planner never hashes. As EXISTS or IN, a common name's every account was read first: the list's
 * walk above the cap read every named account's id, and the change log's check, planned once for any term, hashed
 * every named provider (20,000 for "mona" at national scale, 50 ms a check: docs/performance/api.md).
 */
function namesOf(term: string, userId: SQLWrapper, providerId: SQLWrapper) {
  return {
    patient: matchesSearch(sql`(select ${users.search} from ${users} where ${users.id} = ${userId})`, term)!,
    provider: matchesSearch(sql`(select ${providers.search} from ${providers} where ${providers.id} = ${providerId})`, term)!,
  };
}

/** Whether a change in the appointments' change log is of an appointment `term` names: the search's narrowing (db/change-log.ts). */
export function changeNamedBy(term: string): (change: AppointmentChange) => SQL {
  return (change) => {
    const { patient, provider } = namesOf(term, change.user_id, change.provider_id);
    return sql`(coalesce(${patient}, false) or coalesce(${provider}, false))`;
  };
}

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

export type AppointmentDayKind = (typeof appointmentDayKinds)[number];

/** The all-appointments list's filters as the service and repository take them. */
export type PlatformAppointmentFilter = {
  search?: string | undefined;
  status?: AppointmentStatus | undefined;
  type?: 'website' | 'cash' | undefined;
  providerKind?: (typeof appointableKinds)[number] | undefined;
  /** A local day of the platform's zone, 'YYYY-MM-DD', and what it is the day of. */
  date?: string | undefined;
  dateOf: AppointmentDayKind;
};

/** [start, end) of the local day `date` ('YYYY-MM-DD') of `timeZone`, as instants. */
const dayRange = (column: typeof appointments.created_at | typeof appointments.updated_at, date: string, timeZone: string) =>
  sql`${column} >= (${date}::date::timestamp at time zone ${timeZone}) and ${column} < ((${date}::date + 1)::timestamp at time zone ${timeZone})`;

/**
 * The appointments a day counts, as the operations home counts them (hourly_activity, migration 0022): a booking on the
 * day it was made, neither a hold waiting for its payment nor one released unpaid; a cancellation by a patient or a
 * provider on the day of its last change (the cancellation). Each reads one index range (migration 0026).
 */
const dayOf: Record<AppointmentDayKind, (date: string, timeZone: string) => SQL> = {
  booked: (date, timeZone) =>
    sql`${dayRange(appointments.created_at, date, timeZone)} and ${appointments.status} <> 'held' and ${appointments.cancelled_by} is distinct from 'system'`,
  cancelled: (date, timeZone) =>
    sql`${appointments.status} = 'cancelled' and ${appointments.cancelled_by} in ('patient', 'provider') and ${dayRange(appointments.updated_at, date, timeZone)}`,
};

/** The patients and the providers whose folded name (or email, phone, address) holds `term`, by their trigram indexes. */
const patientsNamed = (term: string) => sql`select ${users.id} from ${users} where ${matchesSearch(users.search, term)}`;
const providersNamed = (term: string) => sql`select ${providers.id} from ${providers} where ${matchesSearch(providers.search, term)}`;

/** Whether a kept count (one row, `total`) is above the search's cap. */
const aboveCap = (kept: readonly unknown[]) => Number((kept[0] as { total?: unknown } | undefined)?.total) > searchCountCap;

/** The holds of the moment (appointments_held_expiry_idx): with the counters, the unfiltered list's total. */
const heldNow = sql`select count(*) from ${appointments} where ${appointments.status} = 'held'`;

/** The platform list's filters but the search, over appointments alone. */
function platformWhere(filter: PlatformAppointmentFilter, timeZone: string): SQL | undefined {
  const filters = [
    filter.status ? eq(appointments.status, filter.status) : undefined,
    filter.type ? eq(appointments.type, filter.type) : undefined,
    filter.providerKind
      ? sql`exists (select 1 from ${providers} where ${providers.id} = ${appointments.provider_id} and ${providers.kind} = ${filter.providerKind})`
      : undefined,
    filter.date ? dayOf[filter.dateOf](filter.date, timeZone) : undefined,
  ].filter((condition) => condition !== undefined);
  return filters.length ? and(...filters) : undefined;
}

export const appointmentRepository = {
  /**
   * One page of every appointment of the platform (real bookings, as the per-provider lists), newest booking first:
   * the page's ids from appointments alone (appointments_created_idx, or a day's range), then joined. Unfiltered,
   * the total is the platform's maintained counters and the holds of the moment; filtered, a capped count.
   */
  async platformPage(db: Database, timeZone: string, query: PlatformAppointmentFilter & { page: number; perPage: number }) {
    const filtered = platformWhere(query, timeZone);
    const where = and(realBooking, filtered);
    const term = query.search?.trim();
    const order = [desc(appointments.created_at), desc(appointments.id)];
    const select = (from: Pick<Database, 'select'>, condition: SQL | undefined, total: Total) =>
      from
        .select(withTotal({ ...columns, created_at: appointments.created_at, cancelled_by: appointments.cancelled_by }, total))
        .from(appointments)
        .innerJoin(patient, eq(patient.id, appointments.user_id))
        .innerJoin(providers, eq(providers.id, appointments.provider_id))
        .innerJoin(providerAccount, eq(providerAccount.id, providers.user_id))
        .where(condition)
        .orderBy(...order)
        .$dynamic();
    const walk = (condition: SQL | undefined) => (limit: number, offset: number) =>
      db
        .select({ id: appointments.id })
        .from(appointments)
        .where(condition)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
    const shape = ['platform-appointments', query, timeZone] as const;
    const present = <R extends { created_at: string }>(row: R) => ({ ...row, created_at: toIsoRequired(row.created_at) });
    if (!term) {
      const total = filtered
        ? cappedCount(db.select({ id: appointments.id }).from(appointments).where(where))
        : sql`select (${counterTotal(counterNames.appointments)}) + (${heldNow})`;
      return deferredJoinPage(db, query, {
        shape,
        select: (condition) => select(db, condition, total),
        where,
        id: appointments.id,
        ids: walk(where),
        total,
        present,
      });
    }
    // Every match, as the export streams them (the page's statement names it too).
    const searched = and(
      where,
      sql`(${appointments.user_id} in (${patientsNamed(term)}) or ${appointments.provider_id} in (${providersNamed(term)}))`,
    );
    // One row's two names (namesOf): walking the list's order above the cap reads a few rows' names.
    const { patient: patientNamed, provider: providerNamed } = namesOf(term, appointments.user_id, appointments.provider_id);
    // A search: the named patients' appointments, then the named providers' (not already counted), up to the cap,
    // for the total and a page (search.ts searchMatches). Each named account's appointments are read by its own
    // index, one account after another (a lateral subquery, kept apart from the join by its limit), so a common
    // name stops after the 2,000 or so patients that fill the cap, from appointments_user_idx alone (its stored
    // columns, migration 0028). An OR of the two scanned every appointment; reading every named patient first (an
    // array) read all 518,000 appointments of a common name (docs/performance/api.md).
    const ofEach = <T extends typeof users | typeof providers>(
      named: T,
      column: typeof appointments.user_id | typeof appointments.provider_id,
      also?: SQL,
    ) => {
      const own = db
        .select({ id: appointments.id, created_at: appointments.created_at })
        .from(appointments)
        .where(and(where, eq(column, named.id), also))
        .limit(searchCountCap + 1)
        .as('named_appointments');
      return db
        .select({ id: own.id, created_at: own.created_at })
        .from(named as typeof users)
        .crossJoinLateral(own)
        .where(matchesSearch(named.search, term));
    };
    // Built only when read: a page or count answered from memory never builds it (its builders cost more than the rest).
    const searchedMatches = () =>
      searchMatches(
        db,
        appointments,
        ofEach(users, appointments.user_id).unionAll(
          ofEach(providers, appointments.provider_id, sql`not ${patientNamed}`),
        ) as unknown as PgSelect,
        order.map((column) => sql`${column}`),
        walk(and(where, or(patientNamed, providerNamed))),
      );
    // Beside bookings (a write every few ms) the search's pages and count outlive the writes of appointments whose
    // patient and provider the term does not name (db/change-log.ts).
    const named = changeNamedBy(term);
    const narrowing = appointmentPageNarrowing(named);
    if (capturingListSource()) {
      // An export streams every match (searched); the page's statement is not read.
      const matches = searchedMatches();
      return deferredJoinPage(db, query, {
        shape,
        select: (condition) => select(db.with(...matches.ctes), condition, matches.total),
        where: searched,
        id: appointments.id,
        ids: matches.ids,
        total: matches.totalAlone,
        present,
      });
    }
    // The count on its own, kept: reading it is most of a miss (the named accounts' bitmap and their appointments,
    // 25 ms for "mona" at national scale), and once above the cap a new appointment cannot bring it back under, so
    // only another change of a named row reads it again.
    const { page: _page, perPage: _perPage, ...filter } = query;
    const count = () =>
      cachedRows(db, ['platform-appointments-count', filter, timeZone], () => searchedMatches().totalAlone, {
        narrowing: appointmentPageNarrowing((change, kept) =>
          aboveCap(kept) ? sql`(not ${change.inserted} and ${named(change)})` : named(change),
        ),
      });
    // The page, kept as one statement whatever the count says: above the cap (its total then always cap + 1) the list's
    // order walked, below it the matches sorted. Its narrowing (any change of a named row) holds the count's too, so
    // a page answered from memory needs no count: the count is asked only when the page is read.
    const capped = sql`select ${searchCountCap + 1}::int`;
    const walked = (limit: number, offset: number) =>
      select(db, sql`${appointments.id} in (${walk(and(where, or(patientNamed, providerNamed)))(limit, offset)})`, capped);
    const sorted = (limit: number, offset: number) => {
      const matches = searchedMatches();
      return select(db.with(...matches.ctes), sql`${appointments.id} in (${matches.ids(limit, offset)})`, matches.total);
    };
    type SearchRow = Awaited<ReturnType<typeof walked>>[number];
    const page = (limit: number, offset: number): PageStatement<SearchRow> => {
      // Above the cap the walk is planned once per connection (prepared under `name`): its plan is the same for any
      // term above the cap. Below it the matches' plan depends on the term, so it is planned each time.
      const read = async (name?: string): Promise<SearchRow[]> => {
        if (!aboveCap(await count())) return sorted(limit, offset);
        return name === undefined ? walked(limit, offset) : walked(limit, offset).prepare(name).execute();
      };
      return {
        // Its text and parameters name the page (key and tables): the walk's, which reads what the sorted one reads.
        toSQL: () => walked(limit, offset).toSQL(),
        then: (resolve, reject) => read().then(resolve, reject),
        prepare: (name) => ({ execute: () => read(name) }),
      };
    };
    return fetchPage(db, query, {
      shape: [...shape, 'search'],
      rows: page,
      // A page past the end asks the count alone.
      total: { getSQL: () => searchedMatches().totalAlone.getSQL() },
      present: (row) => present(row),
      prepared: true,
      narrowing,
    });
  },

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
export type PlatformAppointmentRow = Awaited<ReturnType<typeof appointmentRepository.platformPage>>['items'][number];
