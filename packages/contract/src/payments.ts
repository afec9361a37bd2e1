import { z } from 'zod';
import { defineMessages } from './messages';
import { envelope, paginator } from './envelope';
import { dateField, nameFields, pageField, perPageField, searchField } from './fields';
import { paymentIntentStatuses, providerKindSchema } from './status-codes';

/**
 * Payments of online bookings (issue 27): the payment link the app opens (`GET /api/v1/payments/{reference}`), the
 * gateway's hosted page, and its signed callback. The gateways are drivers (PAYMENT_DRIVER, docs/payments.md).
 */

/** Our payment references: random, URL-safe (the merchant order id a gateway echoes back). */
export const paymentReference = z.string({ error: 'invalid' }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'invalid' });

export const paymentReferenceParams = z.object({ reference: paymentReference });
export const paymentCallbackParams = z.object({ driver: z.string({ error: 'invalid' }).max(40, { error: 'invalid' }) });

/** A page's language: `?lang=ar|en`, else Accept-Language. */
export const paymentPageQuery = z.object({ lang: z.enum(['en', 'ar'], { error: 'invalid' }).optional() });

/** What the fake hosted page's buttons send (an HTML form, or JSON). */
export const fakePaymentInput = z.object({
  outcome: z.enum(['paid', 'failed'], { error: 'invalid' }),
  lang: z.enum(['en', 'ar'], { error: 'invalid' }).optional(),
});

/** A callback's body is the gateway's own shape: its driver reads it (modules/payments/drivers). */
export const paymentCallbackBody = z.record(z.string(), z.unknown());

/**
 * The fake gateway's callback, shaped as Egypt's gateways send theirs: a JSON body with the gateway's event id, our
 * reference, the gateway's transaction id, the amount in piastres and the outcome, signed by `hmac` (HMAC-SHA512, hex)
 * over the other fields' values concatenated in this order (fakeCallbackSignedFields).
 */
export const fakeCallbackBody = z.object({
  event_id: z.string().min(1).max(100),
  reference: paymentReference,
  gateway_reference: z.string().min(1).max(100),
  amount_cents: z.number().int().min(0).max(1e12),
  currency: z.string().length(3),
  outcome: z.enum(['paid', 'failed']),
  hmac: z.string().regex(/^[0-9a-f]{128}$/),
});
export type FakeCallbackBody = z.infer<typeof fakeCallbackBody>;
export const fakeCallbackSignedFields = ['amount_cents', 'currency', 'event_id', 'gateway_reference', 'outcome', 'reference'] as const;

export const paymentMessages = defineMessages({
  notFound: { en: 'This payment link does not exist.', ar: 'رابط الدفع هذا غير موجود.' },
  alreadyPaid: { en: 'This appointment is already paid.', ar: 'تم دفع قيمة هذا الموعد بالفعل.' },
  expired: {
    en: 'This payment link has expired: the appointment was released. Book again from the app.',
    ar: 'انتهت صلاحية رابط الدفع: تم إلغاء حجز الموعد. احجز مرة أخرى من التطبيق.',
  },
  signatureInvalid: { en: 'The callback signature is invalid.', ar: 'توقيع الإشعار غير صالح.' },
  callbackUnreadable: { en: 'The callback could not be read.', ar: 'تعذرت قراءة الإشعار.' },
  amountMismatch: {
    en: 'The amount paid does not match the payment.',
    ar: 'المبلغ المدفوع لا يطابق قيمة الدفع.',
  },
  callbackAccepted: { en: 'Callback processed.', ar: 'تمت معالجة الإشعار.' },
  pageTitle: { en: 'Pay for your appointment', ar: 'ادفع قيمة موعدك' },
  amountLine: { en: 'Amount: {amount} {currency}', ar: 'المبلغ: {amount} {currency}' },
  fakeNotice: {
    en: 'Test gateway: no money moves. Choose the outcome.',
    ar: 'بوابة دفع تجريبية: لن يتم خصم أي مبلغ. اختر النتيجة.',
  },
  pay: { en: 'Pay', ar: 'ادفع' },
  fail: { en: 'Fail', ar: 'فشل الدفع' },
  resultPaid: { en: 'Payment received: your appointment is booked.', ar: 'تم استلام الدفع: تم تأكيد حجز موعدك.' },
  resultFailed: {
    en: 'The payment failed. You can try again while the appointment is held.',
    ar: 'فشل الدفع. يمكنك المحاولة مرة أخرى ما دام الموعد محجوزًا.',
  },
  resultPending: { en: 'The payment is being processed.', ar: 'جارٍ معالجة الدفع.' },
  resultRefund: {
    en: 'Payment received, but the appointment had been released before it arrived: it will be refunded.',
    ar: 'تم استلام الدفع، لكن الموعد كان قد أُلغي قبل وصوله: سيتم استرداد المبلغ.',
  },
  retry: { en: 'Try again', ar: 'حاول مرة أخرى' },
});

/** The SMS (and email) a patient gets when the payment books the appointment, or when it must be refunded. */
export const paymentNoticeTexts = defineMessages({
  bookedSubject: { en: 'Your appointment is booked', ar: 'تم تأكيد حجز موعدك' },
  bookedBody: {
    en: 'Sehha: payment of {amount} EGP received. Your appointment with {doctor} on {date} at {time} is booked.',
    ar: 'صحة: تم استلام {amount} جنيه. تم تأكيد موعدك مع {doctor} يوم {date} الساعة {time}.',
  },
  refundSubject: { en: 'Your payment will be refunded', ar: 'سيتم استرداد المبلغ المدفوع' },
  refundBody: {
    en: 'Sehha: your payment of {amount} EGP arrived after the appointment with {doctor} on {date} at {time} was released. It will be refunded.',
    ar: 'صحة: وصل دفعك بقيمة {amount} جنيه بعد إلغاء حجز الموعد مع {doctor} يوم {date} الساعة {time}. سيتم استرداد المبلغ.',
  },
});

/**
 * The admin's list of online bookings' checkouts (issue 29), last changed first: `status`, `date` (YYYY-MM-DD, the
 * local day of the platform's zone on which the checkout last changed: a failure, a payment) and a search over the
 * patient's name and our reference. Never the gateway's payloads.
 */
export const paymentListQuery = z.object({
  page: pageField,
  per_page: perPageField(15),
  search: searchField,
  status: z.enum(paymentIntentStatuses, { error: 'invalid' }).optional(),
  date: dateField.optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

export const paymentListItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(paymentIntentStatuses),
  amount: z.number(),
  currency: z.string(),
  /** Which gateway ran the checkout (PAYMENT_DRIVER). */
  driver: z.string(),
  patient: z.object({ id: z.number().int(), name: z.string() }),
  appointment: z.object({
    id: z.number().int(),
    /** The visit's start, an instant (ISO 8601). */
    starts_at: z.string(),
    provider: z.object({ id: z.number().int(), kind: providerKindSchema, ...nameFields }),
  }),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentListItem = z.infer<typeof paymentListItem>;
export const paymentListResponse = envelope(paginator(paymentListItem));

export const paymentAdminPaths = { list: '/api/admin/payments' };
