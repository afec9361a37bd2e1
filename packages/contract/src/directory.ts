import { z } from 'zod';
import { idParam, namedFields, namedRef, pageField, perPageField, searchField } from './fields';
import { envelope, paginator, simplePaginator } from './envelope';

/**
 * The app API's public directory (`/api/v1/directory/...`, no token): the catalogs the patient app's home and
 * search screens read. Every item carries both names (`name_en`, `name_ar`) whatever the request's
 * Accept-Language, so an app switches language without asking again; only messages follow Accept-Language.
 * Only what the public may see is listed: countries, cities and states that are active (with an active parent),
 * active home ads; specialities and pharmacy categories have no status, so every row is listed.
 */
export const directoryItem = z.object(namedFields);
export const directoryCountry = directoryItem.extend({ mobile_prefix: z.string(), flag_url: z.string().nullable() });
/** A home ad as the app shows it: its image's public URL, in the home page's order (`sort_order`). */
export const directoryHomeAd = z.object({
  id: z.number().int(),
  image_url: z.string(),
  title: z.string().nullable(),
  link: z.string().nullable(),
  sort_order: z.number().int(),
});

/** Small lists (tens of rows) are answered whole; cities and states may be many, so they come in pages. */
export const directoryPageQuery = z.object({ page: pageField, per_page: perPageField(50) });
export const directoryParentParams = z.object({ id: idParam });

export const directoryListResponse = envelope(z.array(directoryItem));
export const directoryCountriesResponse = envelope(z.array(directoryCountry));
export const directoryPageResponse = envelope(paginator(directoryItem));
export const directoryHomeAdsResponse = envelope(z.array(directoryHomeAd));
export type DirectoryItem = z.infer<typeof directoryItem>;

/**
 * The directory's doctors: only approved providers whose account is active and who hold an approved license
 * that has not expired (today where the platform operates) are listed or shown. Providers have no fee or
 * photo column yet, so neither is answered and `sort` is `name` only (English name, then id).
 */
export const directoryDoctorSorts = ['name'] as const;
const key = (k: 'idInvalid' | 'sortInvalid') => ({ error: k });
export const directoryDoctorsQuery = z.object({
  speciality_id: idParam.optional(),
  city_id: idParam.optional(),
  search: searchField,
  sort: z.enum(directoryDoctorSorts, key('sortInvalid')).default('name'),
  page: pageField,
  per_page: perPageField(20),
});
export type DirectoryDoctorsQuery = z.infer<typeof directoryDoctorsQuery>;

export const directoryDoctor = z.object({
  ...namedFields,
  speciality: namedRef.nullable(),
  city: namedRef.nullable(),
});
/** A facility (hospital or medical center) the doctor works in, through one of its departments or clinics. */
export const directoryDoctorFacility = z.object({ ...namedFields, kind: z.string(), unit: namedRef });
export const directoryDoctorProfile = directoryDoctor.extend({
  address: z.string().nullable(),
  facilities: z.array(directoryDoctorFacility),
});

export const directoryDoctorsResponse = envelope(simplePaginator(directoryDoctor));
export const directoryDoctorResponse = envelope(directoryDoctorProfile);
export type DirectoryDoctor = z.infer<typeof directoryDoctor>;
export type DirectoryDoctorProfile = z.infer<typeof directoryDoctorProfile>;
