import { and, desc, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@sehha/contract/fields';
import { queryRows, type Database } from '../../db/database';
import { countOf, noTotal, withoutTotal, withTotal, type Total } from '../../db/totals';
import { matchesSearch } from '../../db/search';
import { selectPage } from '../../db/paging';
import { toIsoRequired } from '../../db/dates';
import type { CatalogDeclaration, CatalogTable } from './declaration';

type Stamped = { id: number; created_at: string; updated_at: string };
export type CatalogRecord<Q extends PgSelect> = Omit<Awaited<Q>[number], 'page_total'> & Stamped;

const stamped = <T extends Stamped>(row: T): T => ({
  ...row,
  created_at: toIsoRequired(row.created_at),
  updated_at: toIsoRequired(row.updated_at),
});

/** Every column of a catalog table but its search key: the record of a catalog without joins. */
export function recordColumns<T extends CatalogTable>(table: T) {
  const { search: _search, ...columns } = getTableColumns(table);
  return columns;
}

/** Whether a row of the table has this id (a parent the form points at). */
export const rowExists = (db: Database, table: CatalogTable, id: number) =>
  db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.id, id))
    .then((rows) => rows.length > 0);

/** The only code that touches a catalog's table: newest first, searched by its folded key. */
export function createCatalogRepository<Q extends PgSelect, L extends ListQuery, I extends object>(catalog: CatalogDeclaration<Q, L, I>) {
  const { table } = catalog;
  type Row = CatalogRecord<Q>;
  /** Without joins, the record is the table's columns. */
  const select = (db: Database, total: Total): Q =>
    catalog.select?.(db, total) ??
    (db
      .select(withTotal(recordColumns(table), total))
      .from(table)
      .$dynamic() as unknown as Q);

  const find = (db: Database, id: number, lock = false): Promise<Row | undefined> => {
    const query = select(db, noTotal).where(eq(table.id, id));
    return (lock ? query.for('update') : query).then((rows) =>
      rows[0] ? stamped(withoutTotal(rows[0] as Row & { page_total: number }) as Row) : undefined,
    );
  };

  return {
    page(db: Database, query: L) {
      const where = and(matchesSearch(table.search, query.search), catalog.filter?.(query));
      const total = countOf(db, table, where);
      const rows = select(db, total).where(where).orderBy(desc(table.id));
      return selectPage(
        db,
        rows,
        { page: query.page, perPage: query.per_page },
        {
          shape: [getTableName(table), query],
          present: (row) => stamped(row as Row),
          total,
        },
      );
    },

    find,

    insert: (db: Database, values: object) =>
      db
        .insert(table)
        .values(values as typeof table.$inferInsert)
        .returning({ id: table.id })
        .then((rows) => rows[0]!.id as number),

    update: (db: Database, id: number, values: object) =>
      db
        .update(table)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(table.id, id)),

    remove: (db: Database, id: number) => db.delete(table).where(eq(table.id, id)),

    usage: (db: Database, id: number): Promise<Record<string, number>> => catalog.usage?.(db, id) ?? Promise.resolve({}),
  };
}

/**
 * A catalog's usage check from the foreign keys that point at it, in one query: `{ count: [providers.speciality_id,
 * facilityUnits.speciality_id] }` counts the rows of both tables that use the entry, as `{ count: n }`.
 */
export function usedBy<K extends string>(groups: Record<K, PgColumn[]>) {
  return async (db: Database, id: number): Promise<Record<K, number>> => {
    const totals = (Object.entries(groups) as Array<[K, PgColumn[]]>).map(
      ([name, columns]) =>
        sql`${sql.join(
          columns.map((column) => sql`(select count(*) from ${column.table} where ${column} = ${id})`),
          sql` + `,
        )} as ${sql.identifier(name)}`,
    );
    const [row] = await queryRows<Record<K, number | string>>(db, sql`select ${sql.join(totals, sql`, `)}`);
    return Object.fromEntries(Object.keys(groups).map((name) => [name, Number(row?.[name as K] ?? 0)])) as Record<K, number>;
  };
}
