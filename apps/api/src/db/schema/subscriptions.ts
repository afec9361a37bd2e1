import { bigint, bigserial, boolean, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './accounts';

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name_ar: text('name_ar').notNull(),
    name_en: text('name_en').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EGP'),
    period_unit: text('period_unit', { enum: ['week', 'months'] }).notNull(),
    period_length: integer('period_length').notNull().default(1),
    description_ar: text('description_ar'),
    description_en: text('description_en'),
    available_from: date('available_from', { mode: 'string' }),
    is_archived: boolean('is_archived').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('subscription_plans_archived_idx').on(t.is_archived, t.id)],
);

export const planFeatures = pgTable(
  'plan_features',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    plan_id: bigint('plan_id', { mode: 'number' }).notNull().references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    title_ar: text('title_ar').notNull(),
    title_en: text('title_en').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [index('plan_features_plan_idx').on(t.plan_id, t.sort_order)],
);

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    plan_id: bigint('plan_id', { mode: 'number' }).notNull().references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    price_paid: numeric('price_paid', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'string' }).notNull(),
    status: text('status', { enum: ['active', 'expired', 'cancelled'] }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    index('user_subscriptions_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('user_subscriptions_user_idx').on(t.user_id),
    index('user_subscriptions_plan_idx').on(t.plan_id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscription_id: bigint('subscription_id', { mode: 'number' }).references(() => userSubscriptions.id, { onDelete: 'set null' }),
    user_id: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EGP'),
    method: text('method', { enum: ['card', 'wallet', 'cash'] }).notNull(),
    status: text('status', { enum: ['paid', 'refunded'] }).notNull().default('paid'),
    paid_at: timestamp('paid_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [
    index('payments_status_paid_idx').on(t.status, t.paid_at),
    index('payments_subscription_idx').on(t.subscription_id),
    index('payments_user_idx').on(t.user_id),
  ],
);
