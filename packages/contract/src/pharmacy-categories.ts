import { z } from 'zod';
import { listQuery, nameField } from './fields';
import { envelope, paginator } from './envelope';

/** Pharmacy (medicine) categories (spec §2 Categories): medicines point at one. */
export const pharmacyCategory = z.object({
  id: z.number().int(),
  name_ar: z.string(),
  name_en: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PharmacyCategory = z.infer<typeof pharmacyCategory>;

export const pharmacyCategoryInput = z.object({
  name_ar: nameField('arabicNameRequired'),
  name_en: nameField('englishNameRequired'),
});
export type PharmacyCategoryInput = z.input<typeof pharmacyCategoryInput>;

export const pharmacyCategoryListQuery = listQuery(10);
export const pharmacyCategoryResponse = envelope(pharmacyCategory);
export const pharmacyCategoryListResponse = envelope(paginator(pharmacyCategory));

export const pharmacyCategoryPaths = {
  list: '/api/admin/categories',
  show: (id: number | string) => `/api/admin/categories/show/${id}`,
  store: '/api/admin/categories/store',
  update: (id: number | string) => `/api/admin/categories/update/${id}`,
  destroy: (id: number | string) => `/api/admin/categories/delete/${id}`,
};
