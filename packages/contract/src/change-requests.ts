import { z } from 'zod';
import { envelope } from './envelope';
import { namedFields } from './fields';
import { defineMessages } from './messages';
import { accountRoleSchema, changeRequestStatus } from './status-codes';

/**
 * Change requests (spec §3, §4, §7): what an account asked to change, decided by an admin.
 * status: 0 waiting, 1 approved, 2 rejected (changeRequestStatuses; the database refuses any other value,
 * and a client shows an unknown one as closed).
 */

/** The fields an account may ask to change; anything else is refused when accepting. */
export const changeRequestFields = [
  'name',
  'name_ar',
  'name_en',
  'phone',
  'whatsapp_phone',
  'address',
  'speciality_id',
  'consultation_fee',
] as const;
export type ChangeRequestField = (typeof changeRequestFields)[number];

export const specialityRef = z.object(namedFields);

/** A value shown to the admin: text, or a speciality with its names (for `speciality_id`). */
export const changeValue = z.union([z.string(), z.number(), z.boolean(), specialityRef, z.null()]);
export type ChangeValue = z.infer<typeof changeValue>;

export const changeRequest = z.object({
  id: z.number().int(),
  /** One of changeRequestStatuses (the database allows no other value). */
  status: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: accountRoleSchema }),
  /** Each requested field beside the account's current value. */
  changes: z.array(z.object({ field: z.string(), current: changeValue, requested: changeValue })),
  /** Why it was rejected, in the admin's words (null when accepted, waiting, or rejected without one). */
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequest>;

/** A rejection's optional reason, quoted in the requester's SMS/email; blank is none. */
export const changeRequestReasonField = z
  .string({ error: 'invalid' })
  .trim()
  .max(1000, { error: 'descriptionTooLong' })
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** `status` 1 (accept) or 2 (reject), as a number or as form text; `reason` only with a rejection. */
export const changeRequestDecisionInput = z.object({
  reason: changeRequestReasonField,
  status: z
    .union([z.literal(changeRequestStatus.approved), z.literal(changeRequestStatus.rejected), z.enum(['1', '2'])], {
      error: 'statusInvalid',
    })
    .transform((value) => Number(value) as 1 | 2),
});
export type ChangeRequestDecisionInput = z.input<typeof changeRequestDecisionInput>;

export const changeRequestListResponse = envelope(z.array(changeRequest));
export const changeRequestResponse = envelope(changeRequest);

export const changeRequestPaths = {
  list: '/api/admin/change-requests',
  decide: (id: number | string) => `/api/admin/change-requests/${id}`,
  /** Takes back the admin's own decision on the request, within undoWindowSeconds (the toast's Undo). */
  undoDecision: (id: number | string) => `/api/admin/change-requests/${id}/undo`,
};

/** What the requester receives when an admin answers (SMS and email, in the account's language). */
export const changeRequestNotices = {
  accepted: defineMessages({
    subject: { en: 'Your profile change was accepted', ar: 'تم قبول تعديل ملفك' },
    body: {
      en: 'Sehha: your profile change request was accepted and your profile is updated.',
      ar: 'صحة: تم قبول طلب تعديل ملفك وتحديث بياناتك.',
    },
  }),
  rejected: defineMessages({
    subject: { en: 'Your profile change was not accepted', ar: 'لم يتم قبول تعديل ملفك' },
    body: { en: 'Sehha: your profile change request was rejected.', ar: 'صحة: تم رفض طلب تعديل ملفك.' },
  }),
  rejectedWithReason: defineMessages({
    subject: { en: 'Your profile change was not accepted', ar: 'لم يتم قبول تعديل ملفك' },
    body: {
      en: 'Sehha: your profile change request was rejected. Reason: {reason}',
      ar: 'صحة: تم رفض طلب تعديل ملفك. السبب: {reason}',
    },
  }),
};
