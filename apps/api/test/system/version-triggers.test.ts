import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/connection';
import { tablesWithoutVersionTrigger, versionTrigger } from '../../scripts/version-triggers.mjs';

// `npm run check:migrations` fails on the tables this finds: drizzle-kit generates a table, not its trigger.
// It reads the migrations on an in-memory PGlite whichever database the suite runs on: once is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('the version trigger check of check:migrations', () => {
  it('finds a new table without its trigger, and nothing else: every committed table but sign-in’s has one', async () => {
    const tables = [
      'CREATE TABLE "scratch_bare" (id integer primary key);',
      'CREATE TABLE "scratch_versioned" (id integer primary key);',
      versionTrigger('scratch_versioned'),
    ];
    expect(await tablesWithoutVersionTrigger(migrationsFolder(), tables.join('\n'))).toEqual(['scratch_bare']);
  });
});
