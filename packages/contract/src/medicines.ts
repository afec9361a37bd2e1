import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { listQuery, nameFields, namedRef } from './fields';

/** A pharmacy's medicines (route medicine/{pharmacyId}). */
export const medicine = z.object({
  id: z.number().int(),
  pharmacy_id: z.number().int(),
  ...nameFields,
  price: z.number(),
  in_stock: z.boolean(),
  category: namedRef.nullable(),
  created_at: z.string(),
});
export type Medicine = z.infer<typeof medicine>;

export const medicineListQuery = listQuery(10);
export const medicineListResponse = envelope(paginator(medicine));

export const medicinePaths = {
  list: (pharmacyId: number | string) => `/api/admin/providers/medicines/${pharmacyId}`,
};
