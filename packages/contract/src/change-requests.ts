import { z } from 'zod';
import { envelope } from './envelope';
import { namedFields } from './fields';
import { accountRoleSchema, changeRequestStatus } from './status-codes';

/**
 * Change requests (spec §3, §4, §7): what an account asked to change, decided by an admin.
 * status: 0 waiting, 1 approved, 2 rejected (changeRequestStatuses; the database refuses any other value,
 * and a client shows an unknown one as closed).
 */

/** The fields an account may ask to change; anything else is refused when accepting. */
export const changeRequestFields = ['name', 'phone', 'whatsapp_phone', 'address', 'speciality_id'] as const;
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
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequest>;

/** `status` 1 (accept) or 2 (reject), as a number or as form text. */
export const changeRequestDecisionInput = z.object({
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
};
