import { z } from 'zod';
import { boolField, idParam, listQuery, nameField, pageField, perPageField, searchField } from './fields';
import { envelope, paginator } from './envelope';

/**
 * Countries, cities and states (spec §2 Locations). Each has an active flag: inactive ones are
 * hidden from the public side (the `/api/countries|cities|states` reads) and kept for admins.
 */
const key = { error: 'mobilePrefixInvalid' } as const;

/** A mobile prefix looks like `+20`: a plus and 1 to 4 digits. */
export const mobilePrefixField = z.string(key).trim().regex(/^\+[1-9]\d{0,3}$/, key);

export const locationStatusInput = z.object({ is_active: boolField });

const named = { id: z.number().int(), name_ar: z.string(), name_en: z.string() };
const stamps = { is_active: z.boolean(), created_at: z.string(), updated_at: z.string() };

// ---- countries ----
export const country = z.object({ ...named, mobile_prefix: z.string(), flag: z.string().nullable(), flag_url: z.string().nullable(), ...stamps });
export type Country = z.infer<typeof country>;

/** Text fields of the country form; the flag image travels as the multipart file `flag` (required on create). */
export const countryInput = z.object({
  name_ar: nameField('arabicNameRequired'),
  name_en: nameField('englishNameRequired'),
  mobile_prefix: mobilePrefixField,
});
export type CountryInput = z.input<typeof countryInput>;

export const countryListQuery = listQuery(10);
export const countryResponse = envelope(country);
export const countryListResponse = envelope(paginator(country));

export const countryPaths = {
  list: '/api/admin/countries',
  show: (id: number | string) => `/api/admin/countries/show/${id}`,
  store: '/api/admin/countries/store',
  update: (id: number | string) => `/api/admin/countries/update/${id}`,
  status: (id: number | string) => `/api/admin/countries/status/${id}`,
  destroy: (id: number | string) => `/api/admin/countries/delete/${id}`,
};

// ---- cities ----
const parentRef = z.object({ ...named, is_active: z.boolean() });
export const city = z.object({ ...named, country_id: z.number().int(), country: parentRef, ...stamps });
export type City = z.infer<typeof city>;

export const cityInput = z.object({
  name_ar: nameField('arabicNameRequired'),
  name_en: nameField('englishNameRequired'),
  country_id: z.coerce.number({ error: 'countryRequired' }).int({ error: 'countryRequired' }).positive({ error: 'countryRequired' }),
});
export type CityInput = z.input<typeof cityInput>;

export const cityListQuery = z.object({ page: pageField, per_page: perPageField(10), search: searchField, country_id: idParam.optional() });
export const cityResponse = envelope(city);
export const cityListResponse = envelope(paginator(city));

export const cityPaths = {
  list: '/api/admin/cities',
  show: (id: number | string) => `/api/admin/cities/show/${id}`,
  store: '/api/admin/cities/store',
  update: (id: number | string) => `/api/admin/cities/update/${id}`,
  status: (id: number | string) => `/api/admin/cities/status/${id}`,
  destroy: (id: number | string) => `/api/admin/cities/delete/${id}`,
};

// ---- states ----
export const state = z.object({ ...named, city_id: z.number().int(), city: parentRef.extend({ country_id: z.number().int() }), ...stamps });
export type State = z.infer<typeof state>;

export const stateInput = z.object({
  name_ar: nameField('arabicNameRequired'),
  name_en: nameField('englishNameRequired'),
  city_id: z.coerce.number({ error: 'cityRequired' }).int({ error: 'cityRequired' }).positive({ error: 'cityRequired' }),
});
export type StateInput = z.input<typeof stateInput>;

export const stateListQuery = z.object({ page: pageField, per_page: perPageField(10), search: searchField, city_id: idParam.optional() });
export const stateResponse = envelope(state);
export const stateListResponse = envelope(paginator(state));

export const statePaths = {
  list: '/api/admin/states',
  show: (id: number | string) => `/api/admin/states/show/${id}`,
  store: '/api/admin/states/store',
  update: (id: number | string) => `/api/admin/states/update/${id}`,
  status: (id: number | string) => `/api/admin/states/status/${id}`,
  destroy: (id: number | string) => `/api/admin/states/delete/${id}`,
};

// ---- public reads (active only) ----
export const publicLocation = z.object({ ...named });
export const publicCountry = publicLocation.extend({ mobile_prefix: z.string(), flag_url: z.string().nullable() });
export const publicCountriesResponse = envelope(z.array(publicCountry));
export const publicLocationsResponse = envelope(z.array(publicLocation));
export const publicCitiesQuery = z.object({ country_id: idParam });
export const publicStatesQuery = z.object({ city_id: idParam });

export const publicLocationPaths = {
  countries: '/api/countries',
  cities: '/api/cities',
  states: '/api/states',
};
