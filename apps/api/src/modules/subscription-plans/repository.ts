import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { planFeatures, subscriptionPlans, userSubscriptions } from '../../db/schema/subscriptions';
import { toIsoRequired } from '../../db/dates';
import type { PlanValues } from '@sehha/contract/subscription-plans';

type Feature = { id: number; title_ar: string; title_en: string; sort_order: number };

/* Correlated subqueries name the outer table explicitly: drizzle renders a lone column unqualified. */
/** Features as one JSON array per plan and the subscription count, both from subqueries: one query per list. */
const featuresJson = sql<Feature[]>`coalesce((
  select json_agg(json_build_object('id', f.id, 'title_ar', f.title_ar, 'title_en', f.title_en, 'sort_order', f.sort_order) order by f.sort_order, f.id)
  from ${planFeatures} f where f.plan_id = "subscription_plans"."id"
), '[]'::json)`;
const subscriptionsCount = sql<number>`(select count(*)::int from ${userSubscriptions} s where s.plan_id = "subscription_plans"."id")`;

const columns = {
  id: subscriptionPlans.id,
  name_ar: subscriptionPlans.name_ar,
  name_en: subscriptionPlans.name_en,
  price: subscriptionPlans.price,
  currency: subscriptionPlans.currency,
  period_unit: subscriptionPlans.period_unit,
  period_length: subscriptionPlans.period_length,
  description_ar: subscriptionPlans.description_ar,
  description_en: subscriptionPlans.description_en,
  available_from: subscriptionPlans.available_from,
  created_at: subscriptionPlans.created_at,
  updated_at: subscriptionPlans.updated_at,
  features: featuresJson,
  subscriptions_count: subscriptionsCount,
};

const present = (row: Awaited<ReturnType<typeof selectPlans>>[number]) => ({
  ...row,
  price: Number(row.price),
  subscriptions_count: Number(row.subscriptions_count),
  features: (typeof row.features === 'string' ? (JSON.parse(row.features) as Feature[]) : row.features).map((f) => ({
    ...f,
    id: Number(f.id),
    sort_order: Number(f.sort_order),
  })),
  created_at: toIsoRequired(row.created_at),
  updated_at: toIsoRequired(row.updated_at),
});

function selectPlans(db: Database, id?: number) {
  return db
    .select(columns)
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.is_archived, false), id === undefined ? undefined : eq(subscriptionPlans.id, id)))
    .orderBy(asc(subscriptionPlans.price), desc(subscriptionPlans.id));
}

const planValues = (values: PlanValues) => ({
  name_ar: values.name_ar,
  name_en: values.name_en,
  price: values.price,
  period_unit: values.period_unit,
  period_length: values.period_length,
  description_ar: values.description_ar ?? null,
  description_en: values.description_en ?? null,
  available_from: values.available_from ?? null,
});

export const subscriptionPlanRepository = {
  /** Plans on offer (archived ones are kept only for their subscriptions' history), cheapest first. */
  all: (db: Database) => selectPlans(db).then((rows) => rows.map(present)),

  find: (db: Database, id: number) => selectPlans(db, id).then((rows) => (rows[0] ? present(rows[0]) : undefined)),

  /** Locks a plan on offer before changing it. */
  lock(db: Database, id: number) {
    return db
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.is_archived, false)))
      .for('update')
      .then((rows) => rows[0]);
  },

  async insert(db: Database, values: PlanValues) {
    const [created] = await db.insert(subscriptionPlans).values(planValues(values)).returning({ id: subscriptionPlans.id });
    await subscriptionPlanRepository.replaceFeatures(db, created!.id, values.features);
    return created!.id;
  },

  async update(db: Database, id: number, values: PlanValues) {
    await db
      .update(subscriptionPlans)
      .set({ ...planValues(values), updated_at: sql`now()` })
      .where(eq(subscriptionPlans.id, id));
    await subscriptionPlanRepository.replaceFeatures(db, id, values.features);
  },

  /** Features are owned by the plan: an edit replaces the list in order. */
  async replaceFeatures(db: Database, planId: number, features: PlanValues['features']) {
    await db.delete(planFeatures).where(eq(planFeatures.plan_id, planId));
    if (features.length > 0) {
      await db
        .insert(planFeatures)
        .values(features.map((f, i) => ({ plan_id: planId, title_ar: f.title_ar, title_en: f.title_en, sort_order: i + 1 })));
    }
  },

  countSubscriptions(db: Database, planId: number) {
    return db
      .select({ total: sql<number>`count(*)::int` })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.plan_id, planId))
      .then((rows) => Number(rows[0]?.total ?? 0));
  },

  archive(db: Database, id: number) {
    return db
      .update(subscriptionPlans)
      .set({ is_archived: true, updated_at: sql`now()` })
      .where(eq(subscriptionPlans.id, id));
  },

  remove(db: Database, id: number) {
    return db.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  },
};

export type PlanRecord = NonNullable<Awaited<ReturnType<typeof subscriptionPlanRepository.find>>>;
