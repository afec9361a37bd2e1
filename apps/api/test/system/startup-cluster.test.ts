import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/auth/admin-accounts';
import { migrationsFolder, openDatabase } from '../../src/db/connection';
import { queryRows, type Database } from '../../src/db/database';
import { users } from '../../src/db/schema/accounts';
import { SEEDED_TABLES, seedDemoData, type SeededTable } from '../../src/seed/seed-demo-data';
import { LocalStorage } from '../../src/storage/storage';
import { listening, serverAdmin, spawnServer, type ServerProcess } from '../support/server-process';
import { createTestDatabase, serverDatabase } from '../support/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';

// Needs no database (start-up stops before connecting): runs in the api:pglite project only.
describe.runIf(!onPostgres)('APP_KEY with DATABASE_URL (real server process)', () => {
  it('refuses to start without APP_KEY, in one line that says how to make one', async () => {
    const server = spawnServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/never_reached', APP_KEY: '' });
    const exitCode = await server.exited;
    expect(exitCode).toBe(1);
    const stderr = server.stderr().trim();
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain('APP_KEY is required with DATABASE_URL');
    expect(stderr).toContain(`node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});

/** Rows per demo table, counted the way seedDemoData's summary counts them. */
async function demoRows(db: Database): Promise<Record<SeededTable, number>> {
  const rows = {} as Record<SeededTable, number>;
  for (const [name, table] of Object.entries(SEEDED_TABLES) as Array<[SeededTable, PgTable]>) {
    const [row] = await db.select({ n: count() }).from(table);
    rows[name] = row?.n ?? 0;
  }
  return rows;
}

describe.runIf(onPostgres)('several API processes starting together on one empty PostgreSQL database', () => {
  const database = serverDatabase('sehha_cluster');
  let storageDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    storageDir = mkdtempSync(join(tmpdir(), 'sehha-cluster-storage-'));
    await database.create();
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  // Three start-ups of the real server at once, each migrating and seeding unless another one did: about 30 s here.
  it('migrates once, creates one first admin and seeds one set of demo data; every process becomes ready', async () => {
    for (let i = 0; i < 3; i++) {
      servers.push(spawnServer({ DATABASE_URL: database.url, SEED_DEMO: 'true', STORAGE_DIR: storageDir, LOG_LEVEL: 'warn' }));
    }
    // Meanwhile, what one seed makes: the same first admin and demo data on a database of its own.
    const reference = (async () => {
      const handle = await createTestDatabase();
      const referenceStorage = mkdtempSync(join(tmpdir(), 'sehha-cluster-reference-'));
      try {
        await ensureFirstAdmin(handle.db, { email: serverAdmin.email, password: serverAdmin.password });
        return (await seedDemoData(handle.db, new LocalStorage(referenceStorage))).rows;
      } finally {
        await handle.close();
        rmSync(referenceStorage, { recursive: true, force: true });
      }
    })();
    const baseUrls = await Promise.all(servers.map((server) => listening(server, 55_000)));

    for (const baseUrl of baseUrls) {
      const ready = await fetch(`${baseUrl}/api/ready`);
      expect(ready.status, await ready.clone().text()).toBe(200);
    }
    const outputs = servers.map((server) => server.stdout());
    expect(outputs.filter((output) => output.includes('Demo data seeded'))).toHaveLength(1);

    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await queryRows<{ hash: string; times: number }>(
        handle.db,
        sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
      );
      expect(applied).toHaveLength(journal.entries.length);
      for (const row of applied) expect(row.times).toBe(1);

      const admins = await handle.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.role, 'admin') as SQL);
      expect(admins[0]?.n).toBe(1);
      expect(await demoRows(handle.db)).toEqual(await reference);
    } finally {
      await handle.close();
    }
  }, 90_000);
});
