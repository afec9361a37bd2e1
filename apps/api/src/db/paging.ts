import { and, asc, desc, eq, getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../http/paginate';
import type { Database } from './database';
import { capturingListSource, offerListSource } from './list-capture';
import { cachedRows, type Narrowing, type PageStatement } from './page-cache';
import { matchesSearch } from './search';
import { countOf, totalAlone, withoutTotal, type Total, type Totalled } from './totals';

/**
 * What a list's page statement is built from, but its page (which fetchPage adds): the list's name, its whole
 * query as the repository takes it, then what else the statement reads (parent record, scope, day). The page
 * cache answers a kept page by its shape without building the statement (page-cache.ts rows), so the query
 * goes in whole, never as picked fields: a field left out would answer another filter's page.
 */
export type Shape = readonly [list: string, query: object, ...context: unknown[]];

/** The page and search of a list, as the repositories take it. */
export type PageQuery = { page: number; perPage: number; search?: string | undefined };

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
    /** Run as a named statement (see RowsOptions.prepared): only where the best plan does not depend on the values. */
    prepared?: boolean | undefined;
    /** How the page may outlive writes that do not touch it (see Narrowing). */
    narrowing?: Narrowing | undefined;
  },
): Promise<Page<T>> {
  // A page read before and kept while the tables it reads are unchanged (page-cache.ts), else the statement.
  const rows = await cachedRows(
    db,
    [...options.shape, page.page, page.perPage],
    () => options.rows(page.perPage, (page.page - 1) * page.perPage),
    { prepared: options.prepared, narrowing: options.narrowing },
  );
  // An empty first page means no row matches: the statement's snapshot had none, so there is nothing to count.
  const total = rows[0] ? rows[0].page_total : page.page === 1 ? 0 : await totalAlone(db, options.total);
  return { items: rows.map((row) => options.present(withoutTotal(row))), total, page: page.page, perPage: page.perPage };
}

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
    narrowing?: Narrowing | undefined;
    prepared?: boolean | undefined;
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
    narrowing: options.narrowing,
    prepared: options.prepared,
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
 * sorting cost a join per match (docs/performance/api.md). The export streams `select(where)`.
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
    narrowing?: Narrowing | undefined;
    /** Run as a named statement (see RowsOptions.prepared): only where the best plan does not depend on the values. */
    prepared?: boolean | undefined;
  },
): Promise<Page<T>> {
  return pageOf(db, page, () => options.select(options.where), {
    ...options,
    rows: (limit, offset) => options.select(sql`${options.id} in (${options.ids(limit, offset)})`),
  });
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
    shape: [getTableName(child.table), query, child.parentId],
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
  options: { shape: Shape; total: Total; present: (row: Omit<Awaited<Q>[number], 'page_total'>) => T; oldestFirst?: boolean | undefined },
): Promise<Page<T>> {
  // A list of what waits for a decision reads oldest first (issue 29): who waited longest comes first.
  const by = options.oldestFirst ? asc : desc;
  return selectPage(db, select.where(where).orderBy(by(order.created_at), by(order.id)) as Q, page, options);
}
