import type { ProviderKindSlug } from './providers';
import type { DecisionReason, ProviderStatus, attachmentKinds } from './status-codes';
import type { Language } from './validation-messages';

/**
 * The API's user-facing texts, keyed once, English and Arabic side by side (the dashboard can use the
 * same keys). Placeholders are ICU: `{name}` and `{count, plural, one {…} other {…}}`; both languages of
 * a message carry the same ones (messages.test.ts). A catalog's own texts (added, deleted, "used by N …")
 * live beside its schemas, in its contract file (specialities.ts, locations.ts …).
 */
export type { Language };
export type Message = Record<Language, string>;

export const defineMessages = <T extends Record<string, Message>>(messages: T) => messages;

/** Answers every module can give: auth and routing failures, 4xx/5xx summaries, generic deletes. */
export const commonMessages = defineMessages({
  unauthenticated: { en: 'Unauthenticated.', ar: 'Unauthenticated.' },
  forbidden: { en: 'This action is unauthorized.', ar: 'هذا الإجراء غير مصرح به.' },
  roleForbidden: { en: 'Your role does not allow this action.', ar: 'صلاحيات دورك لا تسمح بهذا الإجراء.' },
  notFound: { en: 'Not Found.', ar: 'غير موجود.' },
  routeNotFound: { en: 'The route could not be found.', ar: 'المسار غير موجود.' },
  tooManyRequests: { en: 'Too Many Attempts.', ar: 'محاولات كثيرة جدًا.' },
  payloadTooLarge: { en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  badRequest: { en: 'The request could not be read.', ar: 'تعذرت قراءة الطلب.' },
  nestedTooDeeply: { en: 'The request is nested too deeply.', ar: 'الطلب متداخل بعمق أكبر من المسموح.' },
  unsupportedMediaType: { en: 'Unsupported content type.', ar: 'نوع المحتوى غير مدعوم.' },
  methodNotAllowed: { en: 'The method is not supported for this route.', ar: 'هذه الطريقة غير مدعومة لهذا المسار.' },
  serverError: { en: 'Server Error', ar: 'خطأ في الخادم' },
  databaseUnavailable: {
    en: 'The service is temporarily unavailable. Please try again in a moment.',
    ar: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد قليل.',
  },
  databaseTimeout: {
    en: 'The request took too long. Please try again in a moment.',
    ar: 'استغرق الطلب وقتًا أطول من اللازم. يرجى المحاولة مرة أخرى بعد قليل.',
  },
  givenDataInvalid: { en: 'The given data was invalid.', ar: 'البيانات المدخلة غير صالحة.' },
  andMoreErrors: {
    en: '(and {count, plural, one {# more error} other {# more errors}})',
    ar: '({count, plural, one {وخطأ آخر} two {وخطآن آخران} few {و# أخطاء أخرى} many {و# خطأً آخر} other {و# خطأ آخر}})',
  },
  deleted: { en: 'Deleted successfully.', ar: 'تم الحذف بنجاح.' },
  stillInUse: {
    en: 'This record is still used by other records, so it cannot be changed this way.',
    ar: 'هذا السجل مستخدم في سجلات أخرى، لذا لا يمكن تغييره بهذه الطريقة.',
  },
  statusTransitionRefused: { en: 'The status cannot change from {from} to {to}.', ar: 'لا يمكن تغيير الحالة من {from} إلى {to}.' },
});

/** Payload fields as messages name them: the key itself in English, its Arabic name in Arabic. */
export const fieldNames = defineMessages({
  name: { en: 'name', ar: 'الاسم' },
  name_ar: { en: 'name_ar', ar: 'الاسم بالعربية' },
  name_en: { en: 'name_en', ar: 'الاسم بالإنجليزية' },
  email: { en: 'email', ar: 'البريد الإلكتروني' },
  password: { en: 'password', ar: 'كلمة المرور' },
  phone: { en: 'phone', ar: 'رقم الهاتف' },
  whatsapp_phone: { en: 'whatsapp_phone', ar: 'رقم واتساب' },
  address: { en: 'address', ar: 'العنوان' },
  speciality_id: { en: 'speciality_id', ar: 'التخصص' },
  country_id: { en: 'country_id', ar: 'الدولة' },
  city_id: { en: 'city_id', ar: 'المدينة' },
  status: { en: 'status', ar: 'الحالة' },
  image: { en: 'image', ar: 'الصورة' },
  ids: { en: 'ids', ar: 'الحسابات' },
});

/** Review statuses of providers and licenses, as the status-transition message names them. */
export const reviewStatusNames = defineMessages({
  pending: { en: 'pending', ar: 'قيد المراجعة' },
  approved: { en: 'accepted', ar: 'مقبول' },
  rejected: { en: 'rejected', ar: 'مرفوض' },
  onHold: { en: 'on hold', ar: 'معلّق مؤقتًا' },
} satisfies Record<ProviderStatus, Message>);

/**
 * The toast's Undo of a decision (providers, licenses, change requests: audit/undo-decision.ts). A refusal is a
 * 409: the record is no longer as the decision left it, or the window has passed.
 */
export const undoMessages = defineMessages({
  undone: { en: 'Decision undone', ar: 'تم التراجع عن القرار' },
  undoneAfterNotice: {
    en: 'Decision undone. The provider had already been told of it: tell them it was taken back.',
    ar: 'تم التراجع عن القرار. كان مقدم الخدمة قد أُبلغ به بالفعل: أبلغه بأنه أُلغي.',
  },
  nothingToUndo: {
    en: 'There is no recent decision of yours on this record to undo.',
    ar: 'لا يوجد قرار حديث لك على هذا السجل يمكن التراجع عنه.',
  },
  tooLate: {
    en: 'The time to undo this decision has passed: make a new decision instead.',
    ar: 'انتهى وقت التراجع عن هذا القرار: اتخذ قرارًا جديدًا بدلًا منه.',
  },
  changedSince: {
    en: 'This record changed after your decision, so the decision can no longer be undone.',
    ar: 'تغيّر هذا السجل بعد قرارك، لذا لم يعد من الممكن التراجع عنه.',
  },
});

export const providerMessages = defineMessages({
  notFound: { en: 'Provider not found.', ar: 'مقدم الخدمة غير موجود.' },
  statusChanged: { en: 'Status Changed Successfully', ar: 'تم تغيير الحالة بنجاح' },
  deactivated: { en: 'Deactivated Successfully !', ar: 'تم إلغاء التفعيل بنجاح!' },
  alreadyDeactivated: { en: 'This account is already deactivated.', ar: 'هذا الحساب غير مفعّل بالفعل.' },
  idNotListed: { en: 'Provider {id} is not in this list.', ar: 'مقدم الخدمة {id} ليس في هذه القائمة.' },
  bulkApproved: {
    en: '{count, plural, one {# provider accepted} other {# providers accepted}}',
    ar: '{count, plural, zero {لم يُقبل أي مقدم خدمة} one {تم قبول مقدم خدمة واحد} two {تم قبول مقدمَي خدمة} few {تم قبول # مقدمي خدمة} many {تم قبول # مقدم خدمة} other {تم قبول # مقدم خدمة}}',
  },
  bulkHeld: {
    en: '{count, plural, one {# provider put on hold} other {# providers put on hold}}',
    ar: '{count, plural, zero {لم يُعلَّق أي مقدم خدمة} one {تم تعليق مقدم خدمة واحد} two {تم تعليق مقدمَي خدمة} few {تم تعليق # مقدمي خدمة} many {تم تعليق # مقدم خدمة} other {تم تعليق # مقدم خدمة}}',
  },
  bulkRejected: {
    en: '{count, plural, one {# provider rejected} other {# providers rejected}}',
    ar: '{count, plural, zero {لم يُرفض أي مقدم خدمة} one {تم رفض مقدم خدمة واحد} two {تم رفض مقدمَي خدمة} few {تم رفض # مقدمي خدمة} many {تم رفض # مقدم خدمة} other {تم رفض # مقدم خدمة}}',
  },
});

/** Why a provider was rejected or held: the dashboard's checkboxes and the words of the provider's SMS/email. */
export const decisionReasonLabels = defineMessages({
  documents_unreadable: { en: 'Your documents could not be read', ar: 'تعذّرت قراءة مستنداتك' },
  documents_missing: { en: 'Required documents are missing', ar: 'بعض المستندات المطلوبة ناقصة' },
  license_expired: { en: 'Your license has expired', ar: 'انتهت صلاحية ترخيصك' },
  license_number_invalid: { en: 'The license number is not valid', ar: 'رقم الترخيص غير صحيح' },
  name_mismatch: { en: 'The name does not match the documents', ar: 'الاسم لا يطابق ما في المستندات' },
  speciality_mismatch: { en: 'The speciality does not match the documents', ar: 'التخصص لا يطابق ما في المستندات' },
  other: { en: 'Another reason (see the note)', ar: 'سبب آخر (انظر الملاحظة)' },
} satisfies Record<DecisionReason, Message>);

/** The documents a provider uploads, as a hold's "missing documents" names them. */
export const attachmentKindLabels = defineMessages({
  license: { en: 'License', ar: 'الترخيص' },
  syndicate_card: { en: 'Syndicate card', ar: 'كارنيه النقابة' },
  commercial_register: { en: 'Commercial register', ar: 'السجل التجاري' },
  tax_card: { en: 'Tax card', ar: 'البطاقة الضريبية' },
  national_id: { en: 'National ID', ar: 'بطاقة الرقم القومي' },
  other: { en: 'Other document', ar: 'مستند آخر' },
} satisfies Record<(typeof attachmentKinds)[number], Message>);

/**
 * What a provider is told of an admin's decision (SMS, and email to a real address), in the account's
 * language. `{details}` is the reasons, missing documents and note lines below, filled in that language.
 */
export const decisionNoticeTexts = defineMessages({
  approvedSubject: { en: 'Your Sehha application is accepted', ar: 'تم قبول طلبك في صحة' },
  approvedBody: {
    en: 'Good news: your application to Sehha has been accepted. You can now use your provider account.',
    ar: 'خبر سار: تم قبول طلب انضمامك إلى صحة. يمكنك الآن استخدام حساب مقدم الخدمة.',
  },
  rejectedSubject: { en: 'Your Sehha application was not accepted', ar: 'لم يُقبل طلبك في صحة' },
  rejectedBody: {
    en: 'Your application to Sehha was not accepted.{details} You can correct it and submit it again.',
    ar: 'لم يُقبل طلب انضمامك إلى صحة.{details} يمكنك تصحيحه وإرساله مرة أخرى.',
  },
  onHoldSubject: { en: 'Your Sehha application is on hold', ar: 'طلبك في صحة معلّق' },
  onHoldBody: {
    en: 'Your application to Sehha is on hold until we receive what is missing.{details}',
    ar: 'طلب انضمامك إلى صحة معلّق حتى نستلم ما ينقصه.{details}',
  },
});
export const decisionNotices = {
  approved: { subject: decisionNoticeTexts.approvedSubject, body: decisionNoticeTexts.approvedBody },
  rejected: { subject: decisionNoticeTexts.rejectedSubject, body: decisionNoticeTexts.rejectedBody },
  onHold: { subject: decisionNoticeTexts.onHoldSubject, body: decisionNoticeTexts.onHoldBody },
} satisfies Record<Exclude<ProviderStatus, 'pending'>, { subject: Message; body: Message }>;

/** The lines of a decision notice's `{details}`, each present only when the decision has it. */
export const decisionNoticeLines = defineMessages({
  reasons: { en: ' Reasons: {reasons}.', ar: ' الأسباب: {reasons}.' },
  missingDocuments: { en: ' Missing documents: {documents}.', ar: ' المستندات الناقصة: {documents}.' },
  note: { en: ' Note: {note}', ar: ' ملاحظة: {note}' },
});

/** "Deactivate all" success messages per kind (spec §8 gives the doctors' and pharmacies' ones). */
export const deactivateAllMessages = defineMessages({
  doctors: { en: 'Doctors Deactivated Successfully !', ar: 'تم إلغاء تفعيل الأطباء بنجاح!' },
  pharmacies: { en: 'Pharmacies Deactivated Successfully !', ar: 'تم إلغاء تفعيل الصيدليات بنجاح!' },
  hospitals: { en: 'Medical Institutions Deactivated Successfully !', ar: 'تم إلغاء تفعيل المؤسسات الطبية بنجاح!' },
  'medical-centers': { en: 'Medical Centers Deactivated Successfully !', ar: 'تم إلغاء تفعيل المراكز الطبية بنجاح!' },
  companies: { en: 'Companies Deactivated Successfully !', ar: 'تم إلغاء تفعيل الشركات بنجاح!' },
} satisfies Record<ProviderKindSlug, Message>);

export const facilityUnitMessages = defineMessages({
  notFound: { en: 'Department or clinic not found.', ar: 'القسم أو العيادة غير موجود.' },
});

export const providerAdMessages = defineMessages({
  deleted: { en: 'Ad Deleted', ar: 'تم حذف الإعلان' },
  notFound: { en: 'Ad not found.', ar: 'الإعلان غير موجود.' },
});

export const licenseMessages = defineMessages({
  notFound: { en: 'License not found.', ar: 'الترخيص غير موجود.' },
  statusChanged: { en: 'Status Changed Successfully', ar: 'تم تغيير الحالة بنجاح' },
});

export const appointmentMessages = defineMessages({
  doctorNotFound: { en: 'Doctor not found.', ar: 'الطبيب غير موجود.' },
  hospitalNotFound: { en: 'Medical institution not found.', ar: 'المؤسسة الطبية غير موجودة.' },
  medicalCenterNotFound: { en: 'Medical center not found.', ar: 'المركز الطبي غير موجود.' },
});

/**
 * Reminders of a booked visit (apps/api/src/modules/reminders), by SMS and email in the patient's language:
 * `{provider}` the doctor's (or facility's) name, `{date}` and `{time}` the visit's wall-clock in the provider's zone.
 */
export const appointmentReminderTexts = defineMessages({
  subject: { en: 'Reminder of your Sehha appointment', ar: 'تذكير بموعدك في صحة' },
  dayBefore: {
    en: 'Reminder: you have an appointment with {provider} on {date} at {time}. If you cannot come, please cancel it in the app.',
    ar: 'تذكير: لديك موعد مع {provider} يوم {date} الساعة {time}. إذا لم تتمكن من الحضور، يرجى إلغاؤه من التطبيق.',
  },
  hoursBefore: {
    en: 'Your appointment with {provider} is soon: {date} at {time}. Please arrive a few minutes early.',
    ar: 'موعدك مع {provider} قريب: {date} الساعة {time}. يرجى الحضور قبل الموعد ببضع دقائق.',
  },
});

/** What a patient is told when the provider cancels a visit (the reason is the provider's own words). */
export const appointmentNoticeTexts = defineMessages({
  cancelledSubject: { en: 'Your Sehha appointment was cancelled', ar: 'تم إلغاء موعدك في صحة' },
  cancelledByProvider: {
    en: 'Sehha: {provider} cancelled your appointment on {date} at {time}. Reason: {reason}. You can book another time in the app.',
    ar: 'صحة: ألغى {provider} موعدك يوم {date} الساعة {time}. السبب: {reason}. يمكنك حجز موعد آخر من التطبيق.',
  },
});

export const userMessages = defineMessages({
  deactivated: { en: 'User Deactivated Successfully !', ar: 'تم إلغاء تفعيل المستخدم بنجاح!' },
  allDeactivated: { en: 'Users Deactivated Successfully !', ar: 'تم إلغاء تفعيل المستخدمين بنجاح!' },
  reactivated: { en: 'User Reactivated Successfully !', ar: 'تمت إعادة تفعيل المستخدم بنجاح!' },
  selectedReactivated: { en: 'Users Reactivated Successfully !', ar: 'تمت إعادة تفعيل المستخدمين بنجاح!' },
  notFound: { en: 'User not found.', ar: 'المستخدم غير موجود.' },
  adminAccount: { en: 'Admin accounts cannot be deactivated here.', ar: 'لا يمكن إلغاء تفعيل حسابات المشرفين من هنا.' },
  alreadyDeactivated: { en: 'This user is already deactivated.', ar: 'هذا المستخدم غير مفعّل بالفعل.' },
  idNotFound: { en: 'Account {id} does not exist.', ar: 'الحساب {id} غير موجود.' },
  idNotDeactivated: { en: 'Account {id} is not deactivated.', ar: 'الحساب {id} ليس غير مفعّل.' },
});

export const changeRequestMessages = defineMessages({
  approved: { en: 'Request accepted successfully', ar: 'تم قبول طلب التعديل بنجاح' },
  rejected: { en: 'Request rejected successfully', ar: 'تم رفض طلب التعديل بنجاح' },
  notFound: { en: 'Change request not found.', ar: 'طلب التعديل غير موجود.' },
  alreadyDecided: {
    en: 'This request has already been decided and cannot be decided again.',
    ar: 'تم البت في هذا الطلب بالفعل ولا يمكن البت فيه مرة أخرى.',
  },
  fieldNotAllowed: { en: 'The field "{field}" cannot be changed by a request.', ar: 'لا يمكن تعديل الحقل «{field}» عن طريق طلب تعديل.' },
  nameInvalid: { en: 'The requested name must be 2 to 255 characters.', ar: 'يجب أن يكون الاسم المطلوب من ٢ إلى ٢٥٥ حرفًا.' },
  phoneInvalid: {
    en: 'The requested number must be a phone number such as +201001234567.',
    ar: 'يجب أن يكون الرقم المطلوب رقم هاتف مثل ‎+201001234567.',
  },
  addressInvalid: { en: 'The requested address must be 2 to 500 characters.', ar: 'يجب أن يكون العنوان المطلوب من ٢ إلى ٥٠٠ حرف.' },
  providersOnly: { en: 'Only provider accounts have this field.', ar: 'هذا الحقل موجود في حسابات مقدمي الخدمة فقط.' },
  doctorsOnly: { en: 'Only doctors have a speciality.', ar: 'التخصص موجود للأطباء فقط.' },
  feeDoctorsOnly: { en: 'Only doctors have a consultation fee.', ar: 'سعر الكشف موجود للأطباء فقط.' },
  specialityMissing: { en: 'The requested speciality does not exist.', ar: 'التخصص المطلوب غير موجود.' },
  feeInvalid: {
    en: 'The requested fee must be an amount from 0 to 1,000,000 with at most two decimals.',
    ar: 'يجب أن يكون سعر الكشف المطلوب مبلغًا من ٠ إلى ١٬٠٠٠٬٠٠٠ بمنزلتين عشريتين على الأكثر.',
  },
  nothingRequested: { en: 'The request has no change to apply.', ar: 'لا يحتوي الطلب على أي تعديل لتطبيقه.' },
});

/** Sign-in (apps/api/src/auth). */
export const authMessages = defineMessages({
  loggedIn: { en: 'You are logged in!', ar: 'تم تسجيل الدخول!' },
  loggedOut: { en: 'Logged out successfully.', ar: 'تم تسجيل الخروج بنجاح.' },
  badCredentials: { en: 'These credentials do not match our records.', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.' },
  adminsOnly: { en: 'Only admins can access the dashboard.', ar: 'لوحة التحكم متاحة للمشرفين فقط.' },
  deactivated: { en: 'This account has been deactivated.', ar: 'تم إلغاء تفعيل هذا الحساب.' },
  throttled: {
    en: 'Too many login attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.',
    ar: 'محاولات دخول كثيرة جدًا. حاول مرة أخرى بعد {seconds, plural, one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  },
});

export const minPasswordLength = 12;
/** The login body accepts at most this many characters: a longer password could never log in. */
export const maxPasswordLength = 1024;

/** What the admin password policy refuses (apps/api/src/auth/password-policy.ts). */
export const passwordPolicyMessages = defineMessages({
  tooShort: {
    en: `The password field must be at least ${minPasswordLength} characters.`,
    ar: `يجب ألا تقل كلمة المرور عن ${minPasswordLength} حرفًا.`,
  },
  tooLong: {
    en: `The password field must not be greater than ${maxPasswordLength} characters.`,
    ar: `يجب ألا تزيد كلمة المرور عن ${maxPasswordLength} حرفًا.`,
  },
  tooCommon: {
    en: 'This password is one of the most common passwords. Please choose a different password.',
    ar: 'كلمة المرور هذه من أكثر كلمات المرور شيوعًا. يرجى اختيار كلمة مرور أخرى.',
  },
});

/** GET /api/ready when a check fails. */
export const healthMessages = defineMessages({
  notReady: { en: 'The service is not ready.', ar: 'الخدمة ليست جاهزة.' },
});

/** Requests that arrive while the server drains (apps/api/src/operations/closing.ts). */
export const closingMessages = defineMessages({
  shuttingDown: {
    en: 'The server is shutting down. Please try again in a moment.',
    ar: 'الخادم قيد الإيقاف. يرجى المحاولة مرة أخرى بعد قليل.',
  },
});
