import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  attachmentKinds,
  decisionReasons,
  licenseStatuses,
  providerKinds,
  providerReviewActions,
  providerStatuses,
} from '@sehha/contract/status-codes';
import {
  bilingualName,
  bilingualTitle,
  foreignId,
  foreignIndex,
  isActive,
  oneOf,
  primaryId,
  searchIndex,
  searchKey,
  stampedNameSearch,
  subsetOf,
  timestamps,
} from './columns';
import { users } from './accounts';
import { cities, countries, states } from './locations';
import { institutionTypes, pharmacyCategories, specialities } from './catalogs';

/**
 * One profile per provider account: doctors, pharmacies, medical institutions (hospitals),
 * medical centers and companies share the directory columns and one review workflow.
 */
/** The kinds the public directory lists (issue 26). */
const directoryKinds = ['doctor', 'pharmacy', 'hospital', 'medical_center'] as const;

export const providers = pgTable(
  'providers',
  {
    id: primaryId(),
    kind: text('kind', { enum: providerKinds }).notNull(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    ...bilingualName,
    address: text('address'),
    status: text('status', { enum: providerStatuses }).notNull().default('pending'),
    is_special: boolean('is_special').notNull().default(false),
    country_id: foreignId('country_id', () => countries.id, 'restrict'),
    city_id: foreignId('city_id', () => cities.id, 'restrict'),
    state_id: foreignId('state_id', () => states.id, 'restrict'),
    speciality_id: foreignId('speciality_id', () => specialities.id, 'restrict'),
    institution_type_id: foreignId('institution_type_id', () => institutionTypes.id, 'restrict'),
    /**
     * A copy of the account's is_active, kept by triggers (migration 0006): the lists show providers
     * whose account is active, and their counters need the answer on the provider's own row.
     */
    account_active: boolean('account_active').notNull().default(true),
    /** A doctor's consultation fee in EGP (null for other kinds, or a doctor who has not said). */
    consultation_fee: numeric('consultation_fee', { precision: 10, scale: 2, mode: 'number' }),
    /**
     * The last day of the provider's latest approved license (null without one), kept by a trigger on licenses
     * (migration 0016): the directory's visibility is then read on the provider's own row, so a list's walk
     * filters each row without a lookup in licenses.
     */
    licensed_until: date('licensed_until', { mode: 'string' }),
    /** The storage key of the provider's public photo or logo. */
    photo: text('photo'),
    /** When the current review round began (the application or its last resubmission): the queue's age. */
    submitted_at: timestamp('submitted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ...timestamps,
    search: searchKey('name_ar', 'name_en', 'address'),
  },
  (t) => [
    oneOf('providers_kind_check', t.kind, providerKinds),
    oneOf('providers_status_check', t.status, providerStatuses),
    uniqueIndex('providers_user_unique').on(t.user_id),
    index('providers_kind_created_idx').on(t.kind, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('providers_kind_status_created_idx').on(t.kind, t.status, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sorted provider lists (?sort=name_en|name_ar|status), with and without the status filter.
    index('providers_kind_name_en_idx').on(t.kind, t.name_en, t.id),
    index('providers_kind_name_ar_idx').on(t.kind, t.name_ar, t.id),
    index('providers_kind_status_name_en_idx').on(t.kind, t.status, t.name_en, t.id),
    index('providers_kind_status_name_ar_idx').on(t.kind, t.status, t.name_ar, t.id),
    index('providers_kind_status_id_idx').on(t.kind, t.status, t.id),
    // The operations home: each kind's waiting applications and the oldest of them (migration 0022).
    index('providers_pending_submitted_idx')
      .on(t.kind, t.submitted_at)
      .where(sql`${t.status} = 'pending'`),
    foreignIndex('providers', t.country_id),
    foreignIndex('providers', t.city_id),
    foreignIndex('providers', t.state_id),
    // The public directory's doctors by fee: listed (approved, account active) doctors only.
    index('providers_listed_fee_idx')
      .on(t.kind, t.consultation_fee, t.id)
      .where(sql`${t.status} = 'approved' and ${t.account_active}`),
    // The directory's lists, listed (approved, account active) rows only: newest first (a search's walk, stopped
    // once a page is full), and a speciality's or a city's doctors by name.
    index('providers_listed_id_idx')
      .on(t.kind, t.id)
      .where(sql`${t.status} = 'approved' and ${t.account_active}`),
    // A search of one kind's listed rows: the trigram index over every provider read long posting lists for a
    // common word ("pharmacy", "clinic") before the kind and the status narrowed them.
    ...directoryKinds.map((kind) =>
      index(`providers_listed_${kind}_search_idx`)
        .using('gin', sql`${t.search} gin_trgm_ops`)
        .where(sql`${t.kind} = ${sql.raw(`'${kind}'`)} and ${t.status} = 'approved' and ${t.account_active}`),
    ),
    index('providers_listed_speciality_name_idx')
      .on(t.kind, t.speciality_id, t.name_en, t.id)
      .where(sql`${t.status} = 'approved' and ${t.account_active}`),
    index('providers_listed_city_name_idx')
      .on(t.kind, t.city_id, t.name_en, t.id)
      .where(sql`${t.status} = 'approved' and ${t.account_active}`),
    foreignIndex('providers', t.speciality_id),
    foreignIndex('providers', t.institution_type_id),
    searchIndex('providers', t.search),
  ],
);

/**
 * A provider's review history, append-only: each application round (`submitted`) and each admin decision
 * with its reasons. The provider reads it in the app; the decision's SMS/email quotes the same reasons.
 */
export const providerReviews = pgTable(
  'provider_reviews',
  {
    id: primaryId(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    /** 1 for the first application, one more for each resubmission. */
    round: integer('round').notNull(),
    action: text('action', { enum: providerReviewActions }).notNull(),
    reason_codes: text('reason_codes', { enum: decisionReasons })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The admin's own words (why, or what is missing). */
    reason_note: text('reason_note'),
    /** On hold: the documents the provider still has to send. */
    missing_documents: text('missing_documents', { enum: attachmentKinds })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The admin who decided, or the provider's own account for `submitted`. */
    actor_id: foreignId('actor_id', () => users.id, 'set null'),
    created_at: timestamps.created_at,
  },
  (t) => [
    oneOf('provider_reviews_action_check', t.action, providerReviewActions),
    subsetOf('provider_reviews_reason_codes_check', t.reason_codes, decisionReasons),
    subsetOf('provider_reviews_missing_documents_check', t.missing_documents, attachmentKinds),
    foreignIndex('provider_reviews', t.provider_id, t.id),
  ],
);

/** A file kept in storage: its key, the name it was uploaded under and its type. */
const storedFile = {
  path: text('path').notNull(),
  original_name: text('original_name').notNull(),
  mime_type: text('mime_type').notNull(),
};

/** A provider's own rows (branches, medicines, units): listed per provider in id order, looked up by `ref`, searched by name. */
const providerRowIndexes = (table: string, t: { id: AnyPgColumn; search: AnyPgColumn }, provider: AnyPgColumn, ref: AnyPgColumn) => [
  foreignIndex(table, provider, t.id),
  foreignIndex(table, ref),
  searchIndex(table, t.search),
];

/** Documents a provider uploaded (licenses, syndicate cards, registers…). */
export const providerAttachments = pgTable(
  'provider_attachments',
  {
    id: primaryId(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    kind: text('kind', { enum: attachmentKinds }).notNull(),
    ...storedFile,
    size: integer('size').notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [oneOf('provider_attachments_kind_check', t.kind, attachmentKinds), foreignIndex('provider_attachments', t.provider_id, t.id)],
);

/** Licenses under review: one row per license document, with its expiry. */
export const licenses = pgTable(
  'licenses',
  {
    id: primaryId(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    number: text('number').notNull(),
    ...storedFile,
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: licenseStatuses }).notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    oneOf('licenses_status_check', t.status, licenseStatuses),
    index('licenses_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('licenses_status_created_idx').on(t.status, t.created_at.desc().nullsFirst()),
    foreignIndex('licenses', t.provider_id),
    index('licenses_expires_idx').on(t.expires_on),
    // The operations home: approved licences expiring within 30 days.
    index('licenses_approved_expires_idx')
      .on(t.expires_on)
      .where(sql`${t.status} = 'approved'`),
  ],
);

/** Ads a provider runs in the app (doctor, hospital, company and medical-center ads). */
export const providerAds = pgTable(
  'provider_ads',
  {
    id: primaryId(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    ...bilingualTitle,
    image: text('image').notNull(),
    ...isActive,
    ...timestamps,
    search: searchKey('title_ar', 'title_en'),
  },
  (t) => [
    index('provider_ads_provider_idx').on(t.provider_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    searchIndex('provider_ads', t.search),
  ],
);

export const pharmacyBranches = pgTable(
  'pharmacy_branches',
  {
    id: primaryId(),
    pharmacy_id: foreignId('pharmacy_id', () => providers.id, 'cascade').notNull(),
    ...bilingualName,
    address: text('address'),
    phone: text('phone'),
    city_id: foreignId('city_id', () => cities.id, 'restrict'),
    ...isActive,
    ...timestamps,
    search: searchKey('name_ar', 'name_en', 'address', 'phone'),
  },
  (t) => providerRowIndexes('pharmacy_branches', t, t.pharmacy_id, t.city_id),
);

export const medicines = pgTable(
  'medicines',
  {
    id: primaryId(),
    pharmacy_id: foreignId('pharmacy_id', () => providers.id, 'cascade').notNull(),
    category_id: foreignId('category_id', () => pharmacyCategories.id, 'restrict'),
    ...bilingualName,
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    in_stock: boolean('in_stock').notNull().default(true),
    ...stampedNameSearch(),
  },
  (t) => providerRowIndexes('medicines', t, t.pharmacy_id, t.category_id),
);

/** A medical institution's departments and a medical center's clinics. */
export const facilityUnits = pgTable(
  'facility_units',
  {
    id: primaryId(),
    facility_id: foreignId('facility_id', () => providers.id, 'cascade').notNull(),
    ...bilingualName,
    speciality_id: foreignId('speciality_id', () => specialities.id, 'restrict'),
    ...stampedNameSearch(),
  },
  (t) => providerRowIndexes('facility_units', t, t.facility_id, t.speciality_id),
);

/** Doctors working in a department or clinic. */
export const facilityUnitDoctors = pgTable(
  'facility_unit_doctors',
  {
    id: primaryId(),
    unit_id: foreignId('unit_id', () => facilityUnits.id, 'cascade').notNull(),
    doctor_id: foreignId('doctor_id', () => providers.id, 'cascade').notNull(),
    created_at: timestamps.created_at,
  },
  (t) => [uniqueIndex('facility_unit_doctors_unique').on(t.unit_id, t.doctor_id), foreignIndex('facility_unit_doctors', t.doctor_id)],
);
