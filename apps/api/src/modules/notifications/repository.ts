import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, OutboxChannel, OutboxStatus } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { outbox } from '../../db/schema/outbox';
import { users } from '../../db/schema/accounts';
import { columnsOf } from '../../db/sql';
import { newestFirstPage } from '../../db/paging';
import { cappedCount, countOf, withTotal } from '../../db/totals';

/** `day` ('YYYY-MM-DD') is a whole day of `timeZone`. */
export type NotificationFilter = {
  status?: OutboxStatus | undefined;
  channel?: OutboxChannel | undefined;
  kind?: NotificationKind | undefined;
  day?: string | undefined;
  timeZone: string;
};

const matching = (filter: NotificationFilter): SQL | undefined =>
  and(
    filter.status === undefined ? undefined : eq(outbox.status, filter.status),
    filter.channel === undefined ? undefined : eq(outbox.channel, filter.channel),
    filter.kind === undefined ? undefined : eq(outbox.kind, filter.kind),
    filter.day === undefined
      ? undefined
      : sql`${outbox.created_at} >= (${filter.day}::date::timestamp at time zone ${filter.timeZone})
          and ${outbox.created_at} < ((${filter.day}::date + 1)::timestamp at time zone ${filter.timeZone})`,
  );

/**
 * The columns the list may read: never `subject` or `body` (docs/decisions.md). `recipient` is read to be masked
 * by the service and leaves the API only masked; `body_purged_at` only says whether the text is still there.
 */
const listColumns = {
  ...columnsOf(outbox, 'id', 'kind', 'channel', 'status', 'recipient', 'attempts', 'last_error', 'due_at', 'sent_at', 'created_at'),
  purged: sql<boolean>`${outbox.body_purged_at} is not null`.mapWith(Boolean),
  account_id: users.id,
  account_name: users.name,
  account_role: users.role,
};

export const notificationRepository = {
  /** Newest first (the `(created_at, id)` index of migration 0025), with the account each message concerns. */
  page(db: Database, filter: NotificationFilter, query: { page: number; perPage: number }) {
    const where = matching(filter);
    const onlyQueue = filter.channel === undefined && filter.kind === undefined && filter.day === undefined;
    // Exact where a partial index answers it (the failed and the pending: the home card's count is the list's total);
    // else capped, as a search is, since the outbox holds every message ever written.
    const total =
      onlyQueue && (filter.status === 'failed' || filter.status === 'pending')
        ? countOf(db, outbox, where)
        : cappedCount(db.select({ id: outbox.id }).from(outbox).where(where));
    const select = db.select(withTotal(listColumns, total)).from(outbox).leftJoin(users, eq(users.id, outbox.user_id)).$dynamic();
    return newestFirstPage(db, select, outbox, where, query, {
      shape: ['notifications', query, filter],
      present: (row) => row,
      total,
    });
  },

  /** One message's state, locked (a retry decides on it). */
  find(db: Database, id: number) {
    return db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        channel: outbox.channel,
        status: outbox.status,
        recipient: outbox.recipient,
        attempts: outbox.attempts,
        last_error: outbox.last_error,
        purged: sql<boolean>`${outbox.body_purged_at} is not null`.mapWith(Boolean),
      })
      .from(outbox)
      .where(eq(outbox.id, id))
      .for('update')
      .then((rows) => rows[0]);
  },

  /**
   * A failed message due again now, for one more try: `attempts` stays, so the deliverer's last-try rule marks it
   * failed again if that try fails too. Only from `failed`: the deliverer claims `pending` rows alone (FOR UPDATE
   * SKIP LOCKED, then a lease), so a row is never claimed while failed and never twice once pending.
   */
  requeue(db: Database, id: number) {
    return db
      .update(outbox)
      .set({ status: 'pending', due_at: sql`now()`, claimed_until: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
      .returning({ id: outbox.id })
      .then((rows) => rows.length === 1);
  },
};
