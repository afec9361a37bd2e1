import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fromPglite, migrationsFolder, openDatabase, pgliteExtensions, type DatabaseHandle } from '../../src/db/connection';
import { queryRows, type Database } from '../../src/db/database';
import { postgresError } from '../../src/db/errors';
import { appointmentRepository } from '../../src/modules/appointments/repository';
import { serverDatabase } from '../support/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';

/** The migrations folder as it was up to `lastTag` (its journal cut there): a database of that version. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'sehha-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * A database at 0016 with the spec's appointments (appointment_time: Cairo wall clock, pending/confirmed, two
 * overlapping), migrated to 0017: the admin API's appointment_time is unchanged, overlaps are cancelled by the
 * system (kept), and the exclusion constraints hold.
 */
describe('migrating legacy appointments to instants (0016 → 0017)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A database migrated to 0016 (legacy rows inserted by `fill`), then to the latest migration. */
  async function legacyDatabase(
    fill: (run: (statement: string) => Promise<Array<Record<string, unknown>>>) => Promise<void>,
  ): Promise<DatabaseHandle> {
    const folder = migrationsUpTo('0016_directory_listing');
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    if (!onPostgres) {
      const client = await PGlite.create({ extensions: pgliteExtensions });
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      await fill(async (statement) => (await client.query<Record<string, unknown>>(statement)).rows);
      const handle = fromPglite(client);
      cleanups.push(() => handle.close());
      await handle.migrate();
      return handle;
    }
    const database = serverDatabase('sehha_booking_migration');
    await database.create();
    cleanups.push(() => database.drop());
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    await migratePg(drizzlePg(pool), { migrationsFolder: folder });
    await fill(async (statement) => (await pool.query<Record<string, unknown>>(statement)).rows);
    await pool.end();
    const handle = await openDatabase({ databaseUrl: database.url });
    cleanups.push(() => handle.close());
    await handle.migrate();
    return handle;
  }

  it('keeps the wall-clock times, cancels the overlaps by system and holds the constraints', async () => {
    const ids: Record<string, number> = {};
    const handle = await legacyDatabase(async (run) => {
      const user = async (name: string) =>
        Number(
          (
            await run(`insert into users (name, email, password_hash, role) values ('${name}', '${name}@x.test', 'x', 'user') returning id`)
          )[0]!.id,
        );
      const doctor = async (name: string) => {
        const account = Number(
          (
            await run(
              `insert into users (name, email, password_hash, role) values ('${name}', '${name}@x.test', 'x', 'doctor') returning id`,
            )
          )[0]!.id,
        );
        return Number(
          (
            await run(
              `insert into providers (kind, user_id, name_ar, name_en, status) values ('doctor', ${account}, 'طبيب', '${name}', 'approved') returning id`,
            )
          )[0]!.id,
        );
      };
      ids.p1 = await user('patient1');
      ids.p2 = await user('patient2');
      ids.d1 = await doctor('doctor1');
      ids.d2 = await doctor('doctor2');
      const visit = async (name: string, userId: number, doctorId: number, time: string, status: string) => {
        ids[name] = Number(
          (
            await run(
              `insert into appointments (user_id, provider_id, appointment_time, status, type) values (${userId}, ${doctorId}, '${time}', '${status}', 'cash') returning id`,
            )
          )[0]!.id,
        );
      };
      // Summer time (+03:00) and winter time (+02:00) in Cairo.
      await visit('summer', ids.p1, ids.d1, '2026-07-15 09:00:00', 'pending');
      await visit('doctorOverlap', ids.p2, ids.d1, '2026-07-15 09:00:00', 'confirmed');
      await visit('winter', ids.p1, ids.d1, '2026-01-10 18:30:00', 'completed');
      await visit('patientOverlap', ids.p1, ids.d2, '2026-07-15 09:15:00', 'confirmed');
      await visit('later', ids.p2, ids.d2, '2026-07-16 10:00:00', 'confirmed');
    });
    const db: Database = handle.db;

    const rows = await queryRows<{ id: number; starts_at: string; ends_at: string; status: string; cancelled_by: string | null }>(
      db,
      sql`select id, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at, to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at, status, cancelled_by from appointments order by id`,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    expect(byId.get(ids.summer!)).toMatchObject({
      starts_at: '2026-07-15T06:00:00Z',
      ends_at: '2026-07-15T06:30:00Z',
      status: 'booked',
      cancelled_by: null,
    });
    expect(byId.get(ids.winter!)).toMatchObject({ starts_at: '2026-01-10T16:30:00Z', status: 'completed' });
    expect(byId.get(ids.doctorOverlap!)).toMatchObject({ status: 'cancelled', cancelled_by: 'system' });
    expect(byId.get(ids.patientOverlap!)).toMatchObject({ status: 'cancelled', cancelled_by: 'system' });
    expect(byId.get(ids.later!)).toMatchObject({ status: 'booked' });

    // What the admin API answers for the doctor's appointments: the same wall-clock text as before.
    const page = await appointmentRepository.page(db, { kind: 'doctor', id: ids.d1! }, { page: 1, perPage: 10 });
    const times = Object.fromEntries(page.items.map((item) => [Number(item.id), item.appointment_time]));
    expect(times[ids.summer!]).toBe('2026-07-15 09:00:00');
    expect(times[ids.winter!]).toBe('2026-01-10 18:30:00');
    expect(times[ids.doctorOverlap!]).toBe('2026-07-15 09:00:00');

    // The constraints are in place: another active visit over the summer one is refused (23P01), on both sides.
    const attempt = async (statement: ReturnType<typeof sql>) => {
      try {
        await db.execute(statement);
        return null;
      } catch (error) {
        return postgresError(error);
      }
    };
    expect(
      await attempt(
        sql`insert into appointments (user_id, provider_id, starts_at, ends_at, status) values (${ids.p2}, ${ids.d1}, '2026-07-15 06:15:00+00', '2026-07-15 06:45:00+00', 'booked')`,
      ),
    ).toEqual({ code: '23P01', constraint: 'appointments_provider_overlap' });
    expect(
      await attempt(
        sql`insert into appointments (user_id, provider_id, starts_at, ends_at, status) values (${ids.p1}, ${ids.d2}, '2026-07-15 06:15:00+00', '2026-07-15 06:45:00+00', 'held')`,
      ),
    ).toEqual({ code: '23P01', constraint: 'appointments_patient_overlap' });
  }, 120_000);
});
