import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { nameFields, pageField, parentIdField, perPageField, searchField } from './fields';
import { defineMessages, type Message } from './messages';
import { prescriptionReplyStatusSchema, prescriptionReplyStatuses } from './status-codes';
import type { ValidationMessageKey } from './validation-messages';

export type PrescriptionReplyStatus = (typeof prescriptionReplyStatuses)[number];

/** Prescriptions users uploaded for pharmacies: spec §3 Prescription, calls of spec §7. */
export const prescriptionsPerPage = 10;

/** `?page=N` for the list; `?pharmacy_name=` searches by pharmacy (Arabic or English, folded). */
export const prescriptionListQuery = z.object({
  page: pageField,
  per_page: perPageField(prescriptionsPerPage),
  pharmacy_name: searchField,
});

export const prescription = z.object({
  id: z.number().int(),
  /**
   * The storage key with a short-lived signature, `prescriptions/x.png?expires=…&signature=…`:
   * `/storage/{image}` shows it to the admin, the bare `/storage/prescriptions/x.png` is refused (403).
   * Null once the images were deleted (`images_purged_at`).
   */
  image: z.string().nullable(),
  /** Seconds since the epoch after which `image` stops working (fetch the list again); null with no image. */
  image_expires_at: z.number().int().nullable(),
  /** When the images were deleted: their retention period after the reply ended (docs/privacy.md), or an erasure. */
  images_purged_at: z.string().nullable(),
  note: z.string().nullable(),
  /** `name` is in the request's language (Accept-Language). */
  pharmacy: z.object({ id: z.number().int(), name: z.string(), ...nameFields }),
  user: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  /** The pharmacy's answer (issue 27); null while it has not replied (the dashboard shows "waiting"). */
  reply_status: prescriptionReplyStatusSchema.nullable(),
  replied_at: z.string().nullable(),
});
export type Prescription = z.infer<typeof prescription>;

export const prescriptionListResponse = envelope(paginator(prescription));

export const prescriptionPaths = { list: '/api/admin/prescription/index' };

// ---- The app's prescriptions (issue 27): a patient sends 1–5 images to a pharmacy, the pharmacy replies ----

/** At most this many images a prescription (the database's CHECK holds the same 1–5). */
export const maxPrescriptionImages = 5;
/** The multipart field the images come in, repeated once per image (`images[]` and `images[0]` are read too). */
export const prescriptionImagesField = 'images';
/** What the pharmacy's list shows: prescriptions without a reply yet (oldest first), or replied ones (newest reply first). */
export const pharmacyPrescriptionFilters = ['waiting', 'replied'] as const;

const key = (k: ValidationMessageKey) => ({ error: k });
/** A form sends an empty field for "nothing": read as absent. */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const noteField = z.preprocess(blankAsAbsent, z.string(key('invalid')).trim().max(1000, key('descriptionTooLong')).optional());

/** `POST /api/v1/prescriptions` (multipart): the fields; the images are files named `images` (1–5). */
export const prescriptionUploadRequest = z.object({
  pharmacy_id: parentIdField('required').max(2 ** 53 - 1, key('idInvalid')),
  note: noteField,
});
export type PrescriptionUploadRequest = z.infer<typeof prescriptionUploadRequest>;

/** `POST /api/v1/pharmacy/prescriptions/{id}/reply`: a price with available / partly_available, none with unavailable. */
export const prescriptionReplyRequest = z.object({
  status: z.enum(prescriptionReplyStatuses, key('statusInvalid')),
  /** EGP, two decimals at most (prescriptions.reply_price is numeric(10, 2)). */
  price: z
    .number(key('priceInvalid'))
    .min(0, key('priceInvalid'))
    .max(1_000_000, key('priceInvalid'))
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, key('priceInvalid'))
    .nullish(),
  note: noteField,
});
export type PrescriptionReplyRequest = z.infer<typeof prescriptionReplyRequest>;

export const pharmacyPrescriptionQuery = z.object({
  page: pageField,
  per_page: perPageField(20),
  status: z.enum(pharmacyPrescriptionFilters, key('statusInvalid')).optional(),
});
export const myPrescriptionQuery = z.object({ page: pageField, per_page: perPageField(20) });

/** A private image as the app gets it: `/storage/prescriptions/….png?expires=…&signature=…&view=…`, for a few minutes. */
const signedImage = z.object({ url: z.string(), expires_at: z.number().int() });

/** The pharmacy's answer; null while it has not replied ("waiting"). */
export const prescriptionReply = z
  .object({
    status: prescriptionReplyStatusSchema,
    price: z.number().nullable(),
    note: z.string().nullable(),
    replied_at: z.string(),
  })
  .nullable();

/** A patient's prescription: its pharmacy (name in the request's language), the reply, and (one prescription) its images. */
export const myPrescription = z.object({
  id: z.number().int(),
  pharmacy: z.object({ id: z.number().int(), name: z.string(), ...nameFields }),
  note: z.string().nullable(),
  image_count: z.number().int(),
  /** Signed links, on `GET /api/v1/prescriptions/{id}` and on the upload's answer; empty in the list. */
  images: z.array(signedImage),
  /** When the images were deleted (their retention period ended): `images` is empty from then on. */
  images_purged_at: z.string().nullable(),
  reply: prescriptionReply,
  created_at: z.string(),
});
export type MyPrescription = z.infer<typeof myPrescription>;

/** A prescription as its pharmacy sees it: the patient's name (no contact details), the images, its own reply. */
export const pharmacyPrescription = z.object({
  id: z.number().int(),
  patient: z.object({ id: z.number().int(), name: z.string() }),
  note: z.string().nullable(),
  images: z.array(signedImage),
  /** When the images were deleted (their retention period after the reply ended): `images` is empty from then on. */
  images_purged_at: z.string().nullable(),
  reply: prescriptionReply,
  created_at: z.string(),
});
export type PharmacyPrescription = z.infer<typeof pharmacyPrescription>;

export const myPrescriptionResponse = envelope(myPrescription);
export const myPrescriptionPageResponse = envelope(paginator(myPrescription));
export const pharmacyPrescriptionResponse = envelope(pharmacyPrescription);
export const pharmacyPrescriptionPageResponse = envelope(paginator(pharmacyPrescription));

export const prescriptionMessages = defineMessages({
  sent: { en: 'Your prescription was sent to the pharmacy.', ar: 'تم إرسال الوصفة الطبية إلى الصيدلية.' },
  notFound: { en: 'Prescription not found.', ar: 'الوصفة الطبية غير موجودة.' },
  imagesRequired: { en: 'Add at least one image of the prescription.', ar: 'أضف صورة واحدة على الأقل للوصفة الطبية.' },
  imagesTooMany: { en: 'Send at most 5 images.', ar: 'أرسل ٥ صور على الأكثر.' },
  pharmacyInvalid: {
    en: 'Choose a pharmacy from the directory.',
    ar: 'اختر صيدلية من الدليل.',
  },
  tooMany: {
    en: 'You have sent too many prescriptions in the last hour. Try again later.',
    ar: 'لقد أرسلت عددًا كبيرًا من الوصفات خلال الساعة الأخيرة. حاول مرة أخرى لاحقًا.',
  },
  idempotencyKeyInvalid: {
    en: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    ar: 'يجب أن تتكون الترويسة Idempotency-Key من ١ إلى ٢٥٥ حرفًا مرئيًا.',
  },
  idempotencyKeyReused: {
    en: 'This Idempotency-Key was already used for another prescription.',
    ar: 'مفتاح Idempotency-Key هذا استُخدم بالفعل لوصفة طبية أخرى.',
  },
  priceRequired: { en: 'Give the price of what is available.', ar: 'اكتب سعر المتوفر.' },
  priceNotAllowed: { en: 'An unavailable reply has no price.', ar: 'الرد بعدم التوفر لا يكون له سعر.' },
  replied: { en: 'Your reply was sent to the patient.', ar: 'تم إرسال ردك إلى المريض.' },
  alreadyReplied: {
    en: 'This prescription has already been answered: a reply cannot be changed.',
    ar: 'تم الرد على هذه الوصفة بالفعل: لا يمكن تغيير الرد.',
  },
});

/** The patient's SMS (and email) when the pharmacy replies, in the patient's language. */
export const prescriptionReplyNoticeTexts = defineMessages({
  availableSubject: { en: 'Your prescription: available', ar: 'وصفتك الطبية: متوفرة' },
  availableBody: {
    en: '{pharmacy} has everything on your prescription: {price} EGP.',
    ar: 'كل ما في وصفتك الطبية متوفر لدى {pharmacy}: {price} جنيه.',
  },
  partlyAvailableSubject: { en: 'Your prescription: partly available', ar: 'وصفتك الطبية: متوفرة جزئيًا' },
  partlyAvailableBody: {
    en: '{pharmacy} has part of your prescription: {price} EGP. See the reply in the app.',
    ar: 'جزء من وصفتك الطبية متوفر لدى {pharmacy}: {price} جنيه. اطلع على الرد في التطبيق.',
  },
  unavailableSubject: { en: 'Your prescription: unavailable', ar: 'وصفتك الطبية: غير متوفرة' },
  unavailableBody: {
    en: '{pharmacy} does not have your prescription. See the reply in the app.',
    ar: 'وصفتك الطبية غير متوفرة لدى {pharmacy}. اطلع على الرد في التطبيق.',
  },
});
const notice = prescriptionReplyNoticeTexts;
export const prescriptionReplyNotices = {
  available: { subject: notice.availableSubject, body: notice.availableBody },
  partly_available: { subject: notice.partlyAvailableSubject, body: notice.partlyAvailableBody },
  unavailable: { subject: notice.unavailableSubject, body: notice.unavailableBody },
} satisfies Record<PrescriptionReplyStatus, { subject: Message; body: Message }>;
