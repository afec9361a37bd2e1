import { pgTable, text } from 'drizzle-orm/pg-core';
import {
  bilingualName,
  foreignId,
  foreignIndex,
  isActive,
  primaryId,
  searchIndex,
  searchKey,
  stampedNameSearch,
  timestamps,
  uniqueNames,
} from './columns';

export const countries = pgTable(
  'countries',
  {
    id: primaryId(),
    ...bilingualName,
    mobile_prefix: text('mobile_prefix').notNull(),
    flag: text('flag'),
    ...isActive,
    ...timestamps,
    search: searchKey('name_ar', 'name_en', 'mobile_prefix'),
  },
  (t) => [...uniqueNames('countries', t), searchIndex('countries', t.search)],
);

/** The columns after a city's or state's parent: its names, active flag, timestamps and search key. */
const placeColumns = () => ({ ...bilingualName, ...isActive, ...stampedNameSearch() });

export const cities = pgTable(
  'cities',
  { id: primaryId(), country_id: foreignId('country_id', () => countries.id, 'restrict').notNull(), ...placeColumns() },
  (t) => [...uniqueNames('cities_country', t, t.country_id), foreignIndex('cities', t.country_id, t.id), searchIndex('cities', t.search)],
);

export const states = pgTable(
  'states',
  { id: primaryId(), city_id: foreignId('city_id', () => cities.id, 'restrict').notNull(), ...placeColumns() },
  (t) => [...uniqueNames('states_city', t, t.city_id), foreignIndex('states', t.city_id, t.id), searchIndex('states', t.search)],
);
