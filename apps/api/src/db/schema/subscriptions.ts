import { boolean, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { paymentMethods, paymentStatuses, planPeriodUnits, subscriptionStatuses } from '@sehha/contract/status-codes';
import { bilingualTitle, foreignId, foreignIndex, oneOf, primaryId, searchIndex, timestamps } from './columns';
import { users } from './accounts';
import { appointments } from './appointments';

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: primaryId(),
    name_ar: text('name_ar').notNull(),
    name_en: text('name_en').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EGP'),
    period_unit: text('period_unit', { enum: planPeriodUnits }).notNull(),
    period_length: integer('period_length').notNull().default(1),
    description_ar: text('description_ar'),
    description_en: text('description_en'),
    available_from: date('available_from', { mode: 'string' }),
    is_archived: boolean('is_archived').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    oneOf('subscription_plans_period_unit_check', t.period_unit, planPeriodUnits),
    index('subscription_plans_archived_idx').on(t.is_archived, t.id),
  ],
);

export const planFeatures = pgTable(
  'plan_features',
  {
    id: primaryId(),
    plan_id: foreignId('plan_id', () => subscriptionPlans.id, 'cascade').notNull(),
    ...bilingualTitle,
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [foreignIndex('plan_features', t.plan_id, t.sort_order)],
);

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    plan_id: foreignId('plan_id', () => subscriptionPlans.id, 'restrict').notNull(),
    price_paid: numeric('price_paid', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'string' }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('active'),
    ...timestamps,
    /**
     * The subscriber's folded search key (users.search), kept by triggers (migration 0012): the list's search
     * is a trigram lookup on this table alone, where matching through the accounts joined every subscription.
     */
    search: text('search').notNull().default(''),
  },
  (t) => [
    oneOf('user_subscriptions_status_check', t.status, subscriptionStatuses),
    searchIndex('user_subscriptions', t.search),
    index('user_subscriptions_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignIndex('user_subscriptions', t.user_id),
    foreignIndex('user_subscriptions', t.plan_id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: primaryId(),
    subscription_id: foreignId('subscription_id', () => userSubscriptions.id, 'set null'),
    /** An online booking's payment (issue 27): recorded when the gateway confirms it, so revenue counts it. */
    appointment_id: foreignId('appointment_id', () => appointments.id, 'set null'),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EGP'),
    method: text('method', { enum: paymentMethods }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('paid'),
    paid_at: timestamp('paid_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [
    oneOf('payments_method_check', t.method, paymentMethods),
    oneOf('payments_status_check', t.status, paymentStatuses),
    index('payments_status_paid_idx').on(t.status, t.paid_at),
    foreignIndex('payments', t.subscription_id),
    foreignIndex('payments', t.appointment_id),
    foreignIndex('payments', t.user_id),
  ],
);
