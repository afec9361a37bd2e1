import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditEntity } from '@sehha/contract/audit-logs';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { auditLogs } from '../../db/schema/audit';
import { homeAds, institutionTypes, pharmacyCategories, specialities } from '../../db/schema/catalogs';
import { changeRequests } from '../../db/schema/change-requests';
import { cities, countries, states } from '../../db/schema/locations';
import { prescriptions } from '../../db/schema/prescriptions';
import { dataRequests } from '../../db/schema/privacy';
import { facilityUnits, licenses, medicines, pharmacyBranches, providerAds, providers } from '../../db/schema/providers';
import { subscriptionPlans, userSubscriptions } from '../../db/schema/subscriptions';
import { matchesSearch } from '../../db/search';

/**
 * How the log names the record a row is about: `name(id)` is one keyed read of its names as a jsonb
 * `[en, ar]` (a primary key lookup per row of the page, whatever the tables' sizes); `matching(term)` the ids
 * (as the log stores them, text) of the records whose name matches a search, through their folded search key
 * and its trigram index. Kinds without a name (an audit entry, a retention round) have none.
 */
type SubjectSource = { name: (id: SQL) => SQL; matching: (term: string) => SQL | undefined };

type Named = PgTable & { id: PgColumn; name_en: PgColumn; name_ar: PgColumn; search: PgColumn };
const named = (table: Named): SubjectSource => ({
  name: (id) => sql`(select jsonb_build_array(${table.name_en}, ${table.name_ar}) from ${table} where ${table.id} = ${id})`,
  matching: (term) => sql`select ${table.id}::text from ${table} where ${matchesSearch(table.search, term)}`,
});

/** A record named by the person it belongs to (a request's, a booking's patient). */
type Owned = PgTable & { id: PgColumn; user_id: PgColumn };
const ownedBy = (table: Owned): SubjectSource => ({
  name: (id) =>
    sql`(select jsonb_build_array(${users.name}, ${users.name}) from ${table} join ${users} on ${users.id} = ${table.user_id} where ${table.id} = ${id})`,
  matching: (term) =>
    sql`select ${table.id}::text from ${table} join ${users} on ${users.id} = ${table.user_id} where ${matchesSearch(users.search, term)}`,
});

const accounts: SubjectSource = {
  name: (id) => sql`(select jsonb_build_array(${users.name}, ${users.name}) from ${users} where ${users.id} = ${id})`,
  matching: (term) => sql`select ${users.id}::text from ${users} where ${matchesSearch(users.search, term)}`,
};

const sources: Partial<Record<AuditEntity, SubjectSource>> = {
  provider: named(providers),
  user: accounts,
  admin: accounts,
  license: {
    name: (id) =>
      sql`(select jsonb_build_array(${providers.name_en}, ${providers.name_ar}) from ${licenses} join ${providers} on ${providers.id} = ${licenses.provider_id} where ${licenses.id} = ${id})`,
    matching: (term) =>
      sql`select ${licenses.id}::text from ${licenses} join ${providers} on ${providers.id} = ${licenses.provider_id} where ${matchesSearch(providers.search, term)}`,
  },
  provider_ad: {
    name: (id) =>
      sql`(select jsonb_build_array(${providerAds.title_en}, ${providerAds.title_ar}) from ${providerAds} where ${providerAds.id} = ${id})`,
    matching: (term) => sql`select ${providerAds.id}::text from ${providerAds} where ${matchesSearch(providerAds.search, term)}`,
  },
  change_request: ownedBy(changeRequests),
  data_request: ownedBy(dataRequests),
  appointment: ownedBy(appointments),
  prescription: ownedBy(prescriptions),
  user_subscription: ownedBy(userSubscriptions),
  speciality: named(specialities),
  pharmacy_category: named(pharmacyCategories),
  institution_type: named(institutionTypes),
  country: named(countries),
  city: named(cities),
  state: named(states),
  pharmacy_branch: named(pharmacyBranches),
  medicine: named(medicines),
  facility_unit: named(facilityUnits),
  // Small tables without a search key: their names folded on the spot.
  subscription_plan: {
    name: (id) =>
      sql`(select jsonb_build_array(${subscriptionPlans.name_en}, ${subscriptionPlans.name_ar}) from ${subscriptionPlans} where ${subscriptionPlans.id} = ${id})`,
    matching: (term) =>
      sql`select ${subscriptionPlans.id}::text from ${subscriptionPlans} where ${matchesSearch(sql`sehha_fold(${subscriptionPlans.name_en} || ' ' || ${subscriptionPlans.name_ar})`, term)}`,
  },
  home_ad: {
    name: (id) => sql`(select jsonb_build_array(${homeAds.title}, ${homeAds.title}) from ${homeAds} where ${homeAds.id} = ${id})`,
    matching: (term) =>
      sql`select ${homeAds.id}::text from ${homeAds} where ${matchesSearch(sql`sehha_fold(coalesce(${homeAds.title}, ''))`, term)}`,
  },
};

/** The row's record id as a number, or null when it is not one (a cast of anything else would fail the page). */
const recordId = sql`(case when ${auditLogs.entity_id} ~ '^[0-9]{1,18}$' then ${auditLogs.entity_id}::bigint end)`;

/** A name kept in the change itself (a deleted record's last names), `[en, ar]`. */
const snapshotName = (language: 'en' | 'ar') => {
  const fields =
    language === 'en' ? ['name_en', 'title_en', 'name', 'title', 'name_ar'] : ['name_ar', 'title_ar', 'name', 'title', 'name_en'];
  return sql.join(
    fields.flatMap((field) => [sql`${auditLogs.after} ->> ${field}`, sql`${auditLogs.before} ->> ${field}`]),
    sql`, `,
  );
};

/**
 * The row's record's names, `[en, ar]` (jsonb), or null: the record as it is now, else the names its change
 * recorded (a deleted speciality keeps the name it had). Only the page's rows are named.
 */
export const subjectName: SQL = sql`coalesce(case ${auditLogs.entity} ${sql.join(
  Object.entries(sources).map(([entity, source]) => sql`when ${entity} then ${source.name(recordId)}`),
  sql` `,
)} end, case when coalesce(${snapshotName('en')}) is not null then jsonb_build_array(coalesce(${snapshotName('en')}), coalesce(${snapshotName('ar')})) end)`;

/** Rows about a record whose name matches `term` (a search of the log by name). */
export function subjectMatches(term: string): SQL | undefined {
  const kinds = Object.entries(sources)
    .map(([entity, source]) => {
      const ids = source.matching(term);
      return ids && sql`(${auditLogs.entity} = ${entity} and ${auditLogs.entity_id} in (${ids}))`;
    })
    .filter((condition): condition is SQL => condition !== undefined);
  return kinds.length === 0 ? undefined : sql`(${sql.join(kinds, sql` or `)})`;
}
