import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountRoles } from '@sehha/contract/status-codes';
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
    country_id: foreignId('country_id', () => countries.id, 'restrict'),
    is_active: boolean('is_active').notNull().default(true),
    deactivated_at: timestamp('deactivated_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
    search: searchKey('name', 'email', 'phone'),
  },
  (t) => [
    oneOf('users_role_check', t.role, accountRoles),
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
    searchIndex('users', t.search),
    // A provider list's search over its accounts looks among provider accounts only, not a million users.
    index('users_provider_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`${t.role} <> 'user' and ${t.role} <> 'admin'`),
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
    created_at: timestamps.created_at,
  },
  (t) => [uniqueIndex('access_tokens_hash_unique').on(t.token_hash), foreignIndex('access_tokens', t.user_id)],
);
