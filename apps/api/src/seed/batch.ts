import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for our widest tables. */
const ROWS_PER_INSERT = 1000;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) yield rows.slice(i, i + ROWS_PER_INSERT);
}

/** Inserts rows in a few big statements and returns their ids in the order given. */
export async function insertReturningIds<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: T,
  rows: readonly PgInsertValue<T>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
    const inserted = (await db.insert(table).values(part).returning({ id: table.id })) as { id: unknown }[];
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}

/** Inserts rows in a few big statements. */
export async function insertAll<T extends PgTable>(db: Database, table: T, rows: readonly PgInsertValue<T>[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(table).values(part);
}

/** Inserts drafts oldest first (sorting them in place), so that ids follow time as they would in production. */
export function insertInTimeOrder<D, T extends PgTable>(
  db: Database,
  table: T,
  drafts: D[],
  at: (draft: D) => Date,
  row: (draft: D) => PgInsertValue<T>,
): Promise<void> {
  drafts.sort((a, b) => at(a).getTime() - at(b).getTime());
  return insertAll(db, table, drafts.map(row));
}
