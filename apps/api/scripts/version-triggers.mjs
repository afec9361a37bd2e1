// The tables the page cache cannot see change (part of `npm run check:migrations`). The cache keeps a list's
// page while the versions of the tables its statement reads are unchanged; a trigger `<table>_version` bumps
// a table's version on every write (migration 0013). drizzle-kit generates a table but not its trigger, so a
// new table without one is found here: the committed migrations run on an in-memory PGlite, no server needed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Written by every sign-in or send and read by no list, so left out by design: sign-in's tables (migration 0013), the
 * app's one-time codes (migration 0014; the outbox has had a version since 0031, for the operations home); the access
 * log (0020), written by every sensitive read; the
 * review queue's claims (0023), renewed every few minutes by each reviewer and read by no list; the page cache's own
 * change logs and their horizons (0029), written with every booking and read by the cache, never by a list.
 */
export const unversionedTables = [
  'table_versions',
  'access_tokens',
  'login_attempts',
  'recovery_codes',
  'otp_codes',
  'access_logs',
  'review_claims',
  'appointment_changes',
  'change_log_horizons',
];

/** The statement that gives `table` its version, for a custom migration (`npx drizzle-kit generate --custom`). */
export const versionTrigger = (table) =>
  `CREATE TRIGGER "${table}_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();`;

/**
 * The tables of the schema the migrations in `migrationsDir` build (then `extraSql`, if given) that have no
 * version trigger and are not among unversionedTables.
 */
export async function tablesWithoutVersionTrigger(migrationsDir, extraSql = '') {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  const db = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
  try {
    for (const entry of journal.entries) {
      const text = readFileSync(join(migrationsDir, `${entry.tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
    }
    if (extraSql) await db.exec(extraSql);
    const { rows } = await db.query(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_version')
       order by 1`,
    );
    return rows.map((row) => row.name).filter((name) => !unversionedTables.includes(name));
  } finally {
    await db.close();
  }
}
