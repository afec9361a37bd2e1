import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { notificationKinds, outboxChannels, outboxStatuses } from '@sehha/contract/status-codes';
import { foreignId, oneOf, primaryId, timestamps } from './columns';
import { users } from './accounts';

/**
 * Every message the platform sends (SMS, email), written in the transaction of the event that causes it and
 * delivered by the API processes (outbox/deliverer.ts). A row is claimed with FOR UPDATE SKIP LOCKED and a
 * lease, so two processes never send it at once.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: primaryId(),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    /** A phone (E.164) or an email address. */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** What the message is about (the notifications list shows and filters by it, never the body); null before 0025. */
    kind: text('kind', { enum: notificationKinds }),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the row is next due: now for a new row, later after a failed try (backoff). */
    due_at: timestamp('due_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** A process is sending the row until then; past it, the row is due again (that process died). */
    claimed_until: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    /** The account the message is for (notifyAccount): its data export and erasure find its messages by it. */
    user_id: foreignId('user_id', () => users.id, 'set null'),
    /** Set when the retention job emptied the body (and subject) of a delivered message. */
    body_purged_at: timestamp('body_purged_at', { withTimezone: true, mode: 'string' }),
    created_at: timestamps.created_at,
  },
  (t) => [
    oneOf('outbox_channel_check', t.channel, outboxChannels),
    oneOf('outbox_status_check', t.status, outboxStatuses),
    oneOf('outbox_kind_check', t.kind, notificationKinds),
    index('outbox_pending_due_idx')
      .on(t.due_at, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The operations home: messages that failed for good, and the oldest of them.
    index('outbox_failed_created_idx')
      .on(t.created_at)
      .where(sql`${t.status} = 'failed'`),
    // The notifications list: newest first, a page at a time (filters narrow it further).
    index('outbox_created_idx').on(t.created_at, t.id),
    index('outbox_user_idx')
      .on(t.user_id)
      .where(sql`${t.user_id} is not null`),
    // The retention job's walk over delivered messages whose bodies are due.
    index('outbox_sent_unpurged_idx')
      .on(t.sent_at)
      .where(sql`${t.body_purged_at} is null and ${t.status} <> 'pending'`),
  ],
);
