import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cities, countries, states } from '../../db/schema/locations';

/** The public side's reads: active locations only (of an active parent), by English name. */
export const publicLocationRepository = {
  countries: (db: Database) =>
    db
      .select({
        id: countries.id,
        name_ar: countries.name_ar,
        name_en: countries.name_en,
        mobile_prefix: countries.mobile_prefix,
        flag: countries.flag,
      })
      .from(countries)
      .where(eq(countries.is_active, true))
      .orderBy(asc(countries.name_en)),

  cities: (db: Database, countryId: number) =>
    db
      .select({ id: cities.id, name_ar: cities.name_ar, name_en: cities.name_en })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.country_id))
      .where(and(eq(cities.country_id, countryId), eq(cities.is_active, true), eq(countries.is_active, true)))
      .orderBy(asc(cities.name_en)),

  states: (db: Database, cityId: number) =>
    db
      .select({ id: states.id, name_ar: states.name_ar, name_en: states.name_en })
      .from(states)
      .innerJoin(cities, eq(cities.id, states.city_id))
      .innerJoin(countries, eq(countries.id, cities.country_id))
      .where(and(eq(states.city_id, cityId), eq(states.is_active, true), eq(cities.is_active, true), eq(countries.is_active, true)))
      .orderBy(asc(states.name_en)),
};
