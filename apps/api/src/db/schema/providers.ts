import { bigint, bigserial, boolean, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bilingualName, isActive, searchKey, timestamps } from './columns';
import { users } from './accounts';
import { cities, countries } from './locations';
import { institutionTypes, pharmacyCategories, specialities } from './catalogs';

/**
 * One profile per provider account: doctors, pharmacies, medical institutions (hospitals),
 * medical centers and companies share the directory columns and one review workflow.
 */
export const providers = pgTable(
  'providers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['doctor', 'pharmacy', 'hospital', 'medical_center', 'company'] }).notNull(),
    user_id: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    ...bilingualName,
    address: text('address'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'onHold'] }).notNull().default('pending'),
    is_special: boolean('is_special').notNull().default(false),
    country_id: bigint('country_id', { mode: 'number' }).references(() => countries.id, { onDelete: 'restrict' }),
    city_id: bigint('city_id', { mode: 'number' }).references(() => cities.id, { onDelete: 'restrict' }),
    speciality_id: bigint('speciality_id', { mode: 'number' }).references(() => specialities.id, { onDelete: 'restrict' }),
    institution_type_id: bigint('institution_type_id', { mode: 'number' }).references(() => institutionTypes.id, { onDelete: 'restrict' }),
    /**
     * A copy of the account's is_active, kept by triggers (migration 0006): the lists show providers
     * whose account is active, and their counters need the answer on the provider's own row.
     */
    account_active: boolean('account_active').notNull().default(true),
    ...timestamps,
    search: searchKey('name_ar', 'name_en', 'address'),
  },
  (t) => [
    uniqueIndex('providers_user_unique').on(t.user_id),
    index('providers_kind_created_idx').on(t.kind, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('providers_kind_status_created_idx').on(t.kind, t.status, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sorted provider lists (?sort=name_en|name_ar|status), with and without the status filter.
    index('providers_kind_name_en_idx').on(t.kind, t.name_en, t.id),
    index('providers_kind_name_ar_idx').on(t.kind, t.name_ar, t.id),
    index('providers_kind_status_name_en_idx').on(t.kind, t.status, t.name_en, t.id),
    index('providers_kind_status_name_ar_idx').on(t.kind, t.status, t.name_ar, t.id),
    index('providers_kind_status_id_idx').on(t.kind, t.status, t.id),
    index('providers_country_idx').on(t.country_id),
    index('providers_city_idx').on(t.city_id),
    index('providers_speciality_idx').on(t.speciality_id),
    index('providers_institution_type_idx').on(t.institution_type_id),
    index('providers_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** Documents a provider uploaded (licences, syndicate cards, registers…). */
export const providerAttachments = pgTable(
  'provider_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider_id: bigint('provider_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['license', 'syndicate_card', 'commercial_register', 'tax_card', 'national_id', 'other'] }).notNull(),
    path: text('path').notNull(),
    original_name: text('original_name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [index('provider_attachments_provider_idx').on(t.provider_id, t.id)],
);

/** Licences under review: one row per licence document, with its expiry. */
export const licenses = pgTable(
  'licenses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider_id: bigint('provider_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    path: text('path').notNull(),
    original_name: text('original_name').notNull(),
    mime_type: text('mime_type').notNull(),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    index('licenses_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('licenses_status_created_idx').on(t.status, t.created_at.desc().nullsFirst()),
    index('licenses_provider_idx').on(t.provider_id),
    index('licenses_expires_idx').on(t.expires_on),
  ],
);

/** Ads a provider runs in the app (doctor, hospital, company and medical-center ads). */
export const providerAds = pgTable(
  'provider_ads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider_id: bigint('provider_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    title_ar: text('title_ar').notNull(),
    title_en: text('title_en').notNull(),
    image: text('image').notNull(),
    ...isActive,
    ...timestamps,
    search: searchKey('title_ar', 'title_en'),
  },
  (t) => [
    index('provider_ads_provider_idx').on(t.provider_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('provider_ads_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const pharmacyBranches = pgTable(
  'pharmacy_branches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pharmacy_id: bigint('pharmacy_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    ...bilingualName,
    address: text('address'),
    phone: text('phone'),
    city_id: bigint('city_id', { mode: 'number' }).references(() => cities.id, { onDelete: 'restrict' }),
    ...isActive,
    ...timestamps,
    search: searchKey('name_ar', 'name_en', 'address', 'phone'),
  },
  (t) => [
    index('pharmacy_branches_pharmacy_idx').on(t.pharmacy_id, t.id),
    index('pharmacy_branches_city_idx').on(t.city_id),
    index('pharmacy_branches_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const medicines = pgTable(
  'medicines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pharmacy_id: bigint('pharmacy_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    category_id: bigint('category_id', { mode: 'number' }).references(() => pharmacyCategories.id, { onDelete: 'restrict' }),
    ...bilingualName,
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    in_stock: boolean('in_stock').notNull().default(true),
    ...timestamps,
    search: searchKey('name_ar', 'name_en'),
  },
  (t) => [
    index('medicines_pharmacy_idx').on(t.pharmacy_id, t.id),
    index('medicines_category_idx').on(t.category_id),
    index('medicines_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** A medical institution's departments and a medical center's clinics. */
export const facilityUnits = pgTable(
  'facility_units',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facility_id: bigint('facility_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    ...bilingualName,
    speciality_id: bigint('speciality_id', { mode: 'number' }).references(() => specialities.id, { onDelete: 'restrict' }),
    ...timestamps,
    search: searchKey('name_ar', 'name_en'),
  },
  (t) => [
    index('facility_units_facility_idx').on(t.facility_id, t.id),
    index('facility_units_speciality_idx').on(t.speciality_id),
    index('facility_units_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** Doctors working in a department or clinic. */
export const facilityUnitDoctors = pgTable(
  'facility_unit_doctors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unit_id: bigint('unit_id', { mode: 'number' }).notNull().references(() => facilityUnits.id, { onDelete: 'cascade' }),
    doctor_id: bigint('doctor_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (t) => [uniqueIndex('facility_unit_doctors_unique').on(t.unit_id, t.doctor_id), index('facility_unit_doctors_doctor_idx').on(t.doctor_id)],
);
