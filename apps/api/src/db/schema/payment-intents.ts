import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paymentIntentStatuses } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId, timestamps } from './columns';
import { users } from './accounts';
import { appointments } from './appointments';

/**
 * A payment gateway's checkout for an online booking (issue 27): the hosted link the patient pays on, and its
 * outcome. Paid, it records a row in `payments` (the ledger revenue reads) and books the held appointment, in the
 * callback's transaction. `reference` is ours (the merchant order id the gateway echoes back).
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: primaryId(),
    appointment_id: foreignId('appointment_id', () => appointments.id, 'cascade').notNull(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    driver: text('driver').notNull(),
    reference: text('reference').notNull(),
    /** The gateway's own id of the transaction, once it reports one. */
    gateway_reference: text('gateway_reference'),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EGP'),
    status: text('status', { enum: paymentIntentStatuses }).notNull().default('pending'),
    payment_url: text('payment_url').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true, mode: 'string' }),
    failure_reason: text('failure_reason'),
    ...timestamps,
  },
  (t) => [
    oneOf('payment_intents_status_check', t.status, paymentIntentStatuses),
    uniqueIndex('payment_intents_reference_idx').on(t.driver, t.reference),
    foreignIndex('payment_intents', t.appointment_id),
    foreignIndex('payment_intents', t.user_id),
    // The payments list (issue 29): last changed first, and a day as one range of it.
    index('payment_intents_updated_idx').on(t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The operations home: checkouts that failed today.
    index('payment_intents_failed_updated_idx')
      .on(t.updated_at)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * Every gateway callback accepted, by the gateway's event id: a replayed callback finds its row and changes
 * nothing (replay-proof and idempotent by a unique index, whatever the processes).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: primaryId(),
    driver: text('driver').notNull(),
    event_id: text('event_id').notNull(),
    intent_id: foreignId('intent_id', () => paymentIntents.id, 'cascade').notNull(),
    outcome: text('outcome').notNull(),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_event_idx').on(t.driver, t.event_id), index('payment_events_intent_idx').on(t.intent_id)],
);
