import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProviderKind } from '@sehha/contract/status-codes';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { licenses } from '../../db/schema/providers';

/** The kinds the public directory lists. */
export type DirectoryKind = Exclude<ProviderKind, 'company'>;

/** The providers table or an alias of it (a unit's doctors, a doctor's facilities). */
export type ProviderColumns = Record<'id' | 'kind' | 'status' | 'account_active', AnyPgColumn>;

/**
 * A provider of `kind` the public may see, the one rule of every kind: approved, account active
 * (account_active mirrors the account's is_active by trigger), holding an approved license that expires on
 * `day` or later. `day` is a parameter, not current_date, so the page cache keeps a page until the day
 * changes (see licenses/repository.ts). `provider` may be an alias (a unit's doctors,
 * a doctor's facilities).
 */
export const visible = (provider: ProviderColumns, kind: DirectoryKind | DirectoryKind[], day: string) =>
  and(
    Array.isArray(kind) ? inArray(provider.kind, kind) : eq(provider.kind, kind),
    eq(provider.status, 'approved'),
    eq(provider.account_active, true),
    sql`exists (select 1 from ${licenses} where ${licenses.provider_id} = ${provider.id} and ${licenses.status} = 'approved' and ${licenses.expires_on} >= ${day}::date)`,
  )!;
