import { z } from 'zod';
import { envelope } from './envelope';
import { bilingualNameInput, dateField, parentIdField } from './fields';
import { defineMessages } from './messages';
import {
  attachmentKindSchema,
  decisionReasonSchema,
  licenseStatusSchema,
  providerKindSchema,
  providerKinds,
  providerReviewActions,
  providerStatusSchema,
  type ProviderKind,
} from './status-codes';

/**
 * A provider's application from the app (POST /api/v1/provider/application, multipart): the profile as
 * fields, the documents as files named by their attachment kind, plus an optional `photo`. A signed-in
 * account applies once; a rejected or held provider sends the same form again to resubmit (a new round).
 */

/** The documents sent as files, by attachment kind (the kinds the admin's attachments dialog shows). */
export const applicationDocumentKinds = ['license', 'syndicate_card', 'commercial_register', 'tax_card', 'national_id'] as const;
export type ApplicationDocumentKind = (typeof applicationDocumentKinds)[number];

/** The documents each kind must send with its first application (`license` always). */
export const requiredDocuments: Record<ProviderKind, readonly ApplicationDocumentKind[]> = {
  doctor: ['license', 'syndicate_card', 'national_id'],
  pharmacy: ['license', 'commercial_register', 'tax_card'],
  hospital: ['license', 'commercial_register', 'tax_card'],
  medical_center: ['license', 'commercial_register', 'tax_card'],
  company: ['license', 'commercial_register', 'tax_card'],
};

/** The kinds that may name an institution type (the admin's institution types). */
export const institutionTypeKinds: readonly ProviderKind[] = ['hospital', 'medical_center'];

/** The optional public picture (a doctor's photo, a facility's logo): an image, never a PDF. */
export const applicationPhotoField = 'photo';

/** A form sends an empty field for "nothing": read as absent. */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());

export const providerApplicationRequest = z.object({
  kind: z.enum(providerKinds, { error: 'invalid' }),
  ...bilingualNameInput,
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, { error: 'emailRequired' })
    .max(255, { error: 'emailInvalid' })
    .pipe(z.email({ error: 'emailInvalid' })),
  country_id: parentIdField('countryRequired').max(2 ** 53 - 1, { error: 'countryInvalid' }),
  city_id: parentIdField('cityRequired').max(2 ** 53 - 1, { error: 'cityInvalid' }),
  state_id: parentIdField('required').max(2 ** 53 - 1, { error: 'invalid' }),
  address: z.string({ error: 'required' }).trim().min(2, { error: 'required' }).max(500, { error: 'descriptionTooLong' }),
  /** As typed; the API keeps it in E.164 and checks it is a mobile number, as the sign-in does. */
  whatsapp_phone: z.string({ error: 'phoneRequired' }).trim().min(1, { error: 'phoneRequired' }).max(32, { error: 'mobilePhoneInvalid' }),
  /** Doctors: required. */
  speciality_id: optional(
    z.coerce
      .number({ error: 'idInvalid' })
      .int({ error: 'idInvalid' })
      .positive({ error: 'idInvalid' })
      .max(2 ** 53 - 1),
  ),
  /** Doctors: required, in EGP. */
  consultation_fee: optional(
    z.coerce.number({ error: 'priceInvalid' }).min(0, { error: 'priceInvalid' }).max(100_000, { error: 'priceInvalid' }),
  ),
  /** Hospitals and medical centers, when the admin uses institution types. */
  institution_type_id: optional(
    z.coerce
      .number({ error: 'idInvalid' })
      .int({ error: 'idInvalid' })
      .positive({ error: 'idInvalid' })
      .max(2 ** 53 - 1),
  ),
  /** Required with the first application and with every new license document; a future date (platform time zone). */
  license_number: optional(z.string().trim().min(1, { error: 'required' }).max(100, { error: 'invalid' })),
  license_expires_on: optional(dateField),
});
export type ProviderApplicationRequest = z.infer<typeof providerApplicationRequest>;

const reviewStep = z.object({
  round: z.number().int(),
  action: z.enum(providerReviewActions),
  reason_codes: z.array(decisionReasonSchema),
  /** The reasons' labels in the request's language. */
  reasons: z.array(z.object({ code: decisionReasonSchema, label: z.string() })),
  reason_note: z.string().nullable(),
  missing_documents: z.array(attachmentKindSchema),
  created_at: z.string(),
});

export const providerApplication = z.object({
  status: providerStatusSchema,
  kind: providerKindSchema,
  /** 1 for the first application, one more per resubmission. */
  round: z.number().int(),
  submitted_at: z.string(),
  profile: z.object({
    name_ar: z.string(),
    name_en: z.string(),
    email: z.string(),
    country_id: z.number().int().nullable(),
    city_id: z.number().int().nullable(),
    state_id: z.number().int().nullable(),
    address: z.string().nullable(),
    whatsapp_phone: z.string().nullable(),
    speciality_id: z.number().int().nullable(),
    consultation_fee: z.number().nullable(),
    institution_type_id: z.number().int().nullable(),
    photo_url: z.string().nullable(),
  }),
  documents: z.array(z.object({ kind: attachmentKindSchema, name: z.string(), size: z.number().int(), created_at: z.string() })),
  /** The latest license sent. */
  license: z.object({ number: z.string(), expires_on: z.string(), status: licenseStatusSchema }).nullable(),
  last_decision: z
    .object({
      round: z.number().int(),
      action: z.enum(['approved', 'rejected', 'onHold']),
      reason_codes: z.array(decisionReasonSchema),
      reasons: z.array(z.object({ code: decisionReasonSchema, label: z.string() })),
      reason_note: z.string().nullable(),
      missing_documents: z.array(attachmentKindSchema),
      decided_at: z.string(),
    })
    .nullable(),
  /** Every step, oldest first. */
  history: z.array(reviewStep),
});
export type ProviderApplication = z.infer<typeof providerApplication>;
export const providerApplicationResponse = envelope(providerApplication);

export const providerApplicationMessages = defineMessages({
  submitted: { en: 'Your application was sent. We will review it soon.', ar: 'تم إرسال طلبك. سنراجعه قريبًا.' },
  resubmitted: { en: 'Your application was sent again for review.', ar: 'تم إرسال طلبك مرة أخرى للمراجعة.' },
  notFound: { en: 'You have not applied as a provider.', ar: 'لم تتقدم بطلب كمقدم خدمة.' },
  alreadyPending: {
    en: 'Your application is already under review. You can send it again only after a decision asks for it.',
    ar: 'طلبك قيد المراجعة بالفعل. يمكنك إرساله مرة أخرى فقط بعد قرار يطلب ذلك.',
  },
  alreadyApproved: {
    en: 'Your application was accepted. Change your profile through a change request.',
    ar: 'تم قبول طلبك. عدّل ملفك من خلال طلب تعديل.',
  },
  tooMany: { en: 'Too many applications were sent. Try again later.', ar: 'أُرسلت طلبات كثيرة جدًا. حاول مرة أخرى لاحقًا.' },
  // Field errors (422).
  kindMismatch: {
    en: 'Your account applies as another kind of provider.',
    ar: 'حسابك يتقدم كنوع آخر من مقدمي الخدمة.',
  },
  documentRequired: { en: 'This document is required', ar: 'هذا المستند مطلوب' },
  documentTypeInvalid: {
    en: 'The document must be a PDF, or a PNG, JPEG or WebP image',
    ar: 'يجب أن يكون المستند ملف PDF أو صورة PNG أو JPEG أو WebP',
  },
  specialityRequired: { en: 'Choose a speciality from the list', ar: 'اختر تخصصًا من القائمة' },
  feeRequired: { en: 'Enter the consultation fee', ar: 'أدخل سعر الكشف' },
  notForKind: { en: 'This field is not used for this kind of provider', ar: 'هذا الحقل غير مستخدم لهذا النوع من مقدمي الخدمة' },
  institutionTypeInvalid: { en: 'Choose an institution type from the list', ar: 'اختر نوع منشأة من القائمة' },
  countryInvalid: { en: 'Choose a country from the list', ar: 'اختر دولة من القائمة' },
  cityInvalid: { en: 'Choose a city of the chosen country', ar: 'اختر مدينة من الدولة المختارة' },
  stateInvalid: { en: 'Choose an area of the chosen city', ar: 'اختر منطقة من المدينة المختارة' },
  licenseNumberRequired: { en: 'Enter the license number', ar: 'أدخل رقم الترخيص' },
  licenseExpiryRequired: { en: 'Enter the license expiry date', ar: 'أدخل تاريخ انتهاء الترخيص' },
  licenseExpiryPast: { en: 'The license must expire after today', ar: 'يجب أن ينتهي الترخيص بعد اليوم' },
});
