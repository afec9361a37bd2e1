import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';

/** created_at / updated_at as Laravel keeps them. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

/** The bigserial primary key of every table. */
export const primaryId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A bigint foreign key to `target` (add `.notNull()` where the row must have one). */
export const foreignId = <N extends string>(name: N, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  bigint(name, { mode: 'number' }).references(target, { onDelete });

export const bilingualName = {
  name_ar: text('name_ar').notNull(),
  name_en: text('name_en').notNull(),
};

export const bilingualTitle = {
  title_ar: text('title_ar').notNull(),
  title_en: text('title_en').notNull(),
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

/**
 * The index on a foreign key, named `<table>_<column without _id>_idx`, with the columns that follow it
 * (the id, to page one parent's rows in order).
 */
export const foreignIndex = (table: string, column: AnyPgColumn, ...then: AnyPgColumn[]) =>
  index(`${table}_${column.name.replace(/_id$/, '')}_idx`).on(column, ...then);

/** The trigram index on a table's search key, which answers `LIKE '%term%'`. */
export const searchIndex = (table: string, search: AnyPgColumn) =>
  index(`${table}_search_trgm_idx`).using('gin', sql`${search} gin_trgm_ops`);

/**
 * Unique names: the Arabic one as written, the English one case-insensitively; within `scope` (a city's
 * country …) when given. The indexes are named `<prefix>_name_ar_unique` and `<prefix>_name_en_unique`.
 */
export const uniqueNames = (prefix: string, t: { name_ar: AnyPgColumn; name_en: AnyPgColumn }, scope?: AnyPgColumn) => {
  const unique = (suffix: string, name: AnyPgColumn | SQL) => {
    const builder = uniqueIndex(`${prefix}_${suffix}_unique`);
    return scope ? builder.on(scope, name) : builder.on(name);
  };
  return [unique('name_ar', t.name_ar), unique('name_en', sql`lower(${t.name_en})`)];
};

/** The last columns of a named table: its timestamps, then the search key folded from its names. */
export const stampedNameSearch = () => ({ ...timestamps, search: searchKey('name_ar', 'name_en') });

/**
 * CHECK (column in (…)) from one of the contract's vocabularies (@sehha/contract/status-codes): the
 * database refuses any other value, and a new value is one migration that replaces the constraint.
 * The values are written as SQL literals, because a CHECK constraint cannot take parameters.
 */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly (string | number)[]) =>
  check(name, sql`${column} in (${sql.raw(values.map(sqlLiteral).join(', '))})`);

/** CHECK (column <@ array[…]): every element of an array column is one of the vocabulary's values. */
export const subsetOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} <@ array[${sql.raw(values.map(sqlLiteral).join(', '))}]::text[]`);

const sqlLiteral = (value: string | number) => (typeof value === 'number' ? String(Math.trunc(value)) : `'${value.replaceAll("'", "''")}'`);
