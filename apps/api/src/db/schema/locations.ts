import { bigint, bigserial, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bilingualName, isActive, searchKey, timestamps } from './columns';

export const countries = pgTable(
  'countries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...bilingualName,
    mobile_prefix: text('mobile_prefix').notNull(),
    flag: text('flag'),
    ...isActive,
    ...timestamps,
    search: searchKey('name_ar', 'name_en', 'mobile_prefix'),
  },
  (t) => [
    uniqueIndex('countries_name_ar_unique').on(t.name_ar),
    uniqueIndex('countries_name_en_unique').on(sql`lower(${t.name_en})`),
    index('countries_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country_id: bigint('country_id', { mode: 'number' }).notNull().references(() => countries.id, { onDelete: 'restrict' }),
    ...bilingualName,
    ...isActive,
    ...timestamps,
    search: searchKey('name_ar', 'name_en'),
  },
  (t) => [
    uniqueIndex('cities_country_name_ar_unique').on(t.country_id, t.name_ar),
    uniqueIndex('cities_country_name_en_unique').on(t.country_id, sql`lower(${t.name_en})`),
    index('cities_country_idx').on(t.country_id, t.id),
    index('cities_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const states = pgTable(
  'states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    city_id: bigint('city_id', { mode: 'number' }).notNull().references(() => cities.id, { onDelete: 'restrict' }),
    ...bilingualName,
    ...isActive,
    ...timestamps,
    search: searchKey('name_ar', 'name_en'),
  },
  (t) => [
    uniqueIndex('states_city_name_ar_unique').on(t.city_id, t.name_ar),
    uniqueIndex('states_city_name_en_unique').on(t.city_id, sql`lower(${t.name_en})`),
    index('states_city_idx').on(t.city_id, t.id),
    index('states_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);
