import { count, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { searchCountCap } from '@sehha/contract/envelope';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import type { Total } from './totals';

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
 * A free-text search's page ids and total from one read of its matches. `matches` (the ids and order
 * columns of the matching rows of `table`, filtered) is read once, up to the cap, into a CTE, and the total
 * counts it. While it holds every match (10,000 or fewer), the page is its first rows in the list's order,
 * sorted from those narrow rows; above the cap the matches are dense, and `walk` (the order's index,
 * filtered) finds a page after a few rows. The database runs only the branch whose one-time condition
 * holds. Before, a rare term made the planner walk the order's index to the end (every deactivated account
 * for a name none of them had: docs/performance/api.md) and the matches were read twice, for the page and for the count.
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
