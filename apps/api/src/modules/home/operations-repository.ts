import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cachedQueryRows } from '../../db/page-cache';
import { toIso } from '../../db/dates';
import type { ProviderKind } from '@sehha/contract/status-codes';

const num = (value: unknown) => Number(value ?? 0);

/** A queue's size and the age of its oldest item, each read from a partial or leading index (migration 0022). */
export type QueueFigures = { count: number; oldest: string | null };

/** The kinds whose applications wait, each a column pair of the statement below. */
export const applicationKinds = ['doctor', 'pharmacy', 'hospital', 'medical_center', 'company'] as const satisfies readonly ProviderKind[];

/**
 * A queue's size and the age of its oldest item as two scalar subqueries (one round trip for every card): the size
 * `count(*)` over `from`, or a maintained counter (migrations 0006, 0027) where a queue can be long (counting one was
 * most of the home's time: docs/performance/api.md); the oldest from the queue's index.
 */
const queue = (name: string, from: SQL, age: SQL, counted?: SQL) => sql`
  ${counted ?? sql`(select count(*) from ${from})`} as ${sql.raw(`${name}_count`)},
  (select min(${age}) from ${from}) as ${sql.raw(`${name}_oldest`)}`;
/** A list counter's value (schema/counters.ts listCounters): the same figure as its list's total. */
const counter = (name: string) => sql`coalesce((select value from list_counters where name = ${name}), 0)`;

/** Every figure of the home, in one statement the page cache keeps (see figures). */
const keptFigures = (db: Database, timeZone: string, minute: string) =>
  cachedQueryRows<Record<string, unknown>>(
    db,
    ['home.operations', timeZone, minute],
    () => {
      const now = sql`${minute}::timestamptz`;
      const today = sql`(date_trunc('day', ${now} at time zone ${timeZone}) at time zone ${timeZone})`;
      const yesterday = sql`((date_trunc('day', ${now} at time zone ${timeZone}) - interval '1 day') at time zone ${timeZone})`;
      const sameTimeYesterday = sql`(${now} - interval '1 day')`;
      const todayDate = sql`(${now} at time zone ${timeZone})::date`;
      return sql`
      select
        ${sql.join(
          applicationKinds.map((kind) =>
            // Providers whose account is active, as the list the card opens counts them.
            queue(
              kind,
              sql`providers where status = 'pending' and kind = ${kind} and account_active`,
              sql`submitted_at`,
              counter(`providers:${kind}:pending`),
            ),
          ),
          sql`,`,
        )},
        ${queue(
          'licenses_pending',
          sql`licenses where status = 'pending'`,
          sql`created_at`,
          sql`(select coalesce(sum(total), 0) from license_counts where status = 'pending')`,
        )},
        (select coalesce(sum(total), 0) from license_counts where status = 'approved' and expires_on >= ${todayDate}
           and expires_on <= ${todayDate} + 30) as licenses_expiring_count,
        (select min(expires_on) from licenses where status = 'approved' and expires_on >= ${todayDate}
           and expires_on <= ${todayDate} + 30)::text as licenses_expiring_soonest,
        ${queue('change_requests', sql`change_requests where status = 0`, sql`created_at`, counter('change_requests:waiting'))},
        (select coalesce(sum(bookings), 0) from hourly_activity where hour >= ${today} and hour <= ${now}) as bookings_today,
        (select coalesce(sum(bookings), 0) from hourly_activity where hour >= ${yesterday}
           and hour <= ${sameTimeYesterday}) as bookings_yesterday,
        (select coalesce(sum(cancellations), 0) from hourly_activity where hour >= ${today} and hour <= ${now}) as cancellations_today,
        ${queue('failed_payments', sql`payment_intents where status = 'failed' and updated_at >= ${today}`, sql`updated_at`)},
        ${queue('failed_notifications', sql`outbox where status = 'failed'`, sql`created_at`)},
        (select coalesce(sum(new_users), 0) from hourly_activity where hour >= ${today} and hour <= ${now}) as users_today,
        (select coalesce(sum(new_users), 0) from hourly_activity where hour >= ${yesterday}
           and hour <= ${sameTimeYesterday}) as users_yesterday,
        (select coalesce(sum(revenue), 0) from hourly_activity where hour >= ${today} and hour <= ${now}) as revenue_today,
        (select coalesce(sum(revenue), 0) from hourly_activity where hour >= ${yesterday}
           and hour <= ${sameTimeYesterday}) as revenue_yesterday
    `;
    },
    // Planning its thirty subqueries was most of a miss (docs/performance/api.md): prepared once per connection.
    { prepared: true },
  );

export const operationsRepository = {
  /**
   * Every queue and like-for-like figure of the operations home in one statement. `minute` stands for now (the
   * page cache keeps the answer for that minute while the tables are unchanged); days are local days of `timeZone`,
   * and yesterday's figures stop at the same hour of the day (the hourly rollups of sign-ups, revenue, bookings and
   * cancellations: at most 48 rows). Each queue reads one partial or leading index range (migration 0022).
   */
  async figures(db: Database, timeZone: string, minute: string) {
    const [row = {}] = await keptFigures(db, timeZone, minute);
    const figures = (name: string): QueueFigures => ({
      count: num(row[`${name}_count`]),
      oldest: toIso(row[`${name}_oldest`] as string | null),
    });
    return {
      applications: Object.fromEntries(applicationKinds.map((kind) => [kind, figures(kind)])) as Record<
        (typeof applicationKinds)[number],
        QueueFigures
      >,
      licensesPending: figures('licenses_pending'),
      licensesExpiring: { count: num(row.licenses_expiring_count), soonest: (row.licenses_expiring_soonest as string | null) ?? null },
      changeRequests: figures('change_requests'),
      bookings: { today: num(row.bookings_today), yesterday: num(row.bookings_yesterday) },
      cancellationsToday: num(row.cancellations_today),
      failedNotifications: figures('failed_notifications'),
      failedPaymentsToday: figures('failed_payments'),
      users: { today: num(row.users_today), yesterday: num(row.users_yesterday) },
      revenue: { today: num(row.revenue_today), yesterday: num(row.revenue_yesterday) },
    };
  },
};
