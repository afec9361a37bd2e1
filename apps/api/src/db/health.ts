import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from './connection';
import { queryRows, type Database } from './database';

/** The database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

type MigrationMark = { when: number; hash: string };

let newest: MigrationMark | undefined;

/** The newest migration this build ships (journal entry and SQL file hash, as Drizzle's migrator records them). */
function newestShippedMigration(): MigrationMark {
  if (!newest) {
    const last = readMigrationFiles({ migrationsFolder: migrationsFolder() }).at(-1);
    newest = { when: last?.folderMillis ?? 0, hash: last?.hash ?? '' };
  }
  return newest;
}

/**
 * The newest migration applied to the database is the newest this build ships: not behind (a database
 * restored from an older backup) and not ahead (another version of the API migrated it further).
 */
export async function migrationsAreCurrent(db: Database): Promise<boolean> {
  const [applied] = await queryRows<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const expected = newestShippedMigration();
  if (!applied) return false;
  return Number(applied.created_at) === expected.when && applied.hash === expected.hash;
}
