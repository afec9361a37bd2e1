import pg from 'pg';
import { StartupError } from '../startup-error';
import { connectionFailureMessage } from './errors';

/** The advisory lock key of start-up (migrations, first admin, demo seed): "sehha" in ASCII, one constant bigint. */
export const startupLockKey = 0x7365686861n;

/**
 * Runs `work` while holding the start-up lock: a session-level PostgreSQL advisory lock on a connection
 * of its own, so that several API processes starting together on one database migrate and seed it one
 * after the other (the later ones find it migrated and not empty). The lock is released when the work
 * ends, fails, or its connection dies. Without a database URL (embedded PGlite: one process) the work
 * simply runs.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
  log?: (message: string) => void,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost while holding the lock fails the work's own queries; here it needs a listener, nothing more.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new StartupError(connectionFailureMessage(error, databaseUrl), { cause: error });
  }
  try {
    const key = startupLockKey.toString();
    const [tried] = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key])).rows;
    if (!tried?.locked) {
      log?.('Another process is preparing the database (migrations, first admin, demo data); waiting for it');
      await client.query('select pg_advisory_lock($1::bigint)', [key]);
    }
    // Ending the session below releases the lock, whether the work succeeded or not.
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
