import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { hashNewPassword } from '../../src/auth/password-policy';
import { fromPglite, openDatabase, pgliteExtensions } from '../../src/db/connection';
import { adminCredentials } from './admin-credentials';
import { serverDatabase } from './test-database';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated PGlite data directory (tar), loaded by each test file instead of migrating again. */
    pgliteTemplate: string | undefined;
    /** A migrated database on the server of TEST_DATABASE_URL, copied by CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string | undefined;
    /** The test admin's password hash (createTestApp), computed once per run. */
    adminPasswordHash: string;
  }
}

/**
 * Migrates one database per run for each API project, before the workers start: migrating PGlite took each
 * test file 5–14 s of a worker (about a third of the API suites' time), PostgreSQL about a second per test
 * database. test-database.ts copies the template; it no longer migrates anything itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  project.provide('pgliteTemplate', undefined);
  project.provide('postgresTemplate', undefined);
  project.provide('adminPasswordHash', await hashNewPassword(adminCredentials.password));
  if (onPostgres) {
    const template = serverDatabase('sehha_template');
    await template.create();
    const handle = await openDatabase({ databaseUrl: template.url });
    try {
      await handle.migrate();
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
      await handle.close();
    }
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const directory = await mkdtemp(join(tmpdir(), 'sehha-pglite-template-'));
  try {
    await fromPglite(client).migrate();
    const file = join(directory, 'pgdata.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await client.close();
  }
  return () => rm(directory, { recursive: true, force: true });
}
