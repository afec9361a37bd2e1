import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/database';
import { foreignKeyConstraints } from '../../src/db/constraints';
import { createTestDatabase, type TestDatabaseHandle } from '../support/test-database';

describe('foreign key constraints', () => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('names every foreign key of the migrated schema in the constraint table, with the relation it guards', async () => {
    const rows = await queryRows<{ name: string; child: string; parent: string; columns: string }>(
      handle.db,
      sql`select c.conname as name, t.relname as child, p.relname as parent,
                 (select string_agg(a.attname, ',') from pg_attribute a where a.attrelid = c.conrelid and a.attnum = any(c.conkey)) as columns
          from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class p on p.oid = c.confrelid
          join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname = 'public' order by 1`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(foreignKeyConstraints).sort());
    for (const row of rows) expect(foreignKeyConstraints[row.name]?.relation, row.name).toBe(`${row.child}.${row.columns} → ${row.parent}`);
  });
});
