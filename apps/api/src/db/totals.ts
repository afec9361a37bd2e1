import { count, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { searchCountCap } from '@sehha/contract/envelope';
import { queryRows, type Database } from './database';
import { listCounters } from './schema/counters';

/**
 * The sum of some maintained counters (schema/counters.ts): a list's exact total in one indexed read,
 * whatever the size of the table it counts. Like every total here, a statement to select beside a page
 * (withTotal), not a query of its own.
 */
export function counterTotal(names: string[]): SQLWrapper {
  return sql`select coalesce(sum(${listCounters.value}), 0) from ${listCounters} where ${inArray(listCounters.name, names)}`;
}

/**
 * A free-text search's total, counted up to searchCountCap + 1 rows: exact up to 10,000, else 10,001
 * ("10,000+", see the contract's paginator). Counting every match of a common name (a tenth of a million
 * users) would cost more than the page itself; this stops after the cap.
 */
export function cappedCount(matches: SQLWrapper): SQLWrapper {
  return sql`select count(*) from ((${matches}) limit ${searchCountCap + 1}) as matches`;
}

/** An exact count(*) of a table's rows under a filter: for small tables, or a filter an index answers. */
export function countOf(db: Database, table: PgTable, where: SQL | undefined): SQLWrapper {
  return db.select({ total: count() }).from(table).where(where);
}

/** Counter names, one place for the triggers' naming (migration 0006). */
export const counterNames = {
  account: (role: string, active: boolean) => `users:${role}:${active ? 'active' : 'inactive'}`,
  provider: (kind: string, status: string) => `providers:${kind}:${status}`,
  table: (name: 'prescriptions' | 'user_subscriptions') => name,
  paidRevenue: 'payments:paid',
  /** Every appointment but holds (held now, or lapsed unpaid), in 16 counters by provider (migration 0028). */
  appointments: Array.from({ length: 16 }, (_, shard) => `appointments:${shard}`),
};

/**
 * A list's total as one statement returning one row of one number (a maintained counter, a capped count,
 * a count(*) of a small table): see counterTotal, cappedCount and countOf below.
 */
export type Total = SQLWrapper;

/** A row of a page's select: the list's columns and its total (withTotal). */
export type Totalled = { page_total: number };

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
export const totalAlone = (db: Database, total: Total) =>
  queryRows<{ total: number | string | null }>(db, sql`select (${total}) as total`).then((rows) => Number(rows[0]?.total ?? 0));

/** A row without its `page_total`, as the list presents it. */
export function withoutTotal<R extends Totalled>({ page_total: _total, ...row }: R): Omit<R, 'page_total'> {
  return row;
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
