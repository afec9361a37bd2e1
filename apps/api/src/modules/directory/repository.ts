import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cachedRows } from '../../db/page-cache';
import { selectPage } from '../../db/paging';
import { homeAds, pharmacyCategories, specialities } from '../../db/schema/catalogs';
import { cities, countries, states } from '../../db/schema/locations';
import { countOf, withTotal } from '../../db/totals';
import { publicLocationRepository } from '../locations/repository';

const named = <T extends typeof specialities | typeof pharmacyCategories | typeof cities | typeof states>(table: T) => ({
  id: table.id,
  name_ar: table.name_ar,
  name_en: table.name_en,
});
const page = (query: { page: number; per_page: number }) => ({ page: query.page, perPage: query.per_page });

/**
 * The public directory's reads, each through the page cache (db/page-cache.ts) under its list's name and whole
 * query: kept while the tables it reads are unchanged, so an admin's change shows on the next request.
 */
export const directoryRepository = {
  specialities: (db: Database) =>
    cachedRows(db, ['directory_specialities'], () => db.select(named(specialities)).from(specialities).orderBy(asc(specialities.name_en))),

  pharmacyCategories: (db: Database) =>
    cachedRows(db, ['directory_pharmacy_categories'], () =>
      db.select(named(pharmacyCategories)).from(pharmacyCategories).orderBy(asc(pharmacyCategories.name_en)),
    ),

  countries: (db: Database) => cachedRows(db, ['directory_countries'], () => publicLocationRepository.countries(db)),

  /** The country if the public may see it (active). */
  activeCountry: (db: Database, id: number) =>
    cachedRows(db, ['directory_country', id], () =>
      db
        .select({ id: countries.id })
        .from(countries)
        .where(and(eq(countries.id, id), eq(countries.is_active, true))),
    ).then((rows) => rows[0]),

  /** The city if the public may see it (active, in an active country). */
  activeCity: (db: Database, id: number) =>
    cachedRows(db, ['directory_city', id], () =>
      db
        .select({ id: cities.id })
        .from(cities)
        .innerJoin(countries, eq(countries.id, cities.country_id))
        .where(and(eq(cities.id, id), eq(cities.is_active, true), eq(countries.is_active, true))),
    ).then((rows) => rows[0]),

  /** A page of a country's active cities by English name (the unique (country_id, name_en) index). */
  cities(db: Database, countryId: number, query: { page: number; per_page: number }) {
    const where = and(eq(cities.country_id, countryId), eq(cities.is_active, true));
    const rows = db
      .select(withTotal(named(cities), countOf(db, cities, where)))
      .from(cities)
      .where(where)
      .orderBy(asc(cities.name_en), asc(cities.id))
      .$dynamic();
    return selectPage(db, rows, page(query), {
      shape: ['directory_cities', query, countryId],
      total: countOf(db, cities, where),
      present: (row) => row,
    });
  },

  /** A page of a city's active states by English name. */
  states(db: Database, cityId: number, query: { page: number; per_page: number }) {
    const where = and(eq(states.city_id, cityId), eq(states.is_active, true));
    const rows = db
      .select(withTotal(named(states), countOf(db, states, where)))
      .from(states)
      .where(where)
      .orderBy(asc(states.name_en), asc(states.id))
      .$dynamic();
    return selectPage(db, rows, page(query), {
      shape: ['directory_states', query, cityId],
      total: countOf(db, states, where),
      present: (row) => row,
    });
  },

  /** Active ads in the home page's order (index home_ads_sort_idx). */
  homeAds: (db: Database) =>
    cachedRows(db, ['directory_home_ads'], () =>
      db
        .select({ id: homeAds.id, image: homeAds.image, title: homeAds.title, link: homeAds.link, sort_order: homeAds.sort_order })
        .from(homeAds)
        .where(eq(homeAds.is_active, true))
        .orderBy(asc(homeAds.sort_order), asc(homeAds.id)),
    ),
};
