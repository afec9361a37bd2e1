import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { listQuery, nameFields, namedRef } from './fields';

/** A pharmacy's branches (route pharmacy/{PharmacyId}). */
export const pharmacyBranch = z.object({
  id: z.number().int(),
  pharmacy_id: z.number().int(),
  ...nameFields,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  city: namedRef.nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type PharmacyBranch = z.infer<typeof pharmacyBranch>;

export const pharmacyBranchListQuery = listQuery(10);
export const pharmacyBranchListResponse = envelope(paginator(pharmacyBranch));

export const pharmacyBranchPaths = {
  list: (pharmacyId: number | string) => `/api/admin/providers/branches/${pharmacyId}`,
};
