import { z } from 'zod';
import { listQuery, nameField } from './fields';
import { envelope, paginator } from './envelope';

/** Medical specialities (spec §2 Specialities): doctors, departments and clinics point at one. */
export const speciality = z.object({
  id: z.number().int(),
  name_ar: z.string(),
  name_en: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Speciality = z.infer<typeof speciality>;

export const specialityInput = z.object({
  name_ar: nameField('arabicNameRequired'),
  name_en: nameField('englishNameRequired'),
});
export type SpecialityInput = z.input<typeof specialityInput>;

export const specialityListQuery = listQuery(10);
export const specialityResponse = envelope(speciality);
export const specialityListResponse = envelope(paginator(speciality));

export const specialityPaths = {
  list: '/api/admin/specialities',
  show: (id: number | string) => `/api/admin/specialities/show/${id}`,
  store: '/api/admin/specialities/store',
  update: (id: number | string) => `/api/admin/specialities/update/${id}`,
  destroy: (id: number | string) => `/api/admin/specialities/delete/${id}`,
};
