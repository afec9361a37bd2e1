import { z } from 'zod';
import { envelope } from './envelope';
import { defineMessages, type Message } from './messages';
import { consentPurposes, legalDocuments, type ConsentPurpose, type LegalDocument } from './status-codes';

/**
 * The privacy notice and the terms, as versioned texts (en + ar). A new text is a new entry at the end of its
 * document's list, with the next version number: the last entry is the current one, and the older ones stay here
 * so that every consent row (document, version) still names the text that was accepted. docs/privacy.md says how
 * to publish one.
 */
export type LegalVersion = {
  version: number;
  /** The day it was published (YYYY-MM-DD, platform time). */
  published: string;
  title: Message;
  body: Message;
};

/** Every version of each document, oldest first. */
export type LegalLibrary = Record<LegalDocument, readonly LegalVersion[]>;

const privacyV1: LegalVersion = {
  version: 1,
  published: '2026-11-27',
  title: { en: 'Sehha privacy notice', ar: 'إشعار الخصوصية لتطبيق صحة' },
  body: {
    en: `Who we are
Sehha is the controller of the personal data handled through the Sehha app and website, under Egypt's Personal Data Protection Law No. 151 of 2020 and its executive regulations. You can reach our data protection officer at privacy@sehha.example.

What we collect
- Your account: name, mobile number, email address if you give one, and your language.
- Health data, which the law treats as sensitive: the appointments you book (the doctor or facility, the time, the reason you give) and the prescriptions you send to pharmacies (their images, your notes and the pharmacy's reply).
- Payments for online bookings: amount, status and the payment gateway's reference. We never see or keep your card number.
- Technical data: the network address and device of your requests, sign-in times and one-time codes.

Why we use it
- To create your account and sign you in with a code sent to your phone.
- To book appointments and send prescriptions to pharmacies. We process your health data for this only with your explicit consent to this notice.
- To tell you about your appointments, prescriptions and account by SMS and email.
- To keep the service secure, prevent abuse and meet our legal duties (we log changes and every reading of health data).
- To send you offers and news, only if you choose to receive them.

Who sees what
- The doctor, hospital or medical center you book with sees your name, phone number and the appointment.
- The pharmacy you send a prescription to sees the prescription, its images, your name and phone number, and writes its reply.
- Sehha administrators see what they need to review providers, support you and answer legal requests. Every reading of your health data by anyone other than you is recorded: who, what, when and why.
- Companies that send our messages, host our servers and process online payments handle data for us under contract. We do not sell your data.

How long we keep it
We keep your data while your account is open. Prescription images, one-time codes, sign-in records, access records and message texts are deleted after set periods, which you can ask us for. Records that others must keep (a provider's appointments, payments, the audit log) stay after your account is erased, under a pseudonym instead of your name.

Your rights and how to use them in the app
- See and get a copy of your data: Account, then Privacy, then Download my data.
- Correct it: edit your name, email and language in your profile; a new mobile number is confirmed by a code sent to that number.
- Erase your account: Account, then Privacy, then Delete my account.
- Withdraw a consent at any time: Account, then Privacy, then Consents. Withdrawing your consent to health data stops new bookings and prescriptions until you consent again. It does not delete the data already held: to have it deleted, ask for erasure.
We answer within 30 days. You may also write to privacy@sehha.example, and complain to Egypt's Personal Data Protection Center.

Marketing
We send offers and news only if you opt in, and you can opt out at any time in the app. Messages about your own appointments and prescriptions are not marketing.

Changes to this notice
Each new text of this notice has a new version number. The app asks you to accept it before your next booking or prescription.`,
    ar: `من نحن
تطبيق صحة هو المسؤول عن معالجة البيانات الشخصية التي تُجمع من خلال تطبيق صحة وموقعه، وفقًا لقانون حماية البيانات الشخصية المصري رقم 151 لسنة 2020 ولائحته التنفيذية. يمكنك التواصل مع مسؤول حماية البيانات لدينا على privacy@sehha.example.

ما البيانات التي نجمعها
- بيانات حسابك: الاسم، ورقم الهاتف المحمول، والبريد الإلكتروني إن أضفته، ولغتك.
- البيانات الصحية، وهي بيانات حساسة بحكم القانون: المواعيد التي تحجزها (الطبيب أو المنشأة، والموعد، والسبب الذي تذكره)، والروشتات التي ترسلها إلى الصيدليات (صورها، وملاحظاتك، ورد الصيدلية).
- مدفوعات الحجوزات الإلكترونية: المبلغ، والحالة، والرقم المرجعي لدى بوابة الدفع. لا نرى رقم بطاقتك ولا نحتفظ به أبدًا.
- البيانات التقنية: عنوان الشبكة والجهاز اللذان تصدر منهما طلباتك، وأوقات تسجيل الدخول، ورموز الاستخدام الواحد.

لماذا نستخدمها
- لإنشاء حسابك وتسجيل دخولك برمز يُرسل إلى هاتفك.
- لحجز المواعيد وإرسال الروشتات إلى الصيدليات. لا نعالج بياناتك الصحية لهذا الغرض إلا بموافقتك الصريحة على هذا الإشعار.
- لإبلاغك بمواعيدك وروشتاتك وما يخص حسابك عبر الرسائل النصية والبريد الإلكتروني.
- للحفاظ على أمان الخدمة، ومنع إساءة استخدامها، والوفاء بالتزاماتنا القانونية (نسجّل التعديلات وكل اطلاع على البيانات الصحية).
- لإرسال العروض والأخبار إليك، فقط إذا اخترت تلقيها.

من يرى ماذا
- يرى الطبيب أو المستشفى أو المركز الطبي الذي تحجز لديه اسمك ورقم هاتفك والموعد.
- ترى الصيدلية التي ترسل إليها روشتة تلك الروشتة وصورها واسمك ورقم هاتفك، وتكتب ردها عليها.
- يرى مديرو صحة ما يحتاجون إليه لمراجعة مقدمي الخدمة ومساعدتك والرد على الطلبات القانونية. ويُسجَّل كل اطلاع على بياناتك الصحية من أي شخص غيرك: من اطّلع، وعلى ماذا، ومتى، ولماذا.
- تعالج الشركات التي ترسل رسائلنا وتستضيف خوادمنا وتعالج المدفوعات الإلكترونية البيانات نيابةً عنا بموجب عقود. نحن لا نبيع بياناتك.

مدة الاحتفاظ بها
نحتفظ ببياناتك ما دام حسابك قائمًا. تُحذف صور الروشتات ورموز الاستخدام الواحد وسجلات الدخول وسجلات الاطلاع ونصوص الرسائل بعد مدد محددة يمكنك أن تسألنا عنها. أما السجلات التي يلزم غيرك الاحتفاظ بها (مواعيد مقدم الخدمة، والمدفوعات، وسجل التدقيق) فتبقى بعد حذف حسابك، ولكن باسم مستعار بدلًا من اسمك.

حقوقك وكيف تمارسها من التطبيق
- الاطلاع على بياناتك والحصول على نسخة منها: الحساب، ثم الخصوصية، ثم تنزيل بياناتي.
- تصحيحها: عدّل اسمك وبريدك الإلكتروني ولغتك من ملفك الشخصي؛ ويُؤكَّد رقم الهاتف الجديد برمز يُرسل إلى ذلك الرقم.
- حذف حسابك: الحساب، ثم الخصوصية، ثم حذف حسابي.
- سحب أي موافقة في أي وقت: الحساب، ثم الخصوصية، ثم الموافقات. سحب موافقتك على معالجة البيانات الصحية يوقف الحجوزات والروشتات الجديدة حتى توافق من جديد، لكنه لا يحذف البيانات المحفوظة بالفعل: لحذفها اطلب حذف الحساب.
نرد على طلبك خلال 30 يومًا. ويمكنك أيضًا مراسلتنا على privacy@sehha.example، وتقديم شكوى إلى مركز حماية البيانات الشخصية في مصر.

التسويق
لا نرسل العروض والأخبار إلا إذا وافقت على تلقيها، ويمكنك إلغاء ذلك في أي وقت من التطبيق. الرسائل الخاصة بمواعيدك وروشتاتك ليست رسائل تسويقية.

تعديل هذا الإشعار
لكل نص جديد من هذا الإشعار رقم إصدار جديد، ويطلب منك التطبيق الموافقة عليه قبل حجزك التالي أو روشتتك التالية.`,
  },
};

const termsV1: LegalVersion = {
  version: 1,
  published: '2026-11-27',
  title: { en: 'Sehha terms of use', ar: 'شروط استخدام صحة' },
  body: {
    en: `Sehha is a directory that helps you find doctors, hospitals, medical centers and pharmacies in Egypt, book appointments and send prescriptions. Sehha does not give medical care or advice: the providers you choose are responsible for it.

In an emergency, do not use the app: call 123 for an ambulance.

Your account is tied to your mobile number. Keep the codes we send you to yourself, give true details, and use one account for yourself only.

A booking is an agreement between you and the provider. Cancel or reschedule in the app before the time the app shows; an online booking is held until it is paid. Pharmacies decide on the prescriptions you send them.

Do not misuse the service: no false bookings, no uploads that are not prescriptions, no attempts to reach other people's data or to disrupt the service. We may suspend an account that does.

Our privacy notice explains how we handle your data. These terms are governed by Egyptian law. Each new text of these terms has a new version number, and the app asks you to accept it.`,
    ar: `صحة دليل يساعدك على إيجاد الأطباء والمستشفيات والمراكز الطبية والصيدليات في مصر، وحجز المواعيد، وإرسال الروشتات. لا تقدم صحة رعاية طبية ولا استشارة طبية: مقدمو الخدمة الذين تختارهم هم المسؤولون عنها.

في حالات الطوارئ لا تستخدم التطبيق: اتصل بالرقم 123 لطلب الإسعاف.

حسابك مرتبط برقم هاتفك المحمول. احتفظ بالرموز التي نرسلها إليك لنفسك، وقدّم بيانات صحيحة، واستخدم حسابًا واحدًا لنفسك فقط.

الحجز اتفاق بينك وبين مقدم الخدمة. ألغِ الموعد أو غيّره من التطبيق قبل الوقت الذي يعرضه التطبيق؛ ويبقى الحجز الإلكتروني معلقًا حتى يُدفع. وتقرر الصيدليات ما تفعله بالروشتات التي ترسلها إليها.

لا تُسئ استخدام الخدمة: لا حجوزات وهمية، ولا رفع ملفات ليست روشتات، ولا محاولة للوصول إلى بيانات الآخرين أو تعطيل الخدمة. يجوز لنا إيقاف أي حساب يفعل ذلك.

يوضح إشعار الخصوصية كيف نتعامل مع بياناتك. تخضع هذه الشروط للقانون المصري. لكل نص جديد من هذه الشروط رقم إصدار جديد، ويطلب منك التطبيق الموافقة عليه.`,
  },
};

/** The legal texts as published: append a new version, never edit a published one. */
export const legalLibrary: LegalLibrary = {
  privacy: [privacyV1],
  terms: [termsV1],
};

/** The version in force: the last of the document's list. */
export const currentLegalVersion = (library: LegalLibrary, document: LegalDocument): LegalVersion => {
  const versions = library[document];
  const current = versions[versions.length - 1];
  if (!current) throw new Error(`no ${document} text is published`);
  return current;
};

/** The document that states each consent purpose: health data and marketing are in the privacy notice. */
export const consentDocuments: Record<ConsentPurpose, LegalDocument> = { health_data: 'privacy', terms: 'terms', marketing: 'privacy' };

/** The purposes an account must have given, to the current version, to book and send prescriptions (health_data) or to exist (terms). */
export const requiredConsentPurposes = ['health_data', 'terms'] as const satisfies readonly ConsentPurpose[];

// ---- the apps' requests and answers ----

export const legalDocumentSchema = z.enum(legalDocuments, { error: 'invalid' });
export const legalParams = z.object({ document: z.string() });
/** `?lang=` overrides Accept-Language (a link opened in a browser carries no header the app chose). */
export const legalQuery = z.object({ lang: z.enum(['en', 'ar'], { error: 'languageInvalid' }).optional() });

export const legalDocumentResponse = envelope(
  z.object({
    document: legalDocumentSchema,
    version: z.number().int(),
    published_at: z.string(),
    language: z.enum(['en', 'ar']),
    title: z.string(),
    body: z.string(),
  }),
);
export type LegalDocumentResponse = z.infer<typeof legalDocumentResponse>;

const versionField = z
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .min(1, { error: 'invalid' })
  .max(1_000_000, { error: 'invalid' });

/** A new account's consents, sent with its first sign-in: the versions of the texts it was shown. */
export const signUpConsents = z.object({
  privacy: versionField,
  terms: versionField,
  marketing: z.boolean({ error: 'invalid' }).optional(),
});
export type SignUpConsents = z.infer<typeof signUpConsents>;

/** Give (to the current version of its document) or withdraw one consent. */
export const consentInput = z.object({
  purpose: z.enum(consentPurposes, { error: 'invalid' }),
  given: z.boolean({ error: 'invalid' }),
  /** Required to give; ignored when withdrawing. */
  version: versionField.optional(),
});
export type ConsentInput = z.infer<typeof consentInput>;

export const consentState = z.object({
  purpose: z.enum(consentPurposes),
  document: legalDocumentSchema,
  given: z.boolean(),
  /** The version of the document the last decision was about; null when none was ever recorded. */
  version: z.number().int().nullable(),
  /** When the last decision was recorded. */
  at: z.string().nullable(),
  /** The current version of the document. */
  current_version: z.number().int(),
});
export type ConsentState = z.infer<typeof consentState>;

/** What the app must ask for again: the purposes not given to the current version of their document. */
export const consentSummary = z.object({ required: z.array(z.enum(consentPurposes)) });
export type ConsentSummary = z.infer<typeof consentSummary>;

export const consentsResponse = envelope(z.object({ consents: z.array(consentState), required: z.array(z.enum(consentPurposes)) }));
export type ConsentsResponse = z.infer<typeof consentsResponse>;

export const consentMessages = defineMessages({
  notFound: { en: 'There is no such legal document.', ar: 'لا توجد وثيقة قانونية بهذا الاسم.' },
  signUpConsentRequired: {
    en: 'Accept the privacy notice and the terms of use to create an account.',
    ar: 'وافق على إشعار الخصوصية وشروط الاستخدام لإنشاء حساب.',
  },
  versionNotCurrent: {
    en: 'This text has changed: read version {version} and accept it.',
    ar: 'تغيّر هذا النص: اقرأ الإصدار {version} ووافق عليه.',
  },
  versionRequired: { en: 'Send the version of the text you accept.', ar: 'أرسل رقم إصدار النص الذي توافق عليه.' },
  termsCannotBeWithdrawn: {
    en: 'The terms of use cannot be withdrawn while the account exists: delete the account instead.',
    ar: 'لا يمكن سحب الموافقة على شروط الاستخدام ما دام الحساب قائمًا: احذف الحساب بدلًا من ذلك.',
  },
  given: { en: 'Your consent was recorded.', ar: 'تم تسجيل موافقتك.' },
  withdrawn: {
    en: 'Your consent was withdrawn. The data already held is not deleted: to have it deleted, ask for erasure.',
    ar: 'تم سحب موافقتك. لا تُحذف البيانات المحفوظة بالفعل: لحذفها اطلب حذف الحساب.',
  },
  consentRequired: {
    en: 'Accept the current privacy notice in the app to book appointments or send prescriptions.',
    ar: 'وافق على إشعار الخصوصية الحالي في التطبيق لتتمكن من حجز المواعيد أو إرسال الوصفات الطبية.',
  },
});
