import { getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A column named with its table, always: Drizzle leaves the table out of a select's columns when the
 * statement reads a single table, and inside a correlated subquery an unqualified name resolves to the
 * subquery's own table first (a unit's doctors count of `"unit_id" = "id"` counted by the wrong id).
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The `{ id, name_ar, name_en }` of the bilingual record `key` points at (a country, a speciality…), or null:
 * a scalar subquery by primary key rather than a left join. Each join of the page's statement cost the
 * planner more than the lookup itself (docs/performance/api.md).
 * The record's table is read under its own alias (`<table>_ref`), so it never shadows the page's tables.
 */
export function namedRef(table: PgTable & { id: PgColumn; name_ar: PgColumn; name_en: PgColumn }, key: PgColumn) {
  const ref = sql.identifier(`${getTableName(table)}_ref`);
  const field = (column: PgColumn) => sql`${ref}.${sql.identifier(column.name)}`;
  return sql<{
    id: number;
    name_ar: string;
    name_en: string;
  } | null>`(select json_build_object('id', ${field(table.id)}, 'name_ar', ${field(table.name_ar)}, 'name_en', ${field(table.name_en)}) from ${table} as ${ref} where ${field(table.id)} = ${qualified(key)})`;
}

/** Some columns of a table, by name and in the order given, for a `select({...})`. */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
