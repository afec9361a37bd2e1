import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { counterNames } from '../../db/totals';
import { cachedQueryRows } from '../../db/page-cache';

const num = (value: unknown) => Number(value ?? 0);

/**
 * The current minute, a parameter where the statements would say `now()`: each statement names its time, so
 * the page cache (db/page-cache.ts) may keep its answer for that minute while the counters are unchanged.
 * Local days and months begin on a whole minute in every time zone, so the boundaries are those of `now()`.
 */
const currentMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

/** Local-day boundaries in the platform's time zone, as SQL fragments. */
const todayStart = (tz: string, minute: string) => sql`(date_trunc('day', ${minute}::timestamptz at time zone ${tz}) at time zone ${tz})`;

/** A maintained counter (list_counters), 0 when it has never been counted. */
const counter = (...names: string[]) =>
  sql`(select coalesce(sum(value), 0) from list_counters where name in (${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )}))`;

export const homeRepository = {
  /**
   * Every figure of the home cards in one round trip, from the maintained counters and hourly rollups
   * (migration 0006): totals are one row each, today and yesterday at most 48 hourly rows, whatever
   * the number of accounts and payments.
   */
  async figures(db: Database, timeZone: string) {
    const minute = currentMinute();
    const [row = {}] = await cachedQueryRows<Record<string, unknown>>(db, ['home.figures', timeZone, minute], () => {
      const today = todayStart(timeZone, minute);
      const yesterday = sql`(${today} - interval '1 day')`;
      return sql`
      select
        ${counter(counterNames.account('user', true), counterNames.account('user', false))} as total_users,
        (select coalesce(sum(new_users), 0) from hourly_activity where hour >= ${today}) as users_today,
        (select coalesce(sum(new_users), 0) from hourly_activity where hour >= ${yesterday} and hour < ${today}) as users_yesterday,
        ${counter(counterNames.paidRevenue)} as revenue_total,
        (select coalesce(sum(revenue), 0) from hourly_activity where hour >= ${today}) as revenue_today,
        ${counter(counterNames.table('user_subscriptions'))} as subscriptions_total,
        (select coalesce(sum(subscriptions), 0) from hourly_activity where hour >= ${today}) as subscriptions_today
    `;
    });
    return {
      totalUsers: num(row.total_users),
      usersToday: num(row.users_today),
      usersYesterday: num(row.users_yesterday),
      revenueTotal: num(row.revenue_total),
      revenueToday: num(row.revenue_today),
      subscriptionsTotal: num(row.subscriptions_total),
      subscriptionsToday: num(row.subscriptions_today),
    };
  },

  /**
   * Paid revenue per local day (last 30 days) or per month (last 12 months), gaps filled with 0. Each
   * bucket's local bounds are turned into instants once, then the hourly rollup is summed between them
   * by its primary key: no time-zone arithmetic per row, at most 8,784 rows for a year.
   */
  async revenue(db: Database, timeZone: string, period: 'daily' | 'monthly') {
    const minute = currentMinute();
    const rows = await cachedQueryRows<{ bucket: string; amount: unknown }>(db, ['home.revenue', timeZone, period, minute], () => {
      const unit = period === 'daily' ? 'day' : 'month';
      const span = period === 'daily' ? sql`interval '29 days'` : sql`interval '11 months'`;
      const step = period === 'daily' ? sql`interval '1 day'` : sql`interval '1 month'`;
      const now = sql`${minute}::timestamptz`;
      return sql`
      with buckets as (
        select bucket, bucket at time zone ${timeZone} as starts, (bucket + ${step}) at time zone ${timeZone} as ends
        from generate_series(
          date_trunc(${unit}, ${now} at time zone ${timeZone}) - ${span},
          date_trunc(${unit}, ${now} at time zone ${timeZone}),
          ${step}
        ) as bucket
      )
      select to_char(bucket, ${period === 'daily' ? 'YYYY-MM-DD' : 'YYYY-MM'}) as bucket,
             (select coalesce(sum(revenue), 0) from hourly_activity where hour >= starts and hour < ends) as amount
      from buckets
      order by buckets.bucket
    `;
    });
    return rows.map((row) => ({ date: row.bucket, amount: num(row.amount) }));
  },
};
