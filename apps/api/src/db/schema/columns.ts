import { sql, type SQL } from 'drizzle-orm';
import { boolean, text, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at as Laravel keeps them. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

export const bilingualName = {
  name_ar: text('name_ar').notNull(),
  name_en: text('name_en').notNull(),
};

export const isActive = { is_active: boolean('is_active').notNull().default(true) };

/**
 * A stored, folded search key (see the sehha_fold() SQL function in the first migration):
 * Arabic letter variants, diacritics and tatweel are folded and Latin is lower-cased, so
 * that a trigram index answers `LIKE '%term%'` for احمد as well as for أحمد.
 */
export const searchKey = (...columns: string[]) =>
  text('search')
    .notNull()
    .generatedAlwaysAs((): SQL => sql.raw(`sehha_fold(${columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`));
