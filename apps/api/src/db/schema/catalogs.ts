import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bilingualName, isActive, primaryId, searchIndex, stampedNameSearch, timestamps, uniqueNames } from './columns';

export const specialities = pgTable('specialities', { id: primaryId(), ...bilingualName, ...stampedNameSearch() }, (t) => [
  ...uniqueNames('specialities', t),
  searchIndex('specialities', t.search),
]);

export const pharmacyCategories = pgTable('pharmacy_categories', { id: primaryId(), ...bilingualName, ...stampedNameSearch() }, (t) => [
  ...uniqueNames('pharmacy_categories', t),
  searchIndex('pharmacy_categories', t.search),
]);

/** Medical institution ("hospital") types. */
export const institutionTypes = pgTable(
  'institution_types',
  {
    id: primaryId(),
    ...bilingualName,
    medical_under_instituted: boolean('medical_under_instituted').notNull().default(false),
    ...isActive,
    ...stampedNameSearch(),
  },
  (t) => [...uniqueNames('institution_types', t), searchIndex('institution_types', t.search)],
);

/** Home-page ads (horizontal images). */
export const homeAds = pgTable(
  'home_ads',
  {
    id: primaryId(),
    image: text('image').notNull(),
    title: text('title'),
    link: text('link'),
    sort_order: integer('sort_order').notNull().default(0),
    ...isActive,
    ...timestamps,
  },
  (t) => [index('home_ads_sort_idx').on(t.sort_order, t.id)],
);
