import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/connection';

const num = (value: unknown) => Number(value ?? 0);

/** Local-day boundaries in the platform's time zone, as SQL fragments. */
const todayStart = (tz: string) => sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;

export const homeRepository = {
  /** Every figure of the home cards in one round trip; each sub-select is answered by an index. */
  async figures(db: Database, timeZone: string) {
    const today = todayStart(timeZone);
    const yesterday = sql`(${today} - interval '1 day')`;
    const [row = {}] = await queryRows<Record<string, unknown>>(db, sql`
      select
        (select count(*) from users where role = 'user') as total_users,
        (select count(*) from users where role = 'user' and created_at >= ${today}) as users_today,
        (select count(*) from users where role = 'user' and created_at >= ${yesterday} and created_at < ${today}) as users_yesterday,
        (select coalesce(sum(amount), 0) from payments where status = 'paid') as revenue_total,
        (select coalesce(sum(amount), 0) from payments where status = 'paid' and paid_at >= ${today}) as revenue_today,
        (select count(*) from user_subscriptions) as subscriptions_total,
        (select count(*) from user_subscriptions where created_at >= ${today}) as subscriptions_today
    `);
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

  /** Paid revenue per local day (last 30 days) or per month (last 12 months), gaps filled with 0. */
  async revenue(db: Database, timeZone: string, period: 'daily' | 'monthly') {
    const unit = period === 'daily' ? 'day' : 'month';
    const span = period === 'daily' ? sql`interval '29 days'` : sql`interval '11 months'`;
    const step = period === 'daily' ? sql`interval '1 day'` : sql`interval '1 month'`;
    const rows = await queryRows<{ bucket: string; amount: unknown }>(db, sql`
      with buckets as (
        select generate_series(
          date_trunc(${unit}, now() at time zone ${timeZone}) - ${span},
          date_trunc(${unit}, now() at time zone ${timeZone}),
          ${step}
        ) as bucket
      ),
      sums as (
        select date_trunc(${unit}, paid_at at time zone ${timeZone}) as bucket, sum(amount) as amount
        from payments
        where status = 'paid' and paid_at >= ((date_trunc(${unit}, now() at time zone ${timeZone}) - ${span}) at time zone ${timeZone})
        group by 1
      )
      select to_char(buckets.bucket, ${period === 'daily' ? 'YYYY-MM-DD' : 'YYYY-MM'}) as bucket, coalesce(sums.amount, 0) as amount
      from buckets left join sums on sums.bucket = buckets.bucket
      order by buckets.bucket
    `);
    return rows.map((row) => ({ date: row.bucket, amount: num(row.amount) }));
  },
};
