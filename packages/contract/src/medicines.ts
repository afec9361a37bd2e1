import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { listQuery } from './fields';

/** A pharmacy's medicines (route medicine/{pharmacyId}). */
export const medicine = z.object({
  id: z.number().int(),
  pharmacy_id: z.number().int(),
  name_ar: z.string(),
  name_en: z.string(),
  price: z.number(),
  in_stock: z.boolean(),
  category: z.object({ id: z.number().int(), name_ar: z.string(), name_en: z.string() }).nullable(),
  created_at: z.string(),
});
export type Medicine = z.infer<typeof medicine>;

export const medicineListQuery = listQuery(10);
export const medicineListResponse = envelope(paginator(medicine));

export const medicinePaths = {
  list: (pharmacyId: number | string) => `/api/admin/providers/medicines/${pharmacyId}`,
};
