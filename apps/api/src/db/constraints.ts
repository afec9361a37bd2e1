import type { ValidationMessageKey } from '@sehha/contract/validation-messages';

/**
 * Every unique index of the schema, by name: the request field it guards and the field's message when a
 * write hits it, or `null` for indexes no admin input can reach (a hit there is a fault of ours, answered
 * 500 and logged). The indexes are the truth for "already in use": no race between a check and the write.
 * A test compares this table with the unique indexes of a migrated database, so a new index must be named here.
 */
export const uniqueConstraints: Record<string, { field: string; message: ValidationMessageKey } | null> = {
  specialities_name_ar_unique: { field: 'name_ar', message: 'nameTaken' },
  specialities_name_en_unique: { field: 'name_en', message: 'nameTaken' },
  pharmacy_categories_name_ar_unique: { field: 'name_ar', message: 'nameTaken' },
  pharmacy_categories_name_en_unique: { field: 'name_en', message: 'nameTaken' },
  institution_types_name_ar_unique: { field: 'name_ar', message: 'nameTaken' },
  institution_types_name_en_unique: { field: 'name_en', message: 'nameTaken' },
  countries_name_ar_unique: { field: 'name_ar', message: 'nameTaken' },
  countries_name_en_unique: { field: 'name_en', message: 'nameTaken' },
  cities_country_name_ar_unique: { field: 'name_ar', message: 'nameTaken' },
  cities_country_name_en_unique: { field: 'name_en', message: 'nameTaken' },
  states_city_name_ar_unique: { field: 'name_ar', message: 'nameTaken' },
  states_city_name_en_unique: { field: 'name_en', message: 'nameTaken' },
  users_email_unique: { field: 'email', message: 'emailTaken' },
  access_tokens_hash_unique: null,
  providers_user_unique: null,
  facility_unit_doctors_unique: null,
};

/** What a unique violation means to the client: the field and its message, or undefined when it is not the client's doing. */
export const uniqueConstraintRule = (constraint: string | undefined) => (constraint ? uniqueConstraints[constraint] ?? undefined : undefined);
