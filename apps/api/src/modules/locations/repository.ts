import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { cities, countries, states } from '../../db/schema/locations';
import { users } from '../../db/schema/accounts';
import { pharmacyBranches, providers } from '../../db/schema/providers';
import { fetchPage, matchesSearch, toIsoRequired } from '../../db/paged';
import { queryRows } from '../../db/connection';

type PageQuery = { page: number; perPage: number; search?: string };
type Stamped = { created_at: string; updated_at: string };
const stamped = <T extends Stamped>(row: T): T => ({ ...row, created_at: toIsoRequired(row.created_at), updated_at: toIsoRequired(row.updated_at) });

export type CountryValues = { name_ar: string; name_en: string; mobile_prefix: string; flag?: string };
export type CityValues = { name_ar: string; name_en: string; country_id: number };
export type StateValues = { name_ar: string; name_en: string; city_id: number };

const countryColumns = {
  id: countries.id,
  name_ar: countries.name_ar,
  name_en: countries.name_en,
  mobile_prefix: countries.mobile_prefix,
  flag: countries.flag,
  is_active: countries.is_active,
  created_at: countries.created_at,
  updated_at: countries.updated_at,
};

const cityColumns = {
  id: cities.id,
  name_ar: cities.name_ar,
  name_en: cities.name_en,
  country_id: cities.country_id,
  is_active: cities.is_active,
  created_at: cities.created_at,
  updated_at: cities.updated_at,
  country: { id: countries.id, name_ar: countries.name_ar, name_en: countries.name_en, is_active: countries.is_active },
};

const stateColumns = {
  id: states.id,
  name_ar: states.name_ar,
  name_en: states.name_en,
  city_id: states.city_id,
  is_active: states.is_active,
  created_at: states.created_at,
  updated_at: states.updated_at,
  city: { id: cities.id, name_ar: cities.name_ar, name_en: cities.name_en, is_active: cities.is_active, country_id: cities.country_id },
};

const count1 = (rows: { total: number }[]) => rows[0]?.total ?? 0;
const lockable = <Q extends { for: (strength: 'update') => unknown }>(query: Q, lock: boolean) => (lock ? (query.for('update') as unknown as Q) : query);

export const countryRepository = {
  page(db: Database, query: PageQuery) {
    const where = and(matchesSearch(countries.search, query.search));
    return fetchPage({
      ...query,
      rows: (limit, offset) => db.select(countryColumns).from(countries).where(where).orderBy(desc(countries.id)).limit(limit).offset(offset).then((rows) => rows.map(stamped)),
      count: () => db.select({ total: count() }).from(countries).where(where).then(count1),
    });
  },
  find: (db: Database, id: number, lock = false) =>
    lockable(db.select(countryColumns).from(countries).where(eq(countries.id, id)), lock).then((rows) => (rows[0] ? stamped(rows[0]) : undefined)),
  insert: (db: Database, values: CountryValues) => db.insert(countries).values(values).returning(countryColumns).then((rows) => stamped(rows[0]!)),
  update: (db: Database, id: number, values: Partial<CountryValues & { is_active: boolean }>) =>
    db.update(countries).set({ ...values, updated_at: sql`now()` }).where(eq(countries.id, id)).returning(countryColumns).then((rows) => stamped(rows[0]!)),
  remove: (db: Database, id: number) => db.delete(countries).where(eq(countries.id, id)),
  /** Cities of the country, and accounts/providers that live in it, in one query. */
  usage: (db: Database, id: number) =>
    queryRows<{ cities: number | string; others: number | string }>(
      db,
      sql`select (select count(*) from ${cities} where ${cities.country_id} = ${id}) as cities,
                 (select count(*) from ${users} where ${users.country_id} = ${id})
               + (select count(*) from ${providers} where ${providers.country_id} = ${id}) as others`,
    ).then((rows) => ({ cities: Number(rows[0]?.cities ?? 0), others: Number(rows[0]?.others ?? 0) })),
  /** Public side: active countries only, by English name. */
  active: (db: Database) =>
    db
      .select({ id: countries.id, name_ar: countries.name_ar, name_en: countries.name_en, mobile_prefix: countries.mobile_prefix, flag: countries.flag })
      .from(countries)
      .where(eq(countries.is_active, true))
      .orderBy(asc(countries.name_en)),
};

export const cityRepository = {
  page(db: Database, query: PageQuery & { countryId?: number }) {
    const where = and(matchesSearch(cities.search, query.search), query.countryId ? eq(cities.country_id, query.countryId) : undefined);
    return fetchPage({
      ...query,
      rows: (limit, offset) =>
        db.select(cityColumns).from(cities).innerJoin(countries, eq(countries.id, cities.country_id)).where(where).orderBy(desc(cities.id)).limit(limit).offset(offset).then((rows) => rows.map(stamped)),
      count: () => db.select({ total: count() }).from(cities).where(where).then(count1),
    });
  },
  find: (db: Database, id: number, lock = false) =>
    lockable(db.select(cityColumns).from(cities).innerJoin(countries, eq(countries.id, cities.country_id)).where(eq(cities.id, id)), lock).then((rows) =>
      rows[0] ? stamped(rows[0]) : undefined,
    ),
  insert: (db: Database, values: CityValues) => db.insert(cities).values(values).returning({ id: cities.id }).then((rows) => rows[0]!.id),
  update: (db: Database, id: number, values: Partial<CityValues & { is_active: boolean }>) =>
    db.update(cities).set({ ...values, updated_at: sql`now()` }).where(eq(cities.id, id)),
  remove: (db: Database, id: number) => db.delete(cities).where(eq(cities.id, id)),
  /** States of the city, and providers/pharmacy branches in it, in one query. */
  usage: (db: Database, id: number) =>
    queryRows<{ states: number | string; others: number | string }>(
      db,
      sql`select (select count(*) from ${states} where ${states.city_id} = ${id}) as states,
                 (select count(*) from ${providers} where ${providers.city_id} = ${id})
               + (select count(*) from ${pharmacyBranches} where ${pharmacyBranches.city_id} = ${id}) as others`,
    ).then((rows) => ({ states: Number(rows[0]?.states ?? 0), others: Number(rows[0]?.others ?? 0) })),
  /** Public side: active cities of an active country. */
  active: (db: Database, countryId: number) =>
    db
      .select({ id: cities.id, name_ar: cities.name_ar, name_en: cities.name_en })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.country_id))
      .where(and(eq(cities.country_id, countryId), eq(cities.is_active, true), eq(countries.is_active, true)))
      .orderBy(asc(cities.name_en)),
};

export const stateRepository = {
  page(db: Database, query: PageQuery & { cityId?: number }) {
    const where: SQL | undefined = and(matchesSearch(states.search, query.search), query.cityId ? eq(states.city_id, query.cityId) : undefined);
    return fetchPage({
      ...query,
      rows: (limit, offset) =>
        db.select(stateColumns).from(states).innerJoin(cities, eq(cities.id, states.city_id)).where(where).orderBy(desc(states.id)).limit(limit).offset(offset).then((rows) => rows.map(stamped)),
      count: () => db.select({ total: count() }).from(states).where(where).then(count1),
    });
  },
  find: (db: Database, id: number, lock = false) =>
    lockable(db.select(stateColumns).from(states).innerJoin(cities, eq(cities.id, states.city_id)).where(eq(states.id, id)), lock).then((rows) =>
      rows[0] ? stamped(rows[0]) : undefined,
    ),
  insert: (db: Database, values: StateValues) => db.insert(states).values(values).returning({ id: states.id }).then((rows) => rows[0]!.id),
  update: (db: Database, id: number, values: Partial<StateValues & { is_active: boolean }>) =>
    db.update(states).set({ ...values, updated_at: sql`now()` }).where(eq(states.id, id)),
  remove: (db: Database, id: number) => db.delete(states).where(eq(states.id, id)),
  /** Public side: active states of an active city of an active country. */
  active: (db: Database, cityId: number) =>
    db
      .select({ id: states.id, name_ar: states.name_ar, name_en: states.name_en })
      .from(states)
      .innerJoin(cities, eq(cities.id, states.city_id))
      .innerJoin(countries, eq(countries.id, cities.country_id))
      .where(and(eq(states.city_id, cityId), eq(states.is_active, true), eq(cities.is_active, true), eq(countries.is_active, true)))
      .orderBy(asc(states.name_en)),
};

export type CountryRecord = NonNullable<Awaited<ReturnType<typeof countryRepository.find>>>;
export type CityRecord = NonNullable<Awaited<ReturnType<typeof cityRepository.find>>>;
export type StateRecord = NonNullable<Awaited<ReturnType<typeof stateRepository.find>>>;
