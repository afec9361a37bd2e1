import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountLanguages, accountRoles, adminRoles, tokenAudiences } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId, searchIndex, searchKey, timestamps } from './columns';
import { countries } from './locations';

/** Every account: admins, ordinary users and the accounts behind providers (role says which). */
export const users = pgTable(
  'users',
  {
    id: primaryId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    whatsapp_phone: text('whatsapp_phone'),
    password_hash: text('password_hash').notNull(),
    role: text('role', { enum: accountRoles }).notNull(),
    /** What an admin may do (contract adminRoles); null for every other account. */
    admin_role: text('admin_role', { enum: adminRoles }),
    country_id: foreignId('country_id', () => countries.id, 'restrict'),
    is_active: boolean('is_active').notNull().default(true),
    deactivated_at: timestamp('deactivated_at', { withTimezone: true, mode: 'string' }),
    /** The TOTP secret, encrypted with a key derived from APP_KEY (auth/two-factor.ts): a leaked database gives no second factor. */
    totp_secret: text('totp_secret'),
    /** Set when enrolment was confirmed with a first code; until then a stored secret is pending and not asked for. */
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true, mode: 'string' }),
    /** The last 30-second step a code was accepted for: a code is refused for that step and earlier ones (no replay). */
    totp_last_step: bigint('totp_last_step', { mode: 'number' }),
    /** The language of the account's texts (SMS, email); app accounts choose it, others read Arabic. */
    language: text('language', { enum: accountLanguages }).notNull().default('ar'),
    /** The privacy notice version the account consented to for its health data; null: never, or withdrawn (consents). */
    privacy_version: integer('privacy_version'),
    /** The terms version the account accepted; null: never. */
    terms_version: integer('terms_version'),
    /** Marketing messages only with this opt-in (PDPL); withdrawn at any time. */
    marketing_opt_in: boolean('marketing_opt_in').notNull().default(false),
    /** Set when the account was erased: its name, phone and email are pseudonyms from then on. */
    erased_at: timestamp('erased_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
    search: searchKey('name', 'email', 'phone'),
  },
  (t) => [
    oneOf('users_role_check', t.role, accountRoles),
    oneOf('users_admin_role_check', t.admin_role, adminRoles),
    oneOf('users_language_check', t.language, accountLanguages),
    check('users_admin_role_only_admins_check', sql`${t.admin_role} is null or ${t.role} = 'admin'`),
    check('users_totp_enabled_has_secret_check', sql`${t.totp_enabled_at} is null or ${t.totp_secret} is not null`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_active_created_idx').on(t.role, t.is_active, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The deactivated list's order, deactivated_at DESC NULLS LAST: an index in another NULLS order cannot serve it.
    index('users_active_deactivated_last_idx').on(t.is_active, t.deactivated_at.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('users_created_idx').on(t.created_at),
    // Sorted account lists (?sort=name|created_at): walked forwards or backwards, ties by id.
    index('users_role_active_name_idx').on(t.role, t.is_active, t.name, t.id),
    index('users_active_name_idx').on(t.is_active, t.name, t.id),
    index('users_active_created_idx').on(t.is_active, t.created_at, t.id),
    foreignIndex('users', t.country_id),
    // App sign-in finds the account by its phone (E.164).
    index('users_phone_idx').on(t.phone),
    searchIndex('users', t.search),
    // A provider list's search over its accounts looks among provider accounts only, not a million users.
    index('users_provider_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`${t.role} <> 'user' and ${t.role} <> 'admin'`),
    // The deactivated list's search looks among deactivated accounts only (a few in a million).
    index('users_deactivated_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`not ${t.is_active}`),
  ],
);

/** Opaque bearer tokens; only the SHA-256 of a token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
    /** Where the token was created (the client address as the app's trustProxy resolves it) and with what browser. */
    ip: text('ip'),
    user_agent: text('user_agent'),
    /** The API the token opens (admin or app): each side looks tokens up with its own audience only. */
    audience: text('audience', { enum: tokenAudiences }).notNull().default('admin'),
    created_at: timestamps.created_at,
  },
  (t) => [
    uniqueIndex('access_tokens_hash_unique').on(t.token_hash),
    foreignIndex('access_tokens', t.user_id),
    oneOf('access_tokens_audience_check', t.audience, tokenAudiences),
  ],
);

/** One-time recovery codes of an admin's second factor: only a SHA-256 of each is stored; used_at spends it. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    created_at: timestamps.created_at,
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.user_id, t.code_hash)],
);
