import { inArray, sql, sum, type SQLWrapper } from 'drizzle-orm';
import { searchCountCap } from '@sehha/contract/envelope';
import { queryRows, type Database } from './connection';
import { listCounters } from './schema/counters';

/**
 * The sum of some maintained counters (schema/counters.ts): a list's exact total in one indexed read,
 * whatever the size of the table it counts.
 */
export function counterTotal(db: Database, names: string[]): Promise<number> {
  return db
    .select({ total: sum(listCounters.value) })
    .from(listCounters)
    .where(inArray(listCounters.name, names))
    .then((rows) => Number(rows[0]?.total ?? 0));
}

/**
 * A free-text search's total, counted up to searchCountCap + 1 rows: exact up to 10,000, else 10,001
 * ("10,000+", see the contract's paginator). Counting every match of a common name (a tenth of a million
 * users) would cost more than the page itself; this stops after the cap.
 */
export function cappedCount(db: Database, matches: SQLWrapper): Promise<number> {
  return queryRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from ((${matches}) limit ${searchCountCap + 1}) as matches`,
  ).then((rows) => Number(rows[0]?.total ?? 0));
}

/** Counter names, one place for the triggers' naming (migration 0006). */
export const counterNames = {
  account: (role: string, active: boolean) => `users:${role}:${active ? 'active' : 'inactive'}`,
  provider: (kind: string, status: string) => `providers:${kind}:${status}`,
  table: (name: 'prescriptions' | 'user_subscriptions') => name,
  paidRevenue: 'payments:paid',
};
