import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, openDatabase, pgliteExtensions, type DatabaseHandle } from '../../src/db/connection';

/** The run's migrated database of this kind (global-setup.ts, configured in apps/api/vitest.config.ts). */
function template(kind: 'pgliteTemplate' | 'postgresTemplate'): string {
  const found = inject(kind);
  if (!found) throw new Error(`No ${kind}: run the API tests through vitest, whose global setup migrates it`);
  return found;
}

let pgliteTemplate: Promise<PGlite> | undefined;

/** The run's migrated PGlite, loaded once per test file; each test app gets a clone of it. */
function migratedTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () =>
    PGlite.create({ loadDataDir: new Blob([await readFile(template('pgliteTemplate'))]), extensions: pgliteExtensions }))();
  return pgliteTemplate;
}

/** One statement on the PostgreSQL server of TEST_DATABASE_URL (its maintenance database unless named), on a connection of its own. */
export async function onTestServer<T extends pg.QueryResultRow = pg.QueryResultRow>(statement: string, database?: string): Promise<T[]> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const url = new URL(serverUrl);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

export type ServerDatabase = { name: string; url: string; create: () => Promise<void>; drop: () => Promise<void> };

/**
 * A database of its own on the server of TEST_DATABASE_URL, named `prefix_<random>`: UTF-8 with a
 * C.UTF-8 ctype as production needs (or SQL_ASCII, to test the refusal); created by create(),
 * dropped (connections and all) by drop().
 */
export function serverDatabase(
  prefix: string,
  options: { encoding: 'UTF8' | 'SQL_ASCII'; template?: string | undefined } = { encoding: 'UTF8' },
): ServerDatabase {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://missing-test-database-url');
  url.pathname = `/${name}`;
  const locale = options.encoding === 'UTF8' ? 'C.UTF-8' : 'C';
  return {
    name,
    url: url.toString(),
    create: async () => {
      await onTestServer(
        `CREATE DATABASE ${name} TEMPLATE ${options.template ?? 'template0'} ENCODING '${options.encoding}' LC_COLLATE '${locale}' LC_CTYPE '${locale}'`,
      );
    },
    drop: async () => {
      await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export type TestDatabaseHandle = DatabaseHandle & {
  /**
   * Another connection to the same database, as a second API process would open: a second
   * pool on PostgreSQL; on PGlite (one process's embedded database) the same handle.
   */
  connectAgain: () => Promise<DatabaseHandle>;
};

/**
 * A fresh, migrated database: embedded PGlite, or (TEST_DB=postgres) a new database on the
 * server of TEST_DATABASE_URL, created with a UTF-8 ctype and dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    const clone = (await (await migratedTemplate()).clone()) as PGlite;
    const handle = fromPglite(clone, { pageCacheVerify: true });
    return { ...handle, connectAgain: async () => ({ ...handle, close: async () => {} }) };
  }
  // A copy of the run's migrated template: migrated already.
  const database = serverDatabase('sehha_test', { encoding: 'UTF8', template: template('postgresTemplate') });
  await database.create();
  const handle = await openDatabase({ databaseUrl: database.url, pageCacheVerify: true });
  return {
    ...handle,
    connectAgain: () => openDatabase({ databaseUrl: database.url, pageCacheVerify: true }),
    close: async () => {
      // The pool ends once its clients are back; one still held by a request that never finished would keep
      // it waiting: after a grace period the database is dropped WITH (FORCE), which cuts that client too.
      const ended = handle.close().then(() => true);
      const grace = () => new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000).unref());
      const inTime = await Promise.race([ended, grace()]);
      await database.drop();
      if (!inTime) await Promise.race([ended.catch(() => false), grace()]);
    },
  };
}
