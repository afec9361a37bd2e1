import { eq } from 'drizzle-orm';
import { cityCatalog, countryCatalog, stateCatalog } from '@sehha/contract/locations';
import { users } from '../../db/schema/accounts';
import { cities, countries, states } from '../../db/schema/locations';
import { pharmacyBranches, providers } from '../../db/schema/providers';
import { defineCatalog } from '../catalog/define-catalog';
import { column } from '../../http/export-route';
import { withTotal } from '../../db/totals';
import { recordColumns, usedBy } from '../catalog/repository';

/** Countries, with a status toggle and a flag image (required on create). */
export const countryRoutes = defineCatalog({
  entity: 'country',
  tag: 'countries',
  table: countries,
  contract: countryCatalog,
  export: {
    name: 'countries',
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.field('mobile_prefix'),
      column.field('is_active'),
      column.field('created_at'),
    ],
  },
  /** Cities of the country, and accounts/providers that live in it. */
  usage: usedBy({ cities: [cities.country_id], others: [users.country_id, providers.country_id] }),
  file: { field: 'flag', folder: 'flags', required: 'flagImageRequired' },
});

/** Cities of a country, with a status toggle; listed with their country, filtered by `?country_id=`. */
export const cityRoutes = defineCatalog({
  entity: 'city',
  tag: 'cities',
  table: cities,
  select: (db, total) =>
    db
      .select(
        withTotal(
          {
            ...recordColumns(cities),
            country: { id: countries.id, name_ar: countries.name_ar, name_en: countries.name_en, is_active: countries.is_active },
          },
          total,
        ),
      )
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.country_id))
      .$dynamic(),
  filter: (query) => (query.country_id ? eq(cities.country_id, query.country_id) : undefined),
  contract: cityCatalog,
  export: {
    name: 'cities',
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.named('country'),
      column.field('is_active'),
      column.field('created_at'),
    ],
  },
  /** States of the city, and providers/pharmacy branches in it. */
  usage: usedBy({ states: [states.city_id], others: [providers.city_id, pharmacyBranches.city_id] }),
  parents: [{ field: 'country_id', table: countries, error: 'countryInvalid' }],
});

/** States of a city, with a status toggle; nothing points at a state yet, so a state is simply deleted. */
export const stateRoutes = defineCatalog({
  entity: 'state',
  tag: 'states',
  table: states,
  select: (db, total) =>
    db
      .select(
        withTotal(
          {
            ...recordColumns(states),
            city: {
              id: cities.id,
              name_ar: cities.name_ar,
              name_en: cities.name_en,
              is_active: cities.is_active,
              country_id: cities.country_id,
            },
          },
          total,
        ),
      )
      .from(states)
      .innerJoin(cities, eq(cities.id, states.city_id))
      .$dynamic(),
  filter: (query) => (query.city_id ? eq(states.city_id, query.city_id) : undefined),
  contract: stateCatalog,
  export: {
    name: 'states',
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.named('city'),
      column.field('is_active'),
      column.field('created_at'),
    ],
  },
  parents: [{ field: 'city_id', table: cities, error: 'cityInvalid' }],
});
