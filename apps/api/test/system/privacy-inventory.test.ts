import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/database';
import { dataInventory, tablesWithoutPersonalData } from '../../src/privacy/inventory';
import type { PrivacyReport } from '../../src/privacy/report';
import { runCli } from '../support/server-process';
import { createTestDatabase, type TestDatabaseHandle } from '../support/test-database';

/**
 * The data inventory (apps/api/src/privacy/inventory.ts) against the migrated schema: every table is classified
 * (a new table fails here until it is named in the inventory or declared free of personal data), and every table
 * and column the inventory names exists. Then `npm run privacy:report` prints it with the configured periods.
 */
describe('the data inventory', () => {
  let handle: TestDatabaseHandle;
  let columns: Map<string, Set<string>>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const rows = await queryRows<{ table_name: string; column_name: string }>(
      handle.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    columns = new Map();
    for (const row of rows) columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name));
  });
  afterAll(() => handle?.close());

  it('classifies every table of the schema', () => {
    const declared = new Set([
      ...dataInventory.flatMap((category) => Object.keys(category.tables)),
      ...Object.keys(tablesWithoutPersonalData),
    ]);
    const unclassified = [...columns.keys()].filter((table) => !declared.has(table)).sort();
    expect(unclassified, 'add these tables to apps/api/src/privacy/inventory.ts').toEqual([]);
    const both = dataInventory.flatMap((category) => Object.keys(category.tables)).filter((table) => table in tablesWithoutPersonalData);
    expect(both).toEqual([]);
  });

  it('names only tables and columns that exist', () => {
    const missing = dataInventory.flatMap((category) =>
      Object.entries(category.tables).flatMap(([table, names]) =>
        !columns.has(table) ? [table] : names.filter((name) => !columns.get(table)!.has(name)).map((name) => `${table}.${name}`),
      ),
    );
    missing.push(...Object.keys(tablesWithoutPersonalData).filter((table) => !columns.has(table)));
    expect(missing).toEqual([]);
  });
});

// The command reads no database: once per run, on the PGlite project.
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run privacy:report', () => {
  // The operator's settings only: the runner's storage and S3 variables are not this command's.
  const report = (args: string[], env: Record<string, string> = {}) =>
    runCli('privacy-report', args, env, (key) => key.startsWith('S3_') || key === 'STORAGE_DRIVER' || key.startsWith('RETENTION_'));

  it('prints each category with where, why, who and how long, the live periods included', async () => {
    const result = await report([], { RETENTION_ACCESS_LOGS_DAYS: '365' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const category of dataInventory) expect(result.stdout).toContain(category.name);
    expect(result.stdout).toContain('365 days after the read (RETENTION_ACCESS_LOGS_DAYS)');
    expect(result.stdout).toContain("90 days after the pharmacy's reply (RETENTION_PRESCRIPTION_IMAGES_DAYS)");
    expect(result.stdout).toMatch(/Stored in: +prescriptions \(/);
  }, 60_000);

  it('answers JSON with --json', async () => {
    const result = await report(['--json'], { RETENTION_MESSAGE_BODIES_DAYS: '14' });
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as PrivacyReport;
    expect(parsed.categories.map((category) => category.id)).toEqual(dataInventory.map((category) => category.id));
    const messages = parsed.categories.find((category) => category.id === 'messages');
    expect(messages?.kept[0]).toMatchObject({ days: 14, variable: 'RETENTION_MESSAGE_BODIES_DAYS' });
  }, 60_000);

  it('refuses a period that is not a whole number of days, in one line', async () => {
    const result = await report([], { RETENTION_OTP_CODES_DAYS: 'soon' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration: RETENTION_OTP_CODES_DAYS/);
  }, 60_000);
});
