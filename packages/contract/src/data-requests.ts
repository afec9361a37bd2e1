import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';
import { envelope, paginator } from './envelope';
import { defineMessages } from './messages';
import { idParam, pageField, perPageField } from './fields';
import { dataRequestKinds, dataRequestStatuses, privacyChannels } from './status-codes';

const key = (k: ValidationMessageKey) => ({ error: k });

/**
 * A person's rights over their data (issue 28): access (an archive of everything held about them), erasure
 * (pseudonymisation) and correction. Requests come from the app or are recorded by an admin with a note; each has
 * its legal deadline (DATA_REQUEST_DEADLINE_DAYS).
 */
export const dataRequestPaths = {
  list: '/api/admin/data-requests',
  /** An admin records a request that came by another channel (email, phone, letter, in person). */
  store: '/api/admin/data-requests/store',
  /** An admin acts on a request: runs it (access: builds the archive; erasure: erases), rejects it, or notes. */
  update: (id: string | number) => `/api/admin/data-requests/update/${id}`,
} as const;

export const dataRequestListQuery = z.object({
  page: pageField,
  per_page: perPageField(25),
  status: z.enum(dataRequestStatuses, key('invalid')).optional(),
  kind: z.enum(dataRequestKinds, key('invalid')).optional(),
  user_id: idParam.optional(),
  /** Only open requests past their deadline. */
  overdue: z.enum(['1', '0', 'true', 'false']).optional(),
});
export type DataRequestListQuery = z.infer<typeof dataRequestListQuery>;

export const dataRequestStore = z.object({
  user_id: idParam,
  kind: z.enum(dataRequestKinds, key('invalid')),
  channel: z.enum(privacyChannels, key('invalid')),
  note: z.string().trim().min(1, key('required')).max(1000, key('descriptionTooLong')),
});
export type DataRequestStore = z.infer<typeof dataRequestStore>;

/** What an admin does with a request: `run` carries it out (archive or erasure), `reject` closes it with the note. */
export const dataRequestActions = ['run', 'reject', 'note'] as const;
export const dataRequestUpdate = z.object({
  action: z.enum(dataRequestActions, key('invalid')),
  note: z.string().trim().min(1, key('required')).max(1000, key('descriptionTooLong')),
});
export type DataRequestUpdate = z.infer<typeof dataRequestUpdate>;

export const dataRequestEntry = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), role: z.string(), erased: z.boolean() }),
  kind: z.enum(dataRequestKinds),
  status: z.enum(dataRequestStatuses),
  channel: z.enum(privacyChannels),
  note: z.string().nullable(),
  due_at: z.string(),
  overdue: z.boolean(),
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  completed_at: z.string().nullable(),
  /** An access request's archive: ready, downloaded, expired. */
  archive_expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataRequestEntry = z.infer<typeof dataRequestEntry>;
export const dataRequestListResponse = envelope(paginator(dataRequestEntry));
export const dataRequestResponse = envelope(dataRequestEntry);

// --- The app's side: the person's own requests (GET /api/v1/me/data, POST /api/v1/me/erasure). ---

/** The account's access request as the app follows it: its state, and once built, until when its link works. */
export const myDataRequest = z.object({
  id: z.number().int(),
  status: z.enum(dataRequestStatuses),
  requested_at: z.string(),
  /** The platform's legal deadline to answer. */
  due_at: z.string(),
  /** Set when the archive is built: its link (sent by SMS/email) works until then. */
  archive_expires_at: z.string().nullable(),
  /** The archive was downloaded (once: the link no longer works). */
  downloaded: z.boolean(),
  downloaded_at: z.string().nullable(),
});
export type MyDataRequest = z.infer<typeof myDataRequest>;
export const myDataResponse = envelope(myDataRequest);

/** The archive link's query: its expiry (epoch seconds) and signature, both from the SMS/email. */
export const myDataDownloadQuery = z.object({
  expires: z.string().regex(/^\d{1,12}$/, key('invalid')),
  signature: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, key('invalid')),
});

/** The word the app sends once the person confirmed the erasure (a stray or replayed call without it erases nothing). */
export const erasureConfirmation = 'ERASE';
export const erasureRequest = z.object({ confirm: z.literal(erasureConfirmation, key('invalid')) });
export const erasureResponse = envelope(z.object({ request_id: z.number().int(), pseudonym: z.string() }));

export const dataRequestMessages = defineMessages({
  exportStarted: {
    en: 'Your data export has started. We will send you a link by SMS when it is ready.',
    ar: 'بدأ تجهيز نسخة من بياناتك. سنرسل لك رابطها برسالة نصية عندما تصبح جاهزة.',
  },
  exportFollowing: { en: 'Your data export request.', ar: 'طلب نسخة بياناتك.' },
  downloadUsed: {
    en: 'This link was already used: the archive can be downloaded once. Ask for a new export in the app.',
    ar: 'تم استخدام هذا الرابط من قبل: يمكن تنزيل النسخة مرة واحدة فقط. اطلب نسخة جديدة من التطبيق.',
  },
  downloadExpired: {
    en: 'This link has expired. Ask for a new export in the app.',
    ar: 'انتهت صلاحية هذا الرابط. اطلب نسخة جديدة من التطبيق.',
  },
  downloadInvalid: { en: 'This link is not valid.', ar: 'هذا الرابط غير صالح.' },
  erased: {
    en: 'Your account was erased. You have been signed out.',
    ar: 'تم حذف حسابك وتسجيل خروجك.',
  },
  recorded: { en: 'The request was recorded.', ar: 'تم تسجيل الطلب.' },
  alreadyOpen: {
    en: 'This person already has an open request of this kind: it is shown.',
    ar: 'لدى هذا الشخص طلب مفتوح من هذا النوع بالفعل، وهو المعروض.',
  },
  queued: { en: 'The archive is being prepared; the person will receive its link.', ar: 'جارٍ تجهيز النسخة، وسيصل رابطها إلى صاحبها.' },
  completed: { en: 'The request was completed.', ar: 'تم تنفيذ الطلب.' },
  rejected: { en: 'The request was rejected.', ar: 'تم رفض الطلب.' },
  noted: { en: 'The note was added.', ar: 'تمت إضافة الملاحظة.' },
  notFound: { en: 'Data request not found.', ar: 'طلب البيانات غير موجود.' },
  notOpen: { en: 'This request is already closed.', ar: 'هذا الطلب مغلق بالفعل.' },
  userNotFound: { en: 'No such account.', ar: 'لا يوجد حساب بهذا الرقم.' },
  adminAccount: {
    en: 'Requests are for app and provider accounts, not admins.',
    ar: 'الطلبات لحسابات التطبيق ومقدمي الخدمة، لا للمشرفين.',
  },
  erasedAccount: { en: 'This account was already erased.', ar: 'تم حذف هذا الحساب بالفعل.' },
  erasureUnderWay: { en: 'The erasure of this account is already under way.', ar: 'حذف هذا الحساب جارٍ بالفعل.' },
});

/** The SMS/email that carries the archive's link. */
export const dataArchiveNotice = defineMessages({
  subject: { en: 'Your Sehha data is ready', ar: 'نسخة بياناتك في صحة جاهزة' },
  body: {
    en: 'Sehha: your data archive is ready. Download it once within {hours} hours: {link}',
    ar: 'صحة: نسخة بياناتك جاهزة. نزّلها مرة واحدة خلال {hours} ساعة: {link}',
  },
});

/** README.txt of the archive: what each file holds, in both languages. */
export const dataArchiveReadme = defineMessages({
  text: {
    en: [
      'Sehha: a copy of everything we hold about you, made on {date}.',
      '',
      'profile.json: your account (name, phone, email, language, consent versions).',
      'appointments.json: your appointments and their payments.',
      'prescriptions.json: the prescriptions you sent to pharmacies and their replies; the images are in prescriptions/.',
      'subscriptions.json: your subscriptions and their payments.',
      'consents.json: every consent you gave or withdrew, with its version and time.',
      'data-requests.json: your requests about your data (access, erasure, correction).',
      'access-log.json: who at Sehha or at a provider read your health data, when and why.',
      'messages.json: the text messages and emails we sent you.',
      '',
      'Times are in UTC. To correct your data, edit your profile in the app; to ask anything else, contact us.',
    ].join('\n'),
    ar: [
      'صحة: نسخة من كل البيانات التي نحتفظ بها عنك، أُعدّت في {date}.',
      '',
      'profile.json: حسابك (الاسم والهاتف والبريد الإلكتروني واللغة وإصدارات الموافقة).',
      'appointments.json: مواعيدك ومدفوعاتها.',
      'prescriptions.json: الوصفات الطبية التي أرسلتها إلى الصيدليات وردودها، والصور في المجلد prescriptions/.',
      'subscriptions.json: اشتراكاتك ومدفوعاتها.',
      'consents.json: كل موافقة منحتها أو سحبتها، مع إصدارها ووقتها.',
      'data-requests.json: طلباتك بخصوص بياناتك (الاطلاع والحذف والتصحيح).',
      'access-log.json: من اطّلع على بياناتك الصحية في صحة أو لدى مقدمي الخدمة، ومتى ولماذا.',
      'messages.json: الرسائل النصية ورسائل البريد التي أرسلناها إليك.',
      '',
      'الأوقات بالتوقيت العالمي المنسق (UTC). لتصحيح بياناتك عدّل ملفك في التطبيق، ولأي طلب آخر تواصل معنا.',
    ].join('\n'),
  },
});
