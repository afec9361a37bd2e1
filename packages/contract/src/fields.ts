import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';

const key = (k: ValidationMessageKey) => ({ error: k });

/** A trimmed name of 2..255 characters; `requiredKey` is the message for a missing/short one. */
export const nameField = (requiredKey: ValidationMessageKey = 'nameMin') =>
  z.string(key(requiredKey)).trim().min(2, key(requiredKey)).max(255, key('nameMax'));

/** Booleans as Laravel forms send them: 1/0, "1"/"0", true/false, "true"/"false". */
export const boolField = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], key('booleanInvalid'))
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

export const idParam = z.coerce
  .number(key('idInvalid'))
  .int(key('idInvalid'))
  .positive(key('idInvalid'))
  .max(2 ** 53 - 1, key('idInvalid'));
export const idParams = z.object({ id: idParam });

export const pageField = z.coerce
  .number(key('pageInvalid'))
  .int(key('pageInvalid'))
  .min(1, key('pageInvalid'))
  .max(1_000_000, key('pageInvalid'))
  .default(1);
export const perPageField = (fallback: number) =>
  z.coerce
    .number(key('perPageInvalid'))
    .int(key('perPageInvalid'))
    .min(1, key('perPageInvalid'))
    .max(100, key('perPageInvalid'))
    .default(fallback);
export const searchField = z.string().trim().max(100, key('searchTooLong')).optional();

/** Query of every paged list: `?page=&per_page=&search=`. */
export const listQuery = (defaultPerPage = 15) =>
  z.object({ page: pageField, per_page: perPageField(defaultPerPage), search: searchField });
export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

/** Directions of a list's `?direction=`. */
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * `?sort=&direction=` of a list: `sort` must be one of the list's whitelisted columns (anything else is a
 * 422, never an ORDER BY on a column that has no index); `direction` defaults to ascending. Without
 * `sort` the list keeps its own order. Ties are broken by id in the same direction.
 */
export const sortQuery = <const C extends readonly [string, ...string[]]>(columns: C) =>
  z.object({
    sort: z.enum(columns, key('sortInvalid')).optional(),
    direction: z.enum(sortDirections, key('directionInvalid')).default('asc'),
  });
export type SortQuery<C extends string> = { sort?: C | undefined; direction: SortDirection };
/** A sort a caller may leave out entirely (services called by other code than the routes). */
export type OptionalSort<C extends string> = { sort?: C | undefined; direction?: SortDirection | undefined };

export const timestampField = z.string();

/**
 * A calendar date `YYYY-MM-DD` that PostgreSQL's `date` column stores: a real day (no 02-30) of
 * years 0001–9999. `z.iso.date` alone accepts year 0000, which PostgreSQL refuses (there is no year 0).
 */
export const dateField = z.iso
  .date({ ...key('dateInvalid'), abort: true })
  .refine((value) => !value.startsWith('0000-'), key('dateInvalid'));

/** A record's bilingual name as the API answers it (spread into its `z.object`). */
export const nameFields = { name_ar: z.string(), name_en: z.string() };
/** The id and bilingual name every named record answers with. */
export const namedFields = { id: z.number().int(), ...nameFields };
/** A reference to a named record: a row's country, city, speciality or category. */
export const namedRef = z.object(namedFields);
/** When a record was created and last changed, as the API answers them. */
export const timestampFields = { created_at: z.string(), updated_at: z.string() };

/** The bilingual name of a form: both parts required, 2..255 characters. */
export const bilingualNameInput = { name_ar: nameField('arabicNameRequired'), name_en: nameField('englishNameRequired') };

/** The id of a record a form points at (a city's country …): a positive whole number, `requiredKey` otherwise. */
export const parentIdField = (requiredKey: ValidationMessageKey) =>
  z.coerce.number(key(requiredKey)).int(key(requiredKey)).positive(key(requiredKey));
