import { bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bilingualName, isActive, searchKey, timestamps } from './columns';

export const specialities = pgTable(
  'specialities',
  { id: bigserial('id', { mode: 'number' }).primaryKey(), ...bilingualName, ...timestamps, search: searchKey('name_ar', 'name_en') },
  (t) => [
    uniqueIndex('specialities_name_ar_unique').on(t.name_ar),
    uniqueIndex('specialities_name_en_unique').on(sql`lower(${t.name_en})`),
    index('specialities_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const pharmacyCategories = pgTable(
  'pharmacy_categories',
  { id: bigserial('id', { mode: 'number' }).primaryKey(), ...bilingualName, ...timestamps, search: searchKey('name_ar', 'name_en') },
  (t) => [
    uniqueIndex('pharmacy_categories_name_ar_unique').on(t.name_ar),
    uniqueIndex('pharmacy_categories_name_en_unique').on(sql`lower(${t.name_en})`),
    index('pharmacy_categories_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** Medical institution ("hospital") types. */
export const institutionTypes = pgTable(
  'institution_types',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...bilingualName,
    medical_under_instituted: boolean('medical_under_instituted').notNull().default(false),
    ...isActive,
    ...timestamps,
    search: searchKey('name_ar', 'name_en'),
  },
  (t) => [
    uniqueIndex('institution_types_name_ar_unique').on(t.name_ar),
    uniqueIndex('institution_types_name_en_unique').on(sql`lower(${t.name_en})`),
    index('institution_types_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** Home-page ads (horizontal images). */
export const homeAds = pgTable(
  'home_ads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    image: text('image').notNull(),
    title: text('title'),
    link: text('link'),
    sort_order: integer('sort_order').notNull().default(0),
    ...isActive,
    ...timestamps,
  },
  (t) => [index('home_ads_sort_idx').on(t.sort_order, t.id)],
);
