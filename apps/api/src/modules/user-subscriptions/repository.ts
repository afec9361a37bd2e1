import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { subscriptionPlans, userSubscriptions } from '../../db/schema/subscriptions';
import { filteredOrCounted, withTotal } from '../../db/totals';
import { newestFirstPage } from '../../db/paging';
import { matchesSearch } from '../../db/search';
import { toIsoRequired } from '../../db/dates';

const columns = {
  id: userSubscriptions.id,
  price_paid: userSubscriptions.price_paid,
  starts_at: userSubscriptions.starts_at,
  ends_at: userSubscriptions.ends_at,
  status: userSubscriptions.status,
  created_at: userSubscriptions.created_at,
  user_id: users.id,
  user_name: users.name,
  user_email: users.email,
  plan_id: subscriptionPlans.id,
  plan_name_ar: subscriptionPlans.name_ar,
  plan_name_en: subscriptionPlans.name_en,
  plan_period_unit: subscriptionPlans.period_unit,
  plan_period_length: subscriptionPlans.period_length,
  plan_currency: subscriptionPlans.currency,
};

export const userSubscriptionRepository = {
  /** Newest first (user_subscriptions_created_idx); `search` matches the user's name, email or phone. */
  page(db: Database, query: { page: number; perPage: number; search?: string | undefined }) {
    // The subscriber's search key is a column of the subscription (kept by triggers, migration 0012): the search
    // and its count read this table's trigram index alone.
    const where = and(matchesSearch(userSubscriptions.search, query.search));
    const total = filteredOrCounted(
      where,
      () => db.select({ id: userSubscriptions.id }).from(userSubscriptions).where(where),
      'user_subscriptions',
    );
    const select = db
      .select(withTotal(columns, total))
      .from(userSubscriptions)
      .innerJoin(users, eq(users.id, userSubscriptions.user_id))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.plan_id))
      .$dynamic();
    return newestFirstPage(db, select, userSubscriptions, where, query, {
      shape: ['user_subscriptions', query],
      present: (row) => ({
        id: row.id,
        user: { id: row.user_id, name: row.user_name, email: row.user_email },
        plan: {
          id: row.plan_id,
          name_ar: row.plan_name_ar,
          name_en: row.plan_name_en,
          period_unit: row.plan_period_unit,
          period_length: row.plan_period_length,
          currency: row.plan_currency,
        },
        price_paid: Number(row.price_paid),
        starts_at: toIsoRequired(row.starts_at),
        ends_at: toIsoRequired(row.ends_at),
        status: row.status,
        created_at: toIsoRequired(row.created_at),
      }),
      total,
    });
  },
};
