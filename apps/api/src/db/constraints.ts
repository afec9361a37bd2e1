import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import { commonMessages, type Message } from '@sehha/contract/messages';

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
  recovery_codes_user_hash_unique: null,
  providers_user_unique: null,
  facility_unit_doctors_unique: null,
  // Idempotency keys and payment references: the services look the row up first, so a hit is a race they handle.
  appointments_idempotency_idx: null,
  prescriptions_idempotency_idx: null,
  payment_intents_reference_idx: null,
  payment_events_event_idx: null,
  // One open data request of a kind per person: the repository answers the open one instead (never the client's doing).
  data_requests_open_unique: null,
  // One claim per review-queue record: taken by INSERT … ON CONFLICT, never a client's write.
  review_claims_record_unique: null,
};

/** What a unique violation means to the client: the field and its message, or undefined when it is not the client's doing. */
export const uniqueConstraintRule = (constraint: string | undefined) =>
  constraint ? (uniqueConstraints[constraint] ?? undefined) : undefined;

/** What a foreign key violation means to the client: which relation it guards, and the answer (a 422 with this message). */
export type ForeignKeyRule = { relation: string; message: Message };

const stillInUse = commonMessages.stillInUse;

/**
 * Every foreign key of the schema, by name: the relation it guards (`child.column → parent`) and the
 * message of the 422 when a write breaks it (a parent deleted while rows still point at it, or a row
 * pointed at a parent that is gone). The usage checks of the services refuse most such deletes first,
 * with a count; this is the answer when a race or an unchecked path reaches the database.
 * A test compares this table with the foreign keys of a migrated database.
 */
export const foreignKeyConstraints: Record<string, ForeignKeyRule> = {
  access_tokens_user_id_users_id_fk: { relation: 'access_tokens.user_id → users', message: stillInUse },
  appointments_facility_id_providers_id_fk: { relation: 'appointments.facility_id → providers', message: stillInUse },
  appointments_provider_id_providers_id_fk: { relation: 'appointments.provider_id → providers', message: stillInUse },
  appointments_user_id_users_id_fk: { relation: 'appointments.user_id → users', message: stillInUse },
  audit_logs_actor_id_users_id_fk: { relation: 'audit_logs.actor_id → users', message: stillInUse },
  availability_exceptions_provider_id_providers_id_fk: { relation: 'availability_exceptions.provider_id → providers', message: stillInUse },
  availability_exceptions_unit_id_facility_units_id_fk: {
    relation: 'availability_exceptions.unit_id → facility_units',
    message: stillInUse,
  },
  availability_hours_provider_id_providers_id_fk: { relation: 'availability_hours.provider_id → providers', message: stillInUse },
  availability_hours_unit_id_facility_units_id_fk: { relation: 'availability_hours.unit_id → facility_units', message: stillInUse },
  change_requests_decided_by_users_id_fk: { relation: 'change_requests.decided_by → users', message: stillInUse },
  change_requests_user_id_users_id_fk: { relation: 'change_requests.user_id → users', message: stillInUse },
  cities_country_id_countries_id_fk: { relation: 'cities.country_id → countries', message: stillInUse },
  facility_unit_doctors_doctor_id_providers_id_fk: { relation: 'facility_unit_doctors.doctor_id → providers', message: stillInUse },
  facility_unit_doctors_unit_id_facility_units_id_fk: { relation: 'facility_unit_doctors.unit_id → facility_units', message: stillInUse },
  facility_units_facility_id_providers_id_fk: { relation: 'facility_units.facility_id → providers', message: stillInUse },
  facility_units_speciality_id_specialities_id_fk: { relation: 'facility_units.speciality_id → specialities', message: stillInUse },
  recovery_codes_user_id_users_id_fk: { relation: 'recovery_codes.user_id → users', message: stillInUse },
  // Health data protection (migration 0020): accounts are pseudonymised, never deleted, so these hold history.
  access_logs_actor_id_users_id_fk: { relation: 'access_logs.actor_id → users', message: stillInUse },
  consents_user_id_users_id_fk: { relation: 'consents.user_id → users', message: stillInUse },
  consents_recorded_by_users_id_fk: { relation: 'consents.recorded_by → users', message: stillInUse },
  data_requests_user_id_users_id_fk: { relation: 'data_requests.user_id → users', message: stillInUse },
  data_requests_handled_by_users_id_fk: { relation: 'data_requests.handled_by → users', message: stillInUse },
  outbox_user_id_users_id_fk: { relation: 'outbox.user_id → users', message: stillInUse },
  review_claims_admin_id_users_id_fk: { relation: 'review_claims.admin_id → users', message: stillInUse },
  licenses_provider_id_providers_id_fk: { relation: 'licenses.provider_id → providers', message: stillInUse },
  medicines_category_id_pharmacy_categories_id_fk: { relation: 'medicines.category_id → pharmacy_categories', message: stillInUse },
  medicines_pharmacy_id_providers_id_fk: { relation: 'medicines.pharmacy_id → providers', message: stillInUse },
  payment_events_intent_id_payment_intents_id_fk: { relation: 'payment_events.intent_id → payment_intents', message: stillInUse },
  payment_intents_appointment_id_appointments_id_fk: { relation: 'payment_intents.appointment_id → appointments', message: stillInUse },
  payment_intents_user_id_users_id_fk: { relation: 'payment_intents.user_id → users', message: stillInUse },
  payments_appointment_id_appointments_id_fk: { relation: 'payments.appointment_id → appointments', message: stillInUse },
  payments_subscription_id_user_subscriptions_id_fk: { relation: 'payments.subscription_id → user_subscriptions', message: stillInUse },
  payments_user_id_users_id_fk: { relation: 'payments.user_id → users', message: stillInUse },
  pharmacy_branches_city_id_cities_id_fk: { relation: 'pharmacy_branches.city_id → cities', message: stillInUse },
  pharmacy_branches_pharmacy_id_providers_id_fk: { relation: 'pharmacy_branches.pharmacy_id → providers', message: stillInUse },
  plan_features_plan_id_subscription_plans_id_fk: { relation: 'plan_features.plan_id → subscription_plans', message: stillInUse },
  prescriptions_pharmacy_id_providers_id_fk: { relation: 'prescriptions.pharmacy_id → providers', message: stillInUse },
  prescriptions_user_id_users_id_fk: { relation: 'prescriptions.user_id → users', message: stillInUse },
  provider_ads_provider_id_providers_id_fk: { relation: 'provider_ads.provider_id → providers', message: stillInUse },
  provider_attachments_provider_id_providers_id_fk: { relation: 'provider_attachments.provider_id → providers', message: stillInUse },
  provider_reviews_actor_id_users_id_fk: { relation: 'provider_reviews.actor_id → users', message: stillInUse },
  provider_reviews_provider_id_providers_id_fk: { relation: 'provider_reviews.provider_id → providers', message: stillInUse },
  provider_schedules_provider_id_providers_id_fk: { relation: 'provider_schedules.provider_id → providers', message: stillInUse },
  providers_city_id_cities_id_fk: { relation: 'providers.city_id → cities', message: stillInUse },
  providers_country_id_countries_id_fk: { relation: 'providers.country_id → countries', message: stillInUse },
  providers_institution_type_id_institution_types_id_fk: {
    relation: 'providers.institution_type_id → institution_types',
    message: stillInUse,
  },
  providers_speciality_id_specialities_id_fk: { relation: 'providers.speciality_id → specialities', message: stillInUse },
  providers_state_id_states_id_fk: { relation: 'providers.state_id → states', message: stillInUse },
  providers_user_id_users_id_fk: { relation: 'providers.user_id → users', message: stillInUse },
  states_city_id_cities_id_fk: { relation: 'states.city_id → cities', message: stillInUse },
  user_subscriptions_plan_id_subscription_plans_id_fk: { relation: 'user_subscriptions.plan_id → subscription_plans', message: stillInUse },
  user_subscriptions_user_id_users_id_fk: { relation: 'user_subscriptions.user_id → users', message: stillInUse },
  users_country_id_countries_id_fk: { relation: 'users.country_id → countries', message: stillInUse },
};

/** The rule of a foreign key violation; a constraint missing from the table still answers "still in use". */
export const foreignKeyRule = (constraint: string | undefined): ForeignKeyRule =>
  (constraint ? foreignKeyConstraints[constraint] : undefined) ?? { relation: constraint ?? 'unknown', message: stillInUse };
