import type { z } from 'zod';
import { adminPaths, catalogTexts } from './admin-resource';
import { namedCatalog } from './catalog';
import { defineMessages } from './messages';

/** Spec §8 texts for specialities ("added/updated messages" are ours, in the same style). */
export const specialityMessages = defineMessages({
  ...catalogTexts({ en: 'Speciality', ar: 'التخصص' }),
  notFound: { en: 'Speciality not found.', ar: 'التخصص غير موجود.' },
  inUse: {
    en: 'This speciality is used by {count, plural, one {# doctor, department or clinic} other {# doctors, departments or clinics}}; change their speciality before deleting it.',
    ar: 'هذا التخصص مستخدم لدى {count, plural, one {طبيب أو قسم أو عيادة واحدة} two {اثنين من الأطباء أو الأقسام أو العيادات} few {# من الأطباء أو الأقسام أو العيادات} many {# من الأطباء أو الأقسام أو العيادات} other {# من الأطباء أو الأقسام أو العيادات}}؛ غيّر تخصصهم قبل حذفه.',
  },
});

/** Its admin paths, apart from the schemas (admin-resource.ts: a list screen needs these alone). */
export const specialityPaths = adminPaths('/api/admin/specialities', ['show']);

/**
 * Medical specialities (spec §2 Specialities): doctors, departments and clinics point at one. The
 * resource as the API's catalog factory (and the dashboard) read it: paths, schemas and texts.
 */
export const specialityCatalog = namedCatalog(specialityPaths, specialityMessages);
export const speciality = specialityCatalog.record;
export const specialityInput = specialityCatalog.input;
export const specialityListQuery = specialityCatalog.listQuery;
export const specialityResponse = specialityCatalog.item;
export const specialityListResponse = specialityCatalog.list;
export type Speciality = z.infer<typeof speciality>;
export type SpecialityInput = z.input<typeof specialityInput>;
