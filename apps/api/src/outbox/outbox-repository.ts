import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationKind, OutboxChannel } from '@sehha/contract/status-codes';
import { queryRows, type Database } from '../db/database';
import { outbox } from '../db/schema/outbox';
import { users } from '../db/schema/accounts';
import { idIn } from '../db/bulk-update';

/** A message as the event writes it. */
export type NewMessage = {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | undefined;
  body: string;
  /** What it is about: the notifications list shows this, never the body. */
  kind: NotificationKind;
  /** The account the message is for, when it is one's (notifyAccount): its data export and erasure find it by it. */
  userId?: number | null | undefined;
  /** Seconds before it may leave (a decision's notice waits out its Undo window, so that an undo recalls it). */
  delaySeconds?: number | undefined;
};

/** When a message becomes due: now, or after its delay. */
const dueAt = (message: NewMessage) => (message.delaySeconds ? sql`now() + make_interval(secs => ${message.delaySeconds})` : sql`now()`);

/** A row claimed for sending, with the try it is on (1 for the first). */
export type ClaimedMessage = Omit<NewMessage, 'kind'> & { id: number; attempts: number };

export const outboxRepository = {
  /** Where an account's messages go: its phone, its email and the language it reads. */
  recipient: (db: Database, userId: number) =>
    db
      .select({ phone: users.phone, email: users.email, language: users.language, marketing_opt_in: users.marketing_opt_in })
      .from(users)
      .where(eq(users.id, userId))
      .then((rows) => rows[0]),

  /** The same for many accounts (a bulk decision), in one read; the ids go as one array parameter. */
  recipients: (db: Database, userIds: readonly number[]) =>
    db
      .select({ id: users.id, phone: users.phone, email: users.email, language: users.language, marketing_opt_in: users.marketing_opt_in })
      .from(users)
      .where(idIn(users.id, userIds))
      .orderBy(users.id),

  /** Many messages of one event, a thousand rows per insert (each row is 4 parameters, far below the protocol's limit); their ids. */
  async enqueueMany(db: Database, messages: readonly NewMessage[]) {
    const ids: number[] = [];
    for (let start = 0; start < messages.length; start += 1000) {
      const rows = await db
        .insert(outbox)
        .values(
          messages.slice(start, start + 1000).map((message) => ({
            channel: message.channel,
            recipient: message.recipient,
            subject: message.subject ?? null,
            body: message.body,
            kind: message.kind,
            user_id: message.userId ?? null,
            due_at: dueAt(message),
          })),
        )
        .returning({ id: outbox.id });
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  },

  /**
   * Recalls the messages `ids` (an undone decision's notices), in the caller's transaction: those still waiting
   * and not claimed by a deliverer become `cancelled` (kept, never sent); the answer counts them and the ones
   * that already left or are leaving (sent, or claimed now), which cannot be recalled. Failed ones were never told.
   */
  async recall(db: Database, ids: readonly number[]) {
    if (ids.length === 0) return { cancelled: 0, told: 0 };
    const cancelled = await db
      .update(outbox)
      .set({ status: 'cancelled', claimed_until: null })
      .where(
        and(idIn(outbox.id, ids), eq(outbox.status, 'pending'), or(isNull(outbox.claimed_until), lt(outbox.claimed_until, sql`now()`))),
      )
      .returning({ id: outbox.id });
    const [told] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(idIn(outbox.id, ids), or(eq(outbox.status, 'sent'), eq(outbox.status, 'pending'))));
    return { cancelled: cancelled.length, told: told?.count ?? 0 };
  },

  /** Written with the transaction of the event (pass its `tx`): the message exists exactly when the event does. */
  enqueue(db: Database, message: NewMessage) {
    return db
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        kind: message.kind,
        user_id: message.userId ?? null,
        due_at: dueAt(message),
      })
      .returning({ id: outbox.id })
      .then((rows) => rows[0]!.id);
  },

  /**
   * Claims up to `limit` due rows (or the one row `id`) for `leaseSeconds`: FOR UPDATE SKIP LOCKED, so two
   * processes claiming at once take different rows, and the lease keeps a claimed row from being taken again
   * until it has been sent or the process that took it has died.
   */
  claim(db: Database, options: { limit: number; leaseSeconds: number; id?: number | undefined }) {
    const only = options.id === undefined ? sql`` : sql`and id = ${options.id}`;
    return queryRows<{
      id: string | number;
      channel: OutboxChannel;
      recipient: string;
      subject: string | null;
      body: string;
      attempts: number;
    }>(
      db,
      sql`update outbox set attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${options.leaseSeconds})
          where id in (
            select id from outbox
            where status = 'pending' and due_at <= now() and (claimed_until is null or claimed_until < now()) ${only}
            order by due_at, id limit ${options.limit}
            for update skip locked)
          returning id, channel, recipient, subject, body, attempts`,
    ).then((rows) => rows.map((row): ClaimedMessage => ({ ...row, id: Number(row.id), subject: row.subject ?? undefined })));
  },

  markSent(db: Database, id: number) {
    return db
      .update(outbox)
      .set({ status: 'sent', sent_at: sql`now()`, claimed_until: null, last_error: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
  },

  /** A failed try: due again after `retryInSeconds`, or failed for good when that was the last try. */
  markFailedTry(db: Database, id: number, error: string, retryInSeconds: number | null) {
    return db
      .update(outbox)
      .set(
        retryInSeconds === null
          ? { status: 'failed', claimed_until: null, last_error: error }
          : { claimed_until: null, last_error: error, due_at: sql`now() + make_interval(secs => ${retryInSeconds})` },
      )
      .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
  },

  countPending(db: Database) {
    return db
      .select({ count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.status, 'pending'))
      .then((rows) => rows[0]?.count ?? 0);
  },
};
