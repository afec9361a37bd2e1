import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { count, sql } from 'drizzle-orm';
import { fromPglite, openDatabase, pgliteExtensions, type DatabaseHandle } from '../db/connection';
import { queryRows } from '../db/database';
import { users } from '../db/schema/accounts';
import { withStartupLock } from '../db/startup-lock';
import { StartupError } from '../startup-error';

/** The database of an installation, as DATA_DIR / DATABASE_URL name it. */
export type DatabaseLocation = { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; databaseUrl: string };

/** The folder inside DATA_DIR that holds the embedded database (the one db/connection.ts opens). */
export const pgliteFolder = (dataDir: string) => resolve(dataDir, 'pgdata');

const hasPgliteDatabase = (folder: string) => existsSync(join(folder, 'PG_VERSION'));

/**
 * The embedded database belongs to one process at a time, and PGlite does not lock it: a second
 * process would read half-written files and could overwrite them. An open PGlite keeps postmaster.pid.
 */
function assertPgliteIdle(folder: string) {
  if (existsSync(join(folder, 'postmaster.pid'))) {
    throw new StartupError(
      `The embedded database in ${folder} is open in another process (its postmaster.pid exists): stop the server first. ` +
        'If none is running, the last one did not stop cleanly: delete that file and try again.',
    );
  }
}

const openPglite = (folder: string, loadDataDir?: Blob) =>
  PGlite.create(folder, { extensions: pgliteExtensions, ...(loadDataDir ? { loadDataDir } : {}) });

/** The first line of an error and of its causes, for a one-line message. */
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

async function withPostgres<T>(databaseUrl: string, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl, poolMax: 1 });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function withPglite<T>(folder: string, work: (client: PGlite) => Promise<T>): Promise<T> {
  assertPgliteIdle(folder);
  const client = await openPglite(folder);
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/** Writes the database to `file` (PGlite: its data folder as a tar; PostgreSQL: pg_dump's custom format). */
export async function dumpDatabase(location: DatabaseLocation, file: string): Promise<{ serverVersion: string }> {
  if (location.driver === 'postgres') {
    const serverVersion = await withPostgres(location.databaseUrl, async (handle) => {
      const [row] = await queryRows<{ version: string }>(handle.db, sql`select version() as version`);
      return row?.version ?? '';
    });
    await runPostgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], location.databaseUrl);
    return { serverVersion };
  }
  const folder = pgliteFolder(location.dataDir);
  if (!hasPgliteDatabase(folder)) throw new StartupError(`There is no database in ${folder} (DATA_DIR): nothing to back up`);
  return withPglite(folder, async (client) => {
    const [row] = (await client.query<{ version: string }>('select version() as version')).rows;
    const tarball = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    return { serverVersion: row?.version ?? '' };
  });
}

/** Accounts in the database; 0 when it has none, or no tables at all. */
export async function countAccounts(location: DatabaseLocation): Promise<number> {
  const countIn = async (db: DatabaseHandle['db']) => {
    const [table] = await queryRows<{ present: boolean }>(db, sql`select to_regclass('public.users') is not null as present`);
    if (!table?.present) return 0;
    const [row] = await db.select({ total: count() }).from(users);
    return row?.total ?? 0;
  };
  if (location.driver === 'postgres') return withPostgres(location.databaseUrl, (handle) => countIn(handle.db));
  const folder = pgliteFolder(location.dataDir);
  if (!hasPgliteDatabase(folder)) return 0;
  return withPglite(folder, (client) => countIn(fromPglite(client).db));
}

/**
 * Replaces the database with the dump in `file`, then applies this build's newer migrations, if any.
 * PGlite: the dump is loaded into a new folder beside the current one, which it replaces only once
 * it has opened and migrated. PostgreSQL: pg_restore in one transaction, dropping the dump's objects
 * first (--clean), so that a failure changes nothing.
 */
export async function restoreDatabase(location: DatabaseLocation, file: string): Promise<void> {
  if (location.driver === 'postgres') {
    await runPostgresTool(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
      location.databaseUrl,
    );
    // As `npm run admin` does: an API process starting meanwhile migrates after this, not alongside.
    await withPostgres(location.databaseUrl, (handle) => withStartupLock(location.databaseUrl, () => handle.migrate()));
    return;
  }
  const live = pgliteFolder(location.dataDir);
  if (hasPgliteDatabase(live)) assertPgliteIdle(live);
  const work = resolve(location.dataDir, '.restoring');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    // Same folder name as the live one: PGlite's tarball is rooted at it.
    const incoming = join(work, 'pgdata');
    let client: PGlite;
    try {
      client = await openPglite(incoming, new Blob([new Uint8Array(await readFile(file))]));
    } catch (error) {
      throw new StartupError(`The backup's database could not be loaded: ${firstLine(error)}`, { cause: error });
    }
    try {
      await fromPglite(client).migrate();
    } catch (error) {
      throw new StartupError(`Could not apply the database migrations to the restored database: ${firstLine(error)}`, { cause: error });
    } finally {
      await client.close();
    }
    if (existsSync(live)) await rename(live, join(work, 'replaced'));
    await rename(incoming, live);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Runs pg_dump or pg_restore against the database of `databaseUrl`. The password goes in PGPASSWORD,
 * not on the command line, where other users of the machine could read it.
 */
function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, [`--dbname=${url.toString()}`, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new StartupError(
              `${tool} was not found: install the PostgreSQL client tools of the server's major version or newer ` +
                '(Debian: apt-get install postgresql-client), or put them on PATH',
            )
          : new StartupError(`${tool} could not start: ${error.message}`, { cause: error }),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new StartupError(`${tool} failed: ${toolFailure(tool, stderr) || `exit code ${code}`}`));
    });
  });
}

/** pg_dump/pg_restore's error and detail lines, without their prefixes, on one line. */
function toolFailure(tool: string, stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const errors = lines.filter((line) => line.startsWith(`${tool}: error:`) || line.startsWith(`${tool}: detail:`));
  return (errors.length > 0 ? errors : lines.slice(-1))
    .map((line) => line.replace(new RegExp(`^${tool}: (error|detail): `), ''))
    .join('; ');
}
