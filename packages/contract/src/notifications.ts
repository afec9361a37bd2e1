import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { dateField, idParam, pageField, perPageField } from './fields';
import { defineMessages } from './messages';
import { accountRoleSchema, notificationKindSchema, outboxChannelSchema, outboxStatusSchema } from './status-codes';

/**
 * The notifications list (issue 29): the outbox as an admin sees it. Never a message's subject or body (they
 * may name a doctor, a visit or a sign-in code) and never a whole phone or address: the recipient is masked by
 * the API (docs/decisions.md, "The notifications list shows no message").
 */
export const notificationPaths = {
  list: '/api/admin/notifications',
  retry: (id: number | string) => `/api/admin/notifications/${id}/retry`,
} as const;

/** `?status=&channel=&kind=&day=` (a whole day of the platform's time zone) and paging. */
export const notificationListQuery = z.object({
  page: pageField,
  per_page: perPageField(15),
  status: outboxStatusSchema.optional(),
  channel: outboxChannelSchema.optional(),
  kind: notificationKindSchema.optional(),
  day: dateField.optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationItem = z.object({
  id: z.number().int(),
  /** Null for a message written before kinds were recorded (migration 0025). */
  kind: notificationKindSchema.nullable(),
  channel: outboxChannelSchema,
  status: outboxStatusSchema,
  /** `+2010•••••4321`, `a••@example.com`: enough to tell two messages apart, not to reach the person. */
  recipient: z.string(),
  /** The account the message concerns (null for a sign-in code to a number with no account yet, or an erased one). */
  account: z.object({ id: z.number().int(), name: z.string(), role: accountRoleSchema }).nullable(),
  attempts: z.number().int(),
  /** The last failed try's reason, shortened and with addresses and numbers masked. */
  last_error: z.string().nullable(),
  /** A message that may be sent again: failed, its text still kept (retention or erasure did not empty it), not a sign-in code. */
  retryable: z.boolean(),
  created_at: z.string(),
  /** When a pending message is next tried. */
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationListResponse = envelope(paginator(notificationItem));

export const notificationRetryParams = z.object({ id: idParam });
export const notificationRetryResponse = envelope(notificationItem.pick({ id: true, status: true }));

export const notificationMessages = defineMessages({
  notFound: { en: 'Notification not found.', ar: 'الإشعار غير موجود.' },
  retried: { en: 'The notification to {recipient} will be sent again.', ar: 'سيُعاد إرسال الإشعار إلى {recipient}.' },
  notFailed: {
    en: 'This notification has not failed (it is waiting or already delivered): there is nothing to retry.',
    ar: 'هذا الإشعار لم يفشل (قيد الانتظار أو سبق تسليمه): لا شيء لإعادة إرساله.',
  },
  textPurged: {
    en: 'The text of this notification was deleted (retention or erasure): it cannot be sent again.',
    ar: 'حُذف نص هذا الإشعار (مدة الاحتفاظ أو طلب حذف): لا يمكن إعادة إرساله.',
  },
  signInCode: {
    en: 'A sign-in code is useless late: the person asks the app for a new one.',
    ar: 'رمز الدخول لا فائدة منه متأخرًا: يطلب الشخص رمزًا جديدًا من التطبيق.',
  },
});
