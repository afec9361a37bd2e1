import { isPhoneAccountEmail } from '@sehha/contract/app-accounts';
import type { Message } from '@sehha/contract/messages';
import type { NotificationKind } from '@sehha/contract/status-codes';
import type { Database } from '../db/database';
import { translate, type MessageParam } from '../i18n/messages';
import { outboxRepository, type NewMessage } from './outbox-repository';

/** A notification's kind (what the admin list shows instead of the text) and texts: the SMS body (also the email's), the email's subject. */
export type Notification = { kind: NotificationKind; subject: Message; body: Message };

/**
 * `marketing: true` marks an offer or news rather than a message about the account's own affairs: it is written
 * only for accounts that opted in (users.marketing_opt_in, PDPL consent), and skipped for the others.
 * `delaySeconds`: the messages leave no sooner (an undoable decision's notices wait out its Undo window).
 */
export type NotifyOptions = { marketing?: boolean | undefined; delaySeconds?: number | undefined };

/**
 * Tells an account about an event (a decision, a change request's answer) in its own language: an SMS to its
 * phone and an email to its address, each an outbox row written with the caller's transaction `tx`, so the
 * messages exist exactly when the event does. A phone account's placeholder address gets no email.
 * Returns the outbox ids written (none for a marketing message to an account that did not opt in).
 */
export async function notifyAccount(
  tx: Database,
  userId: number,
  notification: Notification,
  params: Record<string, MessageParam> = {},
  options: NotifyOptions = {},
) {
  const account = await outboxRepository.recipient(tx, userId);
  if (!account || (options.marketing && !account.marketing_opt_in)) return [];
  const body = translate(notification.body, account.language, params);
  const ids: number[] = [];
  const { kind } = notification;
  const { delaySeconds } = options;
  if (account.phone)
    ids.push(await outboxRepository.enqueue(tx, { channel: 'sms', recipient: account.phone, body, kind, userId, delaySeconds }));
  if (!isPhoneAccountEmail(account.email)) {
    const subject = translate(notification.subject, account.language, params);
    ids.push(await outboxRepository.enqueue(tx, { channel: 'email', recipient: account.email, subject, body, kind, userId, delaySeconds }));
  }
  return ids;
}

/**
 * notifyAccount for many accounts at once (a bulk decision over thousands of providers): one read of the
 * recipients, each text translated once per language, the rows inserted in batches, all with `tx`. Returns the outbox ids written.
 */
export async function notifyAccounts(
  tx: Database,
  userIds: readonly number[],
  notification: Notification,
  params: Record<string, MessageParam> = {},
  options: NotifyOptions = {},
) {
  if (userIds.length === 0) return [];
  const texts = new Map<string, { subject: string; body: string }>();
  const textsIn = (language: 'en' | 'ar') => {
    let found = texts.get(language);
    if (!found)
      texts.set(
        language,
        (found = { subject: translate(notification.subject, language, params), body: translate(notification.body, language, params) }),
      );
    return found;
  };
  const messages: NewMessage[] = [];
  for (const account of await outboxRepository.recipients(tx, userIds)) {
    if (options.marketing && !account.marketing_opt_in) continue;
    const { subject, body } = textsIn(account.language);
    const { kind } = notification;
    const { delaySeconds } = options;
    if (account.phone) messages.push({ channel: 'sms', recipient: account.phone, body, kind, userId: account.id, delaySeconds });
    if (!isPhoneAccountEmail(account.email))
      messages.push({ channel: 'email', recipient: account.email, subject, body, kind, userId: account.id, delaySeconds });
  }
  return outboxRepository.enqueueMany(tx, messages);
}
