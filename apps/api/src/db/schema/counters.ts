import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { licenseStatuses } from '@sehha/contract/status-codes';
import { oneOf } from './columns';

/**
 * Counts and sums the dashboard shows on every request, kept by triggers (migration 0006) in the
 * transaction of the change, so that a list's total or a home card costs one indexed read instead of
 * an aggregate over a table of millions. sehha_refresh_counters() rebuilds them all from the tables.
 *
 * Names: `users:<role>:<active|inactive>`, `providers:<kind>:<status>` (providers whose account is
 * active, as the lists show them), `prescriptions`, `user_subscriptions`, `payments:paid` (a sum),
 * `change_requests:waiting` (migration 0027).
 */
export const listCounters = pgTable('list_counters', {
  name: text('name').primaryKey(),
  value: numeric('value', { mode: 'number' }).notNull().default(0),
});

/**
 * Real bookings per provider (every appointment but a hold released unpaid, migration 0018): `own` where it is the
 * appointable, `at_facility` booked with another provider at it.
 */
export const appointmentCounts = pgTable('appointment_counts', {
  provider_id: bigint('provider_id', { mode: 'number' }).primaryKey(),
  own: bigint('own', { mode: 'number' }).notNull().default(0),
  at_facility: bigint('at_facility', { mode: 'number' }).notNull().default(0),
});

/** Licenses per review status and expiry date, so that the expired/valid filters are a sum over dates. */
export const licenseCounts = pgTable(
  'license_counts',
  {
    status: text('status', { enum: licenseStatuses }).notNull(),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.expires_on] }), oneOf('license_counts_status_check', t.status, licenseStatuses)],
);

/**
 * The home cards' figures per UTC hour: sign-ups of ordinary users, subscriptions taken, revenue paid.
 * Any whole-hour time zone's local days (Africa/Cairo) are unions of these hours. Readers sum an hour's rows.
 */
export const hourlyActivity = pgTable(
  'hourly_activity',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'string' }).notNull(),
    /**
     * Which of the hour's rows a write adds to: its backend's (pg_backend_pid() % 8), so that parallel bookings
     * do not queue on one row until each commits; past hours are folded into shard 0 (migration 0030).
     */
    shard: smallint('shard').notNull().default(0),
    new_users: bigint('new_users', { mode: 'number' }).notNull().default(0),
    subscriptions: bigint('subscriptions', { mode: 'number' }).notNull().default(0),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** Appointments booked in the hour (not checkouts' holds, nor holds released unpaid), by their creation (migration 0022). */
    bookings: bigint('bookings', { mode: 'number' }).notNull().default(0),
    /** Appointments cancelled by a patient or a provider in the hour. */
    cancellations: bigint('cancellations', { mode: 'number' }).notNull().default(0),
  },
  // The shards left to fold (sehha_fold_hourly_activity), found without reading every hour.
  (t) => [
    primaryKey({ columns: [t.hour, t.shard] }),
    index('hourly_activity_shards')
      .on(t.hour)
      .where(sql`shard <> 0`),
  ],
);

/**
 * Active ordinary users per UTC day of joining: where page N of the users list (newest first) begins
 * is found by summing days from the newest, not by skipping (N - 1) × per_page index entries.
 */
export const activeUserDays = pgTable('active_user_days', {
  day: timestamp('day', { withTimezone: true, mode: 'string' }).primaryKey(),
  users: bigint('users', { mode: 'number' }).notNull().default(0),
});

/**
 * How many write statements each table has seen, one row per table and PostgreSQL backend (pid), bumped by
 * a statement-level trigger in the transaction of the write (migration 0013). A table's version is the sum
 * of its rows: it grows with every committed change and with nothing else, so a page read while it had
 * some value is still the answer while it has it (db/page-cache.ts). One row per backend, because two
 * transactions bumping one shared row would wait for each other and, touching two tables in opposite
 * orders, deadlock; sehha_compact_table_versions() folds the rows of ended backends into backend 0.
 */
export const tableVersions = pgTable(
  'table_versions',
  {
    table_name: text('table_name').notNull(),
    backend: integer('backend').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.table_name, t.backend] })],
);
