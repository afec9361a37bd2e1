import { and, asc, desc, getTableColumns, sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../http/paginate';
import type { Database } from './connection';
import { cappedCount, counterNames, counterTotal } from './counts';
import { offerListSource } from './list-capture';

/** The page and search of a list, as the repositories take it. */
export type PageQuery = { page: number; perPage: number; search?: string | undefined };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * `column LIKE %term%` over a folded search column (see schema/columns searchKey), answered by
 * its trigram index; undefined for an empty term so it can go straight into `and(...)`.
 */
export function matchesSearch(searchColumn: PgColumn | SQL, term: string | undefined): SQL | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  return sql`${searchColumn} LIKE '%' || sehha_fold(${escapeLike(trimmed)}) || '%'`;
}

/** One page: the rows and the total, from two queries that share the same filter. */
export async function fetchPage<T>(options: {
  page: number;
  perPage: number;
  rows: (limit: number, offset: number) => Promise<T[]>;
  count: () => Promise<number>;
}): Promise<Page<T>> {
  const { page, perPage } = options;
  const [items, total] = await Promise.all([options.rows(perPage, (page - 1) * perPage), options.count()]);
  return { items, total, page, perPage };
}

/** Timestamps leave the API as ISO 8601 in UTC, whichever driver read them. */
export const toIso = (value: string | Date | null | undefined): string | null =>
  value == null
    ? null
    : new Date(
        value instanceof Date ? value : value.includes('T') || /[+-]\d\d(:?\d\d)?$|Z$/.test(value) ? value : `${value}Z`,
      ).toISOString();

export const toIsoRequired = (value: string | Date) => toIso(value)!;

/**
 * One page of a list query (a `.$dynamic()` select, filtered and ordered): its rows at the page's
 * offset, each through `present`, and the total from `count` (a count(*), a maintained counter…).
 */
export function selectPage<Q extends PgSelect, T>(
  select: Q,
  page: { page: number; perPage: number },
  options: { count: () => Promise<number>; present: (row: Awaited<Q>[number]) => T },
): Promise<Page<T>> {
  // An export of this list (http/export.ts) takes the unpaged select and streams it through a cursor.
  if (offerListSource({ select, present: options.present })) return Promise.resolve({ items: [], total: 0, ...page });
  return fetchPage({
    page: page.page,
    perPage: page.perPage,
    rows: async (limit, offset) => ((await select.limit(limit).offset(offset)) as Awaited<Q>).map(options.present),
    count: options.count,
  });
}

/**
 * The `{ id, name_ar, name_en }` of a bilingual record, as a nested selection: from a left join, a row
 * without that record gets `null` (Drizzle nulls a nested object whose joined row is missing).
 */
export function namedRef<T extends { id: PgColumn; name_ar: PgColumn; name_en: PgColumn }>(
  table: T,
): Pick<T, 'id' | 'name_ar' | 'name_en'> {
  return { id: table.id, name_ar: table.name_ar, name_en: table.name_en };
}

/** Some columns of a table, by name and in the order given, for a `select({...})`. */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/**
 * One page of a record's children (a pharmacy's medicines or branches, a facility's units) in id order:
 * `select` reads the child table and its joins; the filter is `parent` plus the search over the child's
 * folded key; the total a count over the child table alone (answered by its parent index).
 */
export function childPage<Q extends PgSelect, T>(
  db: Database,
  child: { table: PgTable & { id: PgColumn; search: PgColumn }; parent: SQL },
  query: PageQuery,
  list: { select: Q; present: (row: Awaited<Q>[number]) => T },
): Promise<Page<T>> {
  const where = and(child.parent, matchesSearch(child.table.search, query.search));
  return selectPage(list.select.where(where).orderBy(asc(child.table.id)) as Q, query, {
    present: list.present,
    count: () => db.$count(child.table, where),
  });
}

/**
 * One page of a log-like list, newest first (created_at, then id: the list's `(created_at, id)` index), of
 * the rows of `select` (a table and its joins) under `where`.
 */
export function newestFirstPage<Q extends PgSelect, T>(
  select: Q,
  order: { created_at: PgColumn; id: PgColumn },
  where: SQL | undefined,
  page: { page: number; perPage: number },
  options: { count: () => Promise<number>; present: (row: Awaited<Q>[number]) => T },
): Promise<Page<T>> {
  return selectPage(select.where(where).orderBy(desc(order.created_at), desc(order.id)) as Q, page, options);
}

/**
 * The total of a list over a big table: under a filter, a capped count of the `filtered` rows; without
 * one, the table's maintained counter (never a count(*) over the whole table).
 */
export function filteredOrCounted(
  db: Database,
  where: SQL | undefined,
  filtered: () => SQLWrapper,
  table: Parameters<typeof counterNames.table>[0],
): Promise<number> {
  return where ? cappedCount(db, filtered()) : counterTotal(db, [counterNames.table(table)]);
}
