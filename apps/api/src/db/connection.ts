import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { StartupError } from '../startup-error';
import { connectionFailureMessage, describeDatabaseError, postgresError } from './errors';
import { queryRows, type Database } from './database';
import { attachPageCache, noteOtherRead } from './page-cache';

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL: the pool's connections (open, idle) and the queries waiting for one; for metrics. */
  poolStats?: (() => { total: number; idle: number; waiting: number }) | undefined;
};

/** Where the database reports a lost connection; the server passes its logger. */
export type DatabaseWarn = (details: Record<string, unknown>, message: string) => void;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** PostgreSQL: connections in the pool (default 10). */
  poolMax?: number | undefined;
  /** PostgreSQL: statement_timeout of every connection in ms; absent or 0, no limit. Migrations are never limited. */
  statementTimeoutMs?: number | undefined;
  /** List pages kept while the tables they read are unchanged (page-cache.ts); default 256, 0: none. */
  pageCacheEntries?: number | undefined;
  /** Check every list statement against the one the page cache remembered for its shape (the test suites). */
  pageCacheVerify?: boolean | undefined;
  /** PostgreSQL: how long a query waits for a connection (a new one, or a free one of a busy pool) before failing. */
  connectionTimeoutMs?: number | undefined;
  warn?: DatabaseWarn | undefined;
};

/** The extensions every embedded database loads (trigram search; btree_gist for the booking exclusion constraints). */
export const pgliteExtensions = { pg_trgm, btree_gist };

const defaultPageCacheEntries = 256;

/** Every statement run through Drizzle is noted: an answer that runs one beside its kept pages is not kept (http/kept-answer.ts). */
const noting = { logger: { logQuery: noteOtherRead } };
/**
 * Every minute, by every process: the page cache's change logs keep ten minutes of writes (migration 0029), the
 * hourly counters' shards of past hours are folded into one row an hour (migration 0030), and on PostgreSQL the
 * version rows of backends that have ended are folded (migration 0013): every new connection of every process adds
 * rows, which each version read sums (docs/performance/api.md, "Bookings at full speed").
 */
const housekeepingMs = 60_000;
const housekeeping = 'select sehha_prune_change_logs(), sehha_fold_hourly_activity()';

/** Runs `run` every `ms` until cleared, its failures ignored (the database may be away, or not migrated yet). */
function everySoOften(ms: number, run: () => Promise<unknown>): NodeJS.Timeout {
  const timer = setInterval(() => void run().catch(() => undefined), ms);
  timer.unref();
  return timer;
}

const warnOnStderr: DatabaseWarn = (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`);

/** The migrations folder, found from here both in the sources (src/db) and in the bundle (dist). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error('Could not find the drizzle migrations folder');
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite persisted in dataDir
 * (or in memory when dataDir is ':memory:').
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir === ':memory:';
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new StartupError(`Cannot use DATA_DIR "${resolve(dataDir)}": ${(error as Error).message}`, { cause: error });
  }
  const client = await PGlite.create(inMemory ? undefined : resolve(dataDir, 'pgdata'), { extensions: pgliteExtensions });
  return fromPglite(client, options);
}

function createPool(databaseUrl: string, options: DatabaseOptions & { poolMax: number }): pg.Pool {
  const warn = options.warn ?? warnOnStderr;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolMax,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    // No JIT compilation: a search whose estimate is far above its run (a lateral read that stops at the cap) was
    // compiled for 170 ms to run for 30 (docs/performance/api.md); the API's statements are short.
    options: '-c jit=off',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle connection that dies (server restart, pg_terminate_backend) is reported on the pool; unheard,
  // it would end the process. The pool has already dropped it and opens a new one on the next query.
  pool.on('error', (error) => warn({ database: describeDatabaseError(error) }, 'database connection lost; the pool will reconnect'));
  // One that dies while checked out (inside a transaction) emits on the client itself, after its query
  // has already failed with the same error: it needs a listener, nothing more.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = createPool(databaseUrl, { ...options, poolMax: options.poolMax ?? 10 });
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end();
    throw new StartupError(connectionFailureMessage(error, databaseUrl), { cause: error });
  }
  const db = drizzlePg(pool, noting) as unknown as Database;
  try {
    await assertUtf8Ctype(db);
  } catch (error) {
    await pool.end();
    throw error;
  }
  attachPageCache(db, { entries: options.pageCacheEntries ?? defaultPageCacheEntries, verify: options.pageCacheVerify });
  // Before the migrations have run the functions do not exist yet; the next round tries again.
  const housekeepingRound = everySoOften(housekeepingMs, () => pool.query(`${housekeeping}, sehha_compact_table_versions()`));
  return {
    db,
    driver: 'postgres',
    // A pool of its own, without statement_timeout: building an index on a large table may take minutes.
    migrate: async () => {
      const migrations = createPool(databaseUrl, { ...options, poolMax: 1, statementTimeoutMs: 0 });
      try {
        await migratePg(drizzlePg(migrations), { migrationsFolder: migrationsFolder() });
      } catch (error) {
        throw new StartupError(`Could not apply the database migrations: ${migrationFailure(error)}`, { cause: error });
      } finally {
        await migrations.end();
      }
    },
    close: () => {
      clearInterval(housekeepingRound);
      return pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Databases that run in this process's own thread (PGlite): long reads there must give the event loop turns. */
const embedded = new WeakSet<Database>();
export const isEmbedded = (db: Database) => embedded.has(db);

export function fromPglite(client: PGlite, options: Pick<DatabaseOptions, 'pageCacheEntries' | 'pageCacheVerify'> = {}): DatabaseHandle {
  const db = drizzlePglite(client, noting) as unknown as Database;
  embedded.add(db);
  attachPageCache(db, { entries: options.pageCacheEntries ?? defaultPageCacheEntries, verify: options.pageCacheVerify });
  const housekeepingRound = everySoOften(housekeepingMs, () => client.query(housekeeping));
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    close: () => {
      clearInterval(housekeepingRound);
      return client.close();
    },
  };
}

async function assertUtf8Ctype(db: Database) {
  const [row] = await queryRows<{ ctype: string }>(db, sql`select datctype as ctype from pg_database where datname = current_database()`);
  const ctype = row?.ctype ?? '';
  if (!/utf-?8/i.test(ctype)) {
    throw new StartupError(
      `The database's LC_CTYPE is "${ctype}", not UTF-8: Arabic search needs a UTF-8 ctype. ` +
        `Create it with: CREATE DATABASE name TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
  }
}

/** The server's reason for a failed migration (SQLSTATE and first line), without Drizzle's query text. */
function migrationFailure(error: unknown): string {
  const root = postgresError(error);
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const message = current instanceof Error ? (current.message.split('\n')[0] ?? '') : String(current);
  return root?.code ? `${message} (SQLSTATE ${root.code})` : message;
}
