import { and, asc, count, desc, eq, getTableColumns, getTableName, sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import { searchCountCap } from '@sehha/contract/envelope';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../http/paginate';
import { queryRows, type Database } from './connection';
import { cappedCount, counterNames, counterTotal, countOf } from './counts';
import { capturingListSource, offerListSource } from './list-capture';
import { cachedRows, type PageStatement } from './page-cache';

/**
 * Everything a list's page statement is built from but its page (which fetchPage adds): the list's name and
 * its filters, sort, search, parent record, day… The page cache remembers each shape's statement and answers
 * a kept page without building it again (page-cache.ts rows), so a shape must name every input: the test
 * suites check each statement against the one remembered for its shape.
 */
export type Shape = readonly [list: string, ...inputs: unknown[]];

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

/**
 * A list's total as one statement returning one row of one number (a maintained counter, a capped count,
 * a count(*) of a small table): see counts.ts.
 */
export type Total = SQLWrapper;

/** A row of a page's select: the list's columns and its total (withTotal). */
type Totalled = { page_total: number };

/**
 * A page's columns and the list's total as one more column, `page_total`. The total is an uncorrelated
 * subquery, which the database computes once per statement (an InitPlan): the page and its total are one
 * round trip and one snapshot, where a second query per request cost as much as the page's own work.
 */
export function withTotal<F extends Record<string, unknown>>(fields: F, total: Total) {
  return { ...fields, page_total: sql<number>`(${total})`.mapWith(Number) };
}

/** The total of a select that reads one record, not a page (a record's select shared with its list). */
export const noTotal: Total = sql`select 0`;

/** The total alone: for a page past the end, whose statement returned no row to carry it. */
const totalAlone = (db: Database, total: Total) =>
  queryRows<{ total: number | string | null }>(db, sql`select (${total}) as total`).then((rows) => Number(rows[0]?.total ?? 0));

/** A row without its `page_total`, as the list presents it. */
export function withoutTotal<R extends Totalled>({ page_total: _total, ...row }: R): Omit<R, 'page_total'> {
  return row;
}

/**
 * One page: `rows` reads the page's rows, each carrying the list's total (withTotal), in one statement.
 * Only a page past the end (no row, page 2 or later) asks for `total` again, as a statement of its own.
 */
export async function fetchPage<R extends Totalled, T>(
  db: Database,
  page: { page: number; perPage: number },
  options: {
    shape: Shape;
    rows: (limit: number, offset: number) => PageStatement<R>;
    total: Total;
    present: (row: Omit<R, 'page_total'>) => T;
  },
): Promise<Page<T>> {
  // A page read before and kept while the tables it reads are unchanged (page-cache.ts), else the statement.
  const rows = await cachedRows(db, [...options.shape, page.page, page.perPage], () =>
    options.rows(page.perPage, (page.page - 1) * page.perPage),
  );
  // An empty first page means no row matches: the statement's snapshot had none, so there is nothing to count.
  const total = rows[0] ? rows[0].page_total : page.page === 1 ? 0 : await totalAlone(db, options.total);
  return { items: rows.map((row) => options.present(withoutTotal(row))), total, page: page.page, perPage: page.perPage };
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
 * A page of a list whose rows come from Drizzle selects carrying `page_total`: the unpaged `select` goes to
 * an export being captured (http/export.ts streams it through a cursor), else `rows` reads the page (the
 * unpaged select is then never built).
 */
function pageOf<Q extends PgSelect, T>(
  db: Database,
  page: { page: number; perPage: number },
  select: () => Q,
  options: {
    shape: Shape;
    rows: (limit: number, offset: number) => Q;
    total: Total;
    present: (row: Omit<Awaited<Q>[number], 'page_total'>) => T;
  },
): Promise<Page<T>> {
  type Row = Awaited<Q>[number];
  const present = (row: Row) => options.present(withoutTotal(row as Row & Totalled));
  if (capturingListSource()) {
    offerListSource({ select: select(), present });
    return Promise.resolve({ items: [], total: 0, ...page });
  }
  return fetchPage(db, page, {
    shape: options.shape,
    rows: (limit, offset) => options.rows(limit, offset) as unknown as PageStatement<Row & Totalled>,
    total: options.total,
    present: (row) => options.present(row),
  });
}

/**
 * One page of a list query: a `.$dynamic()` select, filtered and ordered, whose columns carry the list's
 * `total` (withTotal); its rows at the page's offset, each through `present`.
 */
export function selectPage<Q extends PgSelect, T>(
  db: Database,
  select: Q,
  page: { page: number; perPage: number },
  options: { shape: Shape; total: Total; present: (row: Omit<Awaited<Q>[number], 'page_total'>) => T },
): Promise<Page<T>> {
  return pageOf(db, page, () => select, { ...options, rows: (limit, offset) => select.limit(limit).offset(offset) });
}

/**
 * One page of a list whose rows join other tables, joined only for the page's own rows (a deferred join):
 * `ids` picks the page's ids from the list's table alone (its order's index, or the few matches of a
 * search, sorted narrow), then `select(filter)` joins only those. Joining every match of a search before
 * sorting cost a join per match (2,500 companies for "provider 11"). The export streams `select(where)`.
 */
export function deferredJoinPage<Q extends PgSelect, T>(
  db: Database,
  page: { page: number; perPage: number },
  options: {
    shape: Shape;
    select: (where: SQL | undefined) => Q;
    where: SQL | undefined;
    id: PgColumn;
    ids: (limit: number, offset: number) => SQLWrapper;
    total: Total;
    present: (row: Omit<Awaited<Q>[number], 'page_total'>) => T;
  },
): Promise<Page<T>> {
  return pageOf(db, page, () => options.select(options.where), {
    ...options,
    rows: (limit, offset) => options.select(sql`${options.id} in (${options.ids(limit, offset)})`),
  });
}

/**
 * A free-text search's page ids and total from one read of its matches. `matches` (the ids and order
 * columns of the matching rows of `table`, filtered) is read once, up to the cap, into a CTE, and the total
 * counts it. While it holds every match (10,000 or fewer), the page is its first rows in the list's order,
 * sorted from those narrow rows; above the cap the matches are dense, and `walk` (the order's index,
 * filtered) finds a page after a few rows. The database runs only the branch whose one-time condition
 * holds. Before, a rare term made the planner walk the order's index to the end (all 20,000 deactivated
 * accounts for a name none of them had) and the matches were read twice, for the page and for the count.
 * The page's statement must declare `ctes` (`db.with(...ctes)`) to select `total`; `totalAlone` is the same
 * count as a statement of its own (for fetchPage's page past the end).
 */
export function searchMatches(
  db: Database,
  table: PgTable,
  matches: PgSelect,
  order: SQL[],
  walk: (limit: number, offset: number) => SQLWrapper,
) {
  const matched = db.$with('matches').as(matches.limit(searchCountCap + 1));
  const counted = db.$with('matches_count').as(db.select({ total: count().as('total') }).from(matched));
  const total: Total = sql`select ${counted.total} from ${counted}`;
  // The CTE's rows under the table's own name, so that the list's order (table-qualified columns) sorts them.
  const sorted = (limit: number, offset: number) =>
    sql`select id from ${matched} as ${table} where (${total}) <= ${searchCountCap} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`;
  const walked = (limit: number, offset: number) =>
    sql`select id from (${walk(limit, offset)}) as walked where (${total}) > ${searchCountCap}`;
  return {
    ctes: [matched, counted] as const,
    total,
    totalAlone: db.with(matched, counted).select({ total: counted.total }).from(counted),
    ids: (limit: number, offset: number) => sql`(${sorted(limit, offset)}) union all (${walked(limit, offset)})`,
  };
}

/**
 * A column named with its table, always: Drizzle leaves the table out of a select's columns when the
 * statement reads a single table, and inside a correlated subquery an unqualified name resolves to the
 * subquery's own table first (a unit's doctors count of `"unit_id" = "id"` counted by the wrong id).
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The `{ id, name_ar, name_en }` of the bilingual record `key` points at (a country, a speciality…), or null:
 * a scalar subquery by primary key rather than a left join. Each join of the page's statement cost the
 * planner more than the lookup itself (a doctors page: 0.49 ms to plan with two such joins, 0.26 without).
 * The record's table is read under its own alias (`<table>_ref`), so it never shadows the page's tables.
 */
export function namedRef(table: PgTable & { id: PgColumn; name_ar: PgColumn; name_en: PgColumn }, key: PgColumn) {
  const ref = sql.identifier(`${getTableName(table)}_ref`);
  const field = (column: PgColumn) => sql`${ref}.${sql.identifier(column.name)}`;
  return sql<{
    id: number;
    name_ar: string;
    name_en: string;
  } | null>`(select json_build_object('id', ${field(table.id)}, 'name_ar', ${field(table.name_ar)}, 'name_en', ${field(table.name_en)}) from ${table} as ${ref} where ${field(table.id)} = ${qualified(key)})`;
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
 * `select` reads the child table and its joins with the given total among its columns (withTotal); the
 * filter is `parent` plus the search over the child's folded key; the total a count over the child table
 * alone (answered by its parent index).
 */
export function childPage<Q extends PgSelect, T>(
  db: Database,
  child: { table: PgTable & { id: PgColumn; search: PgColumn }; parent: PgColumn; parentId: number },
  query: PageQuery,
  list: { select: (total: Total) => Q; present: (row: Omit<Awaited<Q>[number], 'page_total'>) => T },
): Promise<Page<T>> {
  const where = and(eq(child.parent, child.parentId), matchesSearch(child.table.search, query.search));
  const total = countOf(db, child.table, where);
  return selectPage(db, list.select(total).where(where).orderBy(asc(child.table.id)) as Q, query, {
    shape: [getTableName(child.table), child.parentId, query.search?.trim()],
    total,
    present: list.present,
  });
}

/**
 * One page of a log-like list, newest first (created_at, then id: the list's `(created_at, id)` index), of
 * the rows of `select` (a table and its joins, with the total among its columns) under `where`.
 */
export function newestFirstPage<Q extends PgSelect, T>(
  db: Database,
  select: Q,
  order: { created_at: PgColumn; id: PgColumn },
  where: SQL | undefined,
  page: { page: number; perPage: number },
  options: { shape: Shape; total: Total; present: (row: Omit<Awaited<Q>[number], 'page_total'>) => T },
): Promise<Page<T>> {
  return selectPage(db, select.where(where).orderBy(desc(order.created_at), desc(order.id)) as Q, page, options);
}

/**
 * The total of a list over a big table: under a filter, a capped count of the `filtered` rows; without
 * one, the table's maintained counter (never a count(*) over the whole table).
 */
export function filteredOrCounted(
  where: SQL | undefined,
  filtered: () => SQLWrapper,
  table: Parameters<typeof counterNames.table>[0],
): Total {
  return where ? cappedCount(filtered()) : counterTotal([counterNames.table(table)]);
}
