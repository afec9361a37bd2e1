import { sql } from 'drizzle-orm';
import type { ProviderKind } from '@sehha/contract/status-codes';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The kinds the public directory lists. */
export type DirectoryKind = Exclude<ProviderKind, 'company'>;

/** The providers table or an alias of it (a unit's doctors, a doctor's facilities). */
export type ProviderColumns = Record<'id' | 'kind' | 'status' | 'account_active' | 'licensed_until', AnyPgColumn>;

/**
 * A kind written into the statement's text, not sent as a parameter: a named statement's generic plan
 * (db/page-cache.ts, `prepared`) can then use the indexes whose predicate names the kind, as its custom plans do.
 */
const literal = (kind: DirectoryKind) => {
  if (!/^[a-z_]+$/.test(kind)) throw new Error(`Not a provider kind: ${kind}`);
  return `'${kind}'`;
};

/**
 * A provider of `kind` the public may see, the one rule of every kind: approved, account active
 * (account_active mirrors the account's is_active by trigger), holding an approved license that expires on
 * `day` or later (licensed_until, the latest such expiry, is kept on the provider's row by a trigger on
 * licenses, migration 0016: a walk of a list's index filters each row without a lookup). `day` is a parameter,
 * not current_date, so the page cache keeps a page until the day changes (see licenses/repository.ts); the
 * rest is written into the text (see literal). `provider` may be an alias (a unit's doctors,
 * a doctor's facilities).
 */
export const visible = (provider: ProviderColumns, kind: DirectoryKind | DirectoryKind[], day: string) =>
  sql`(${provider.kind} ${sql.raw(Array.isArray(kind) ? `in (${kind.map(literal).join(', ')})` : `= ${literal(kind)}`)} and ${provider.status} = 'approved' and ${provider.account_active} and ${provider.licensed_until} >= ${day}::date)`;

/**
 * A list's order: the one asked for, else by name, or newest first for a search. A search's matches are then
 * found by walking the kind's newest rows until a page is full (providers_kind_status_id_idx), which stops
 * within a few hundred rows for a common term, while a rare term's few matches come from the trigram index and
 * are sorted; by name, a common term whose names sort late (every "Mona" after every "Ahmed") walked most of
 * the kind first (docs/performance/api.md).
 */
export const listOrder = <S extends string>(query: { sort?: S | undefined; search?: string | undefined }): S | 'name' | 'newest' =>
  query.sort ?? (query.search?.trim() ? 'newest' : 'name');
