import type { NotificationItem, NotificationListQuery } from '@sehha/contract/notifications';
import { notificationMessages } from '@sehha/contract/notifications';
import type { Database } from '../../db/database';
import { toIso, toIsoRequired } from '../../db/dates';
import { audited } from '../../audit/audit-log';
import { HttpError, notFound } from '../../http/errors';
import { maskRecipient, shortError } from './masking';
import { notificationRepository as repository } from './repository';

type Row = Awaited<ReturnType<typeof repository.page>>['items'][number];

/** A failed message whose text is still kept may go again; a sign-in code never (useless late, and a new one is a tap away). */
const retryable = (row: { status: string; purged: boolean; kind: string | null }) =>
  row.status === 'failed' && !row.purged && row.kind !== 'sign_in_code';

/** A row as the list answers it: the recipient masked, the error shortened, no subject or body (they were never read). */
const present = (row: Row): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  channel: row.channel,
  status: row.status,
  recipient: maskRecipient(row.channel, row.recipient),
  account:
    row.account_id === null || row.account_name === null || row.account_role === null
      ? null
      : { id: row.account_id, name: row.account_name, role: row.account_role },
  attempts: row.attempts,
  last_error: shortError(row.last_error),
  retryable: retryable(row),
  created_at: toIsoRequired(row.created_at),
  next_attempt_at: row.status === 'pending' ? toIso(row.due_at) : null,
  sent_at: toIso(row.sent_at),
});

/** What is done after a retry's transaction: the deliverer's send now (outbox/deliverer.ts deliverSoon). */
export type SendSoon = (id: number) => void;

export function createNotificationService(db: Database, timeZone: string, sendSoon: SendSoon) {
  return {
    async list(query: NotificationListQuery) {
      const page = await repository.page(
        db,
        { status: query.status, channel: query.channel, kind: query.kind, day: query.day, timeZone },
        { page: query.page, perPage: query.per_page },
      );
      return { ...page, items: page.items.map(present) };
    },

    /**
     * A failed message back in the queue for one more try, audited; sent at once by this process's deliverer (a
     * round elsewhere may take it first: the claim lets only one of them send it). 409 if it is no longer failed.
     */
    async retry(actorId: number, id: number) {
      const result = await audited(db, actorId, async (tx) => {
        const before = await repository.find(tx, id);
        if (!before) throw notFound(notificationMessages.notFound);
        if (before.status !== 'failed') throw new HttpError(409, notificationMessages.notFailed);
        if (before.kind === 'sign_in_code') throw new HttpError(409, notificationMessages.signInCode);
        if (before.purged) throw new HttpError(409, notificationMessages.textPurged);
        await repository.requeue(tx, id);
        const recipient = maskRecipient(before.channel, before.recipient);
        return {
          result: { id, status: 'pending' as const, recipient },
          audit: {
            action: 'retry',
            entity: 'notification',
            entityId: id,
            // The masked recipient only: the audit log is read by every admin role.
            before: { status: before.status, attempts: before.attempts, last_error: shortError(before.last_error), recipient },
            after: { status: 'pending' },
          },
        };
      });
      sendSoon(id);
      return result;
    },
  };
}
