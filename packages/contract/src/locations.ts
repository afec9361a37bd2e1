import { z } from 'zod';
import { bilingualNameInput, boolField, idParam, listQuery, namedFields, parentIdField, timestampFields } from './fields';
import { envelope } from './envelope';
import { adminPaths, catalogTexts } from './admin-resource';
import { catalogContract } from './catalog';
import { defineMessages } from './messages';

/**
 * Countries, cities and states (spec §2 Locations). Each has an active flag: inactive ones are
 * hidden from the public side (the `/api/countries|cities|states` reads) and kept for admins.
 */
const key = { error: 'mobilePrefixInvalid' } as const;

/** A mobile prefix looks like `+20`: a plus and 1 to 4 digits. */
export const mobilePrefixField = z
  .string(key)
  .trim()
  .regex(/^\+[1-9]\d{0,3}$/, key);

export const locationStatusInput = z.object({ is_active: boolField });

const stamps = { is_active: z.boolean(), ...timestampFields };

// ---- countries ----
export const country = z.object({
  ...namedFields,
  mobile_prefix: z.string(),
  flag: z.string().nullable(),
  flag_url: z.string().nullable(),
  ...stamps,
});
export type Country = z.infer<typeof country>;

/** Text fields of the country form; the flag image travels as the multipart file `flag` (required on create). */
export const countryInput = z.object({ ...bilingualNameInput, mobile_prefix: mobilePrefixField });
export type CountryInput = z.input<typeof countryInput>;

/** Spec §8 texts for countries, to the letter; the added/updated ones in the same style. */
export const countryMessages = defineMessages({
  ...catalogTexts({ en: 'Country', ar: 'الدولة' }),
  statusUpdated: { en: 'Country state updated successfully!', ar: 'تم تحديث حالة الدولة بنجاح!' },
  notFound: { en: 'Country not found.', ar: 'الدولة غير موجودة.' },
  inUse: {
    en: 'This country has {cities} cities and {others} accounts; delete or move them before deleting it.',
    ar: 'هذه الدولة تضم {cities} من المدن و{others} من الحسابات؛ احذفها أو انقلها قبل حذف الدولة.',
  },
});

export const countryPaths = adminPaths('/api/admin/countries', ['show', 'status']);

// ---- cities ----
const parentRef = z.object({ ...namedFields, is_active: z.boolean() });
export const city = z.object({ ...namedFields, country_id: z.number().int(), country: parentRef, ...stamps });
export type City = z.infer<typeof city>;

export const cityInput = z.object({ ...bilingualNameInput, country_id: parentIdField('countryRequired') });
export type CityInput = z.input<typeof cityInput>;

export const cityMessages = defineMessages({
  ...catalogTexts({ en: 'City', ar: 'المدينة' }),
  statusUpdated: { en: 'City state updated successfully!', ar: 'تم تحديث حالة المدينة بنجاح!' },
  notFound: { en: 'City not found.', ar: 'المدينة غير موجودة.' },
  inUse: {
    en: 'This city has {states} states and {others} providers or branches; delete or move them before deleting it.',
    ar: 'هذه المدينة تضم {states} من المناطق و{others} من مقدمي الخدمة أو الفروع؛ احذفها أو انقلها قبل حذف المدينة.',
  },
});

export const cityPaths = adminPaths('/api/admin/cities', ['show', 'status']);

// ---- states ----
export const state = z.object({
  ...namedFields,
  city_id: z.number().int(),
  city: parentRef.extend({ country_id: z.number().int() }),
  ...stamps,
});
export type State = z.infer<typeof state>;

export const stateInput = z.object({ ...bilingualNameInput, city_id: parentIdField('cityRequired') });
export type StateInput = z.input<typeof stateInput>;

export const stateMessages = defineMessages({
  ...catalogTexts({ en: 'State', ar: 'المنطقة' }),
  statusUpdated: { en: 'State state updated successfully!', ar: 'تم تحديث حالة المنطقة بنجاح!' },
  notFound: { en: 'State not found.', ar: 'المنطقة غير موجودة.' },
});

export const statePaths = adminPaths('/api/admin/states', ['show', 'status']);

// ---- each location as the API's catalog factory (and the dashboard) read it: paths, schemas and texts ----
/** Every location has the status toggle; cities and states filter their list by their parent. */
const locationCatalog = <R extends z.ZodType, P extends object>(parts: P & { record: R }) =>
  catalogContract({ ...parts, statusInput: locationStatusInput });

export const countryCatalog = locationCatalog({
  record: country,
  paths: countryPaths,
  input: countryInput,
  listQuery: listQuery(10),
  messages: countryMessages,
});
export const cityCatalog = locationCatalog({
  record: city,
  paths: cityPaths,
  input: cityInput,
  listQuery: listQuery(10).extend({ country_id: idParam.optional() }),
  messages: cityMessages,
});
export const stateCatalog = locationCatalog({
  record: state,
  paths: statePaths,
  input: stateInput,
  listQuery: listQuery(10).extend({ city_id: idParam.optional() }),
  messages: stateMessages,
});
export const countryListQuery = countryCatalog.listQuery;
export const countryResponse = countryCatalog.item;
export const countryListResponse = countryCatalog.list;
export const cityListQuery = cityCatalog.listQuery;
export const cityResponse = cityCatalog.item;
export const cityListResponse = cityCatalog.list;
export const stateListQuery = stateCatalog.listQuery;
export const stateResponse = stateCatalog.item;
export const stateListResponse = stateCatalog.list;

// ---- public reads (active only) ----
export const publicLocation = z.object({ ...namedFields });
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
