import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database';
import { sql } from 'drizzle-orm';
import { uniqueConstraints } from '../../src/db/constraints';
import { createTestDatabase, type TestDatabaseHandle } from '../support/test-database';

describe('database constraints', () => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('names every unique index of the migrated schema in the constraint table, and nothing else', async () => {
    const rows = await queryRows<{ name: string }>(
      handle.db,
      sql`select c.relname as name from pg_index x join pg_class c on c.oid = x.indexrelid join pg_namespace n on n.oid = c.relnamespace
          where x.indisunique and not x.indisprimary and n.nspname = 'public' order by 1`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(uniqueConstraints).sort());
  });
});
