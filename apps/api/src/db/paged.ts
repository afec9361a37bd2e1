import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '../http/paginate';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * `column LIKE %term%` over a folded search column (see schema/columns searchKey), answered by
 * its trigram index; undefined for an empty term so it can go straight into `and(...)`.
 */
export function matchesSearch(searchColumn: PgColumn | SQL, term: string | undefined): SQL | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  return sql`${searchColumn} LIKE '%' || sehha_fold(${escapeLike(trimmed)}) || '%'`;
}

/** One page: the rows and the total, from two queries that share the same filter. */
export async function fetchPage<T>(options: {
  page: number;
  perPage: number;
  rows: (limit: number, offset: number) => Promise<T[]>;
  count: () => Promise<number>;
}): Promise<Page<T>> {
  const { page, perPage } = options;
  const [items, total] = await Promise.all([options.rows(perPage, (page - 1) * perPage), options.count()]);
  return { items, total, page, perPage };
}

/** Timestamps leave the API as ISO 8601 in UTC, whichever driver read them. */
export const toIso = (value: string | Date | null | undefined): string | null =>
  value == null ? null : new Date(value instanceof Date ? value : value.includes('T') || /[+-]\d\d(:?\d\d)?$|Z$/.test(value) ? value : `${value}Z`).toISOString();

export const toIsoRequired = (value: string | Date) => toIso(value)!;
