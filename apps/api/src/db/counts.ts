import { count, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { searchCountCap } from '@sehha/contract/envelope';
import type { Database } from './connection';
import { listCounters } from './schema/counters';

/**
 * The sum of some maintained counters (schema/counters.ts): a list's exact total in one indexed read,
 * whatever the size of the table it counts. Like every total here, a statement to select beside a page
 * (paged.ts withTotal), not a query of its own.
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
};
