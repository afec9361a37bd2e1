import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import type { pharmacyCategories, specialities } from '../../db/schema/catalogs';
import { fetchPage, matchesSearch, toIsoRequired } from '../../db/paged';

/** Tables that are nothing but a bilingual name: specialities and pharmacy categories share one shape. */
export type NamedCatalogTable = typeof specialities | typeof pharmacyCategories;
export type NamedCatalogValues = { name_ar: string; name_en: string };
type Row = { id: number; name_ar: string; name_en: string; created_at: string; updated_at: string };

const present = (row: Row) => ({ ...row, created_at: toIsoRequired(row.created_at), updated_at: toIsoRequired(row.updated_at) });

/**
 * The only code that touches a named catalog's table. `usage` counts the rows elsewhere that still
 * point at an entry (one query), so a delete can be refused with a clear message.
 */
export function createNamedCatalogRepository(anyTable: NamedCatalogTable, usage: (db: Database, id: number) => Promise<number>) {
  // Both tables have identical columns; Drizzle's types only differ in the table name.
  const table = anyTable as typeof specialities;
  const columns = { id: table.id, name_ar: table.name_ar, name_en: table.name_en, created_at: table.created_at, updated_at: table.updated_at };

  return {
    page(db: Database, query: { page: number; perPage: number; search?: string }) {
      const where = and(matchesSearch(table.search, query.search));
      return fetchPage({
        page: query.page,
        perPage: query.perPage,
        rows: (limit, offset) => db.select(columns).from(table).where(where).orderBy(desc(table.id)).limit(limit).offset(offset).then((rows) => rows.map(present)),
        count: () => db.select({ total: count() }).from(table).where(where).then((rows) => rows[0]?.total ?? 0),
      });
    },

    find(db: Database, id: number, lock = false) {
      const query = db.select(columns).from(table).where(eq(table.id, id));
      return (lock ? query.for('update') : query).then((rows) => (rows[0] ? present(rows[0]) : undefined));
    },

    insert: (db: Database, values: NamedCatalogValues) => db.insert(table).values(values).returning(columns).then((rows) => present(rows[0]!)),

    update: (db: Database, id: number, values: NamedCatalogValues) =>
      db.update(table).set({ ...values, updated_at: sql`now()` }).where(eq(table.id, id)).returning(columns).then((rows) => present(rows[0]!)),

    remove: (db: Database, id: number) => db.delete(table).where(eq(table.id, id)),

    usage,
  };
}

export type NamedCatalogRepository = ReturnType<typeof createNamedCatalogRepository>;
export type NamedCatalogRecord = NonNullable<Awaited<ReturnType<NamedCatalogRepository['find']>>>;
