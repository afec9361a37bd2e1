import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { fromPglite, openDatabase, type DatabaseHandle } from '../../src/db/connection';

let pgliteTemplate: Promise<PGlite> | undefined;

/** One migrated PGlite per worker; each test app gets a clone of it (much faster than migrating again). */
function migratedTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await fromPglite(client).migrate();
    return client;
  })();
  return pgliteTemplate;
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
    const handle = fromPglite(clone);
    return { ...handle, connectAgain: async () => ({ ...handle, close: async () => {} }) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `sehha_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    connectAgain: () => openDatabase({ databaseUrl: url.toString() }),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
