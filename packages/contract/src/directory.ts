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
 * The directory's providers: only approved providers whose account is active and who hold an approved license
 * that has not expired (today where the platform operates) are listed or shown, whatever their kind; any other
 * id is 404, as an unknown one. Lists come in simple pages (`next_page_url` says whether more follow, there is no
 * total). `photo_url` is a signed storage link (valid an hour) or null.
 */
const key = (k: 'idInvalid' | 'sortInvalid') => ({ error: k });
const photoUrl = z.string().nullable();

/**
 * Doctors by English name, by consultation fee (lowest first, doctors without a fee last), or newest first (the
 * latest to join); ties by id. Without `sort`, a list is by name, and a search newest first: a search's matches
 * are then found by walking the newest first until a page is full, which stops early for a common term (by name,
 * a common term's matches may all sort at the end; docs/performance/api.md).
 */
export const directoryDoctorSorts = ['name', 'fee', 'newest'] as const;
export const directoryDoctorsQuery = z.object({
  speciality_id: idParam.optional(),
  city_id: idParam.optional(),
  search: searchField,
  sort: z.enum(directoryDoctorSorts, key('sortInvalid')).optional(),
  page: pageField,
  per_page: perPageField(20),
});
export type DirectoryDoctorsQuery = z.infer<typeof directoryDoctorsQuery>;

export const directoryDoctor = z.object({
  ...namedFields,
  speciality: namedRef.nullable(),
  city: namedRef.nullable(),
  /** In EGP; null when the doctor has not said. */
  consultation_fee: z.number().nullable(),
  photo_url: photoUrl,
});
/** A facility (hospital or medical center) the doctor works in, through one of its departments or clinics. */
export const directoryDoctorFacility = z.object({ ...namedFields, kind: z.string(), unit: namedRef });
export const directoryDoctorProfile = directoryDoctor.extend({
  state: namedRef.nullable(),
  address: z.string().nullable(),
  facilities: z.array(directoryDoctorFacility),
});

export const directoryDoctorsResponse = envelope(simplePaginator(directoryDoctor));
export const directoryDoctorResponse = envelope(directoryDoctorProfile);
export type DirectoryDoctor = z.infer<typeof directoryDoctor>;
export type DirectoryDoctorProfile = z.infer<typeof directoryDoctorProfile>;

/** Pharmacies, hospitals and medical centers in a city, searched by name or address; by name or newest first, as the doctors. */
export const directoryFacilitySorts = ['name', 'newest'] as const;
export const directoryFacilitiesQuery = z.object({
  city_id: idParam.optional(),
  search: searchField,
  sort: z.enum(directoryFacilitySorts, key('sortInvalid')).optional(),
  page: pageField,
  per_page: perPageField(20),
});
export type DirectoryFacilitiesQuery = z.infer<typeof directoryFacilitiesQuery>;

export const directoryFacility = z.object({ ...namedFields, city: namedRef.nullable(), photo_url: photoUrl });
const facilityProfile = directoryFacility.extend({ state: namedRef.nullable(), address: z.string().nullable() });
/** A pharmacy's open branch. */
export const directoryBranch = z.object({
  ...namedFields,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  city: namedRef.nullable(),
});
/** A hospital's department or a medical center's clinic, with the doctors the public may see there (by name). */
export const directoryUnit = z.object({ ...namedFields, speciality: namedRef.nullable(), doctors: z.array(directoryDoctor) });
export const directoryPharmacyProfile = facilityProfile.extend({ branches: z.array(directoryBranch) });
export const directoryHospitalProfile = facilityProfile.extend({ departments: z.array(directoryUnit) });
export const directoryMedicalCenterProfile = facilityProfile.extend({ clinics: z.array(directoryUnit) });

export const directoryFacilitiesResponse = envelope(simplePaginator(directoryFacility));
export const directoryPharmacyResponse = envelope(directoryPharmacyProfile);
export const directoryHospitalResponse = envelope(directoryHospitalProfile);
export const directoryMedicalCenterResponse = envelope(directoryMedicalCenterProfile);
export type DirectoryFacility = z.infer<typeof directoryFacility>;
export type DirectoryUnit = z.infer<typeof directoryUnit>;
export type DirectoryBranch = z.infer<typeof directoryBranch>;
