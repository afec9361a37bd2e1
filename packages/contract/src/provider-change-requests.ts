import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { pageField, perPageField } from './fields';
import { defineMessages } from './messages';

/**
 * An approved provider's profile change, asked from the app (`POST /api/v1/provider/change-requests`): it
 * becomes a change request (change-requests.ts) that an admin accepts or rejects. The sign-in phone is not
 * here: it changes by signing in again with a code sent to the new number.
 */
const name = z.string({ error: 'invalid' }).trim().min(2, { error: 'nameMin' }).max(255, { error: 'nameMax' });

/** Fields only a doctor's profile has: another kind sending one gets a 422 on it. */
export const doctorOnlyChangeFields = ['speciality_id', 'consultation_fee'] as const;

const providerChangeShape = {
  name_ar: name.optional(),
  name_en: name.optional(),
  address: z.string({ error: 'invalid' }).trim().min(2, { error: 'nameMin' }).max(500, { error: 'invalid' }).optional(),
  /** Normalised to E.164 by the API (a mobile number of a supported country), as the sign-in phone is. */
  whatsapp_phone: z.string({ error: 'mobilePhoneInvalid' }).trim().max(32, { error: 'mobilePhoneInvalid' }).optional(),
  speciality_id: z
    .number({ error: 'idInvalid' })
    .int({ error: 'idInvalid' })
    .positive({ error: 'idInvalid' })
    .max(2 ** 53 - 1, { error: 'idInvalid' })
    .optional(),
  /** EGP, two decimals at most (providers.consultation_fee is numeric(10, 2)). */
  consultation_fee: z
    .number({ error: 'priceInvalid' })
    .min(0, { error: 'priceInvalid' })
    .max(1_000_000, { error: 'priceInvalid' })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: 'priceInvalid' })
    .optional(),
};

export const providerChangeInput = z
  .looseObject(providerChangeShape)
  // A field the app may not change (the sign-in phone, the status…) is refused on its own key, never dropped.
  .superRefine((input, context) => {
    for (const key of Object.keys(input)) {
      if (!Object.hasOwn(providerChangeShape, key)) context.addIssue({ code: 'custom', path: [key], message: 'invalid' });
    }
  })
  .transform((input) => {
    const known: { [K in keyof typeof providerChangeShape]?: z.output<(typeof providerChangeShape)[K]> } = {};
    for (const key of Object.keys(providerChangeShape) as Array<keyof typeof providerChangeShape>) {
      if (input[key] !== undefined) (known as Record<string, unknown>)[key] = input[key];
    }
    return known;
  });
export type ProviderChangeInput = z.infer<typeof providerChangeInput>;

export const providerChangeRequestQuery = z.object({ page: pageField, per_page: perPageField(20) });

/** One of the account's own requests: status 0 waiting, 1 accepted, 2 rejected (with the admin's reason, if given). */
export const providerChangeRequest = z.object({
  id: z.number().int(),
  status: z.number().int(),
  changes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ProviderChangeRequest = z.infer<typeof providerChangeRequest>;

export const providerChangeRequestResponse = envelope(providerChangeRequest);
export const providerChangeRequestPageResponse = envelope(paginator(providerChangeRequest));

export const providerChangeRequestMessages = defineMessages({
  submitted: { en: 'Your change request was sent for review.', ar: 'تم إرسال طلب التعديل للمراجعة.' },
  notApproved: {
    en: 'Only an accepted provider can ask to change its profile.',
    ar: 'لا يمكن طلب تعديل الملف إلا لمقدم خدمة مقبول.',
  },
  alreadyWaiting: {
    en: 'You already have a request waiting: wait for its answer before sending another.',
    ar: 'لديك طلب تعديل قيد المراجعة بالفعل: انتظر الرد عليه قبل إرسال طلب آخر.',
  },
  nothingToChange: { en: 'Send at least one field to change.', ar: 'أرسل حقلًا واحدًا على الأقل لتعديله.' },
  doctorsOnly: { en: 'Only doctors have this field.', ar: 'هذا الحقل موجود للأطباء فقط.' },
  specialityMissing: { en: 'This speciality does not exist.', ar: 'هذا التخصص غير موجود.' },
});
