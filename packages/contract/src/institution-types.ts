import { z } from 'zod';
import { boolField, listQuery, nameField } from './fields';
import { envelope, paginator } from './envelope';

/** Medical institution ("hospital") types: spec §3 Hospital type, calls of spec §7. */
export const institutionType = z.object({
  id: z.number().int(),
  name_ar: z.string(),
  name_en: z.string(),
  medical_under_instituted: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InstitutionType = z.infer<typeof institutionType>;

export const institutionTypeInput = z.object({
  name_ar: nameField('arabicNameRequired'),
  name_en: nameField('englishNameRequired'),
  medical_under_instituted: boolField.default(false),
});
export type InstitutionTypeInput = z.input<typeof institutionTypeInput>;

export const institutionTypeStatusInput = z.object({ is_active: boolField });

export const institutionTypeListQuery = listQuery(10);
export const institutionTypeResponse = envelope(institutionType);
export const institutionTypeListResponse = envelope(paginator(institutionType));

export const institutionTypePaths = {
  list: '/api/admin/hospitalies/types',
  store: '/api/admin/hospitalies/types/store',
  update: (id: number | string) => `/api/admin/hospitalies/types/update/${id}`,
  status: (id: number | string) => `/api/admin/hospitalies/types/status/${id}`,
  destroy: (id: number | string) => `/api/admin/hospitalies/types/delete/${id}`,
};
