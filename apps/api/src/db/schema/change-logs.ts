import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A transaction id with its epoch (PostgreSQL's xid8): never wraps, and compares with a snapshot's bounds. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Which appointments each write transaction changed (migration 0029): one row per changed row's patient, provider and
 * facility, written by a trigger in the writer's transaction and stamped with its transaction id. The page cache asks
 * it whether the writes committed between two snapshots touched a page (db/change-log.ts), so that a search's page
 * outlives the bookings of patients and providers it does not name. No foreign keys: a row outlives what it names.
 * A TRUNCATE writes one row with `every_row`. Rows older than a few minutes are pruned (sehha_prune_change_logs()).
 */
export const appointmentChanges = pgTable(
  'appointment_changes',
  {
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`clock_timestamp()`),
    user_id: bigint('user_id', { mode: 'number' }),
    provider_id: bigint('provider_id', { mode: 'number' }),
    facility_id: bigint('facility_id', { mode: 'number' }),
    /** Written by an INSERT (a new row): a write that can only add rows to a list. */
    inserted: boolean('inserted').notNull().default(false),
    every_row: boolean('every_row').notNull().default(false),
  },
  (t) => [index('appointment_changes_xid_idx').on(t.xid)],
);

/**
 * Per change log, the transaction id below which rows may have been pruned (the pruning's own snapshot's xmin: every
 * transaction below it had ended, none at or above it lost a row): a snapshot to which a transaction below it was not
 * yet visible cannot be compared with now through the log (the page is read again).
 */
export const changeLogHorizons = pgTable('change_log_horizons', {
  log: text('log').primaryKey(),
  pruned_below: xid8('pruned_below').notNull(),
});
