import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/connection';
import { queryRows, type Database } from '../../src/db/database';
import { users } from '../../src/db/schema/accounts';
import { appointments } from '../../src/db/schema/appointments';
import { makeProvider, type MadeProvider } from '../support/providers';
import { createTestApp, type TestApp } from '../support/test-app';

type HourRow = { hour: string; shard: number; bookings: number; revenue: number };

/**
 * The hourly counters (migration 0030): each write to the current or the last hour adds to its backend's shard of it,
 * so parallel bookings do not queue on one row until each commits; past hours' shards are folded into one row an
 * hour, the sums unchanged.
 */
describe('the hourly counters are sharded by backend and folded', () => {
  let t: TestApp;
  let doctors: MadeProvider[];
  let patients: number[];

  const rowsOf = (hour: string) =>
    queryRows<HourRow>(
      t.db,
      sql`select hour::text, shard, bookings::int as bookings, revenue::float8 as revenue from hourly_activity
          where hour = ${hour}::timestamptz order by shard`,
    );
  const version = async () =>
    Number(
      (
        await queryRows<{ v: string | null }>(t.db, sql`select sum(version) as v from table_versions where table_name = 'hourly_activity'`)
      )[0]!.v ?? 0,
    );
  const fold = () => t.db.execute(sql`select sehha_fold_hourly_activity()`);
  const book = (db: Database, patient: number, doctor: number, day: number) =>
    db.insert(appointments).values({
      user_id: patient,
      provider_id: doctor,
      starts_at: `2027-05-${String(day).padStart(2, '0')}T09:00:00Z`,
      ends_at: `2027-05-${String(day).padStart(2, '0')}T09:30:00Z`,
      type: 'cash',
      status: 'booked',
    });

  beforeAll(async () => {
    t = await createTestApp();
    doctors = [await makeProvider(t.db, 'doctor', { status: 'approved' }), await makeProvider(t.db, 'doctor', { status: 'approved' })];
    const made = await t.db
      .insert(users)
      .values(
        [1, 2].map((i) => ({
          name: `Shard patient ${i}`,
          email: `shard.${i}.${Date.now()}@shards.test`,
          password_hash: 'x',
          role: 'user' as const,
        })),
      )
      .returning({ id: users.id });
    patients = made.map((row) => row.id);
  });
  afterAll(() => t.close());

  it("folds a past hour's shards into one row with the same sums, leaves the last two hours alone, and writes nothing when nothing is left", async () => {
    const [hours] = await queryRows<{ past: string; recent: string }>(
      t.db,
      sql`select (date_trunc('hour', now(), 'UTC') - interval '5 hours')::text as past, (date_trunc('hour', now(), 'UTC') - interval '1 hour')::text as recent`,
    );
    const { past, recent } = hours!;
    await t.db.execute(sql`insert into hourly_activity (hour, shard, bookings, revenue) values
      (${past}::timestamptz, 0, 1, 10), (${past}::timestamptz, 3, 2, 20.5), (${past}::timestamptz, 5, 4, 0),
      (${recent}::timestamptz, 2, 8, 0), (${recent}::timestamptz, 6, 16, 1)`);

    await fold();
    expect(await rowsOf(past)).toEqual([expect.objectContaining({ shard: 0, bookings: 7, revenue: 30.5 })]);
    expect((await rowsOf(recent)).map((row) => [row.shard, row.bookings])).toEqual([
      [2, 8],
      [6, 16],
    ]);

    // Nothing left to fold: no statement writes the table, so no kept page reading the counters goes stale.
    const before = await version();
    await fold();
    expect(await version()).toBe(before);

    // A back-dated sign-up (of an hour no longer current) adds to shard 0 at once: there is nothing to fold after it.
    await t.db.insert(users).values({
      name: 'Back-dated',
      email: `back.dated.${Date.now()}@shards.test`,
      password_hash: 'x',
      role: 'user',
      created_at: sql`${past}::timestamptz + interval '10 minutes'` as never,
    });
    expect((await rowsOf(past)).map((row) => row.shard)).toEqual([0]);
  });

  it("lets a booking commit while another backend's booking of the same hour is still open", async () => {
    // Two transactions at once need two connections: PostgreSQL's (an embedded database has one).
    if (process.env.TEST_DB !== 'postgres') return;
    const opened: DatabaseHandle[] = [];
    let commit = () => {};
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let holder: Promise<void> | undefined;
    try {
      const first = await t.connectAgain();
      opened.push(first);
      let shard!: (value: number) => void;
      const holding = new Promise<number>((resolve) => (shard = resolve));
      holder = first.db.transaction(async (tx) => {
        await book(tx, patients[0]!, doctors[0]!.id, 3);
        const [row] = await queryRows<{ shard: number }>(tx, sql`select sehha_counter_shard(now()) as shard`);
        shard(row!.shard);
        await gate;
      });
      const held = await holding;

      // A connection of another shard (backends' ids are consecutive: one of the next few is).
      let second: DatabaseHandle | undefined;
      for (let i = 0; i < 16 && !second; i++) {
        const candidate = await t.connectAgain();
        opened.push(candidate);
        const [row] = await queryRows<{ shard: number }>(candidate.db, sql`select sehha_counter_shard(now()) as shard`);
        if (row!.shard !== held) second = candidate;
      }
      expect(second).toBeDefined();
      // With one row an hour this booking waited for the first's commit: here it may not wait at all.
      await second!.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await book(tx, patients[1]!, doctors[1]!.id, 4);
      });
      commit();
      await holder;
      const [counted] = await queryRows<{ bookings: number }>(
        t.db,
        sql`select sum(bookings)::int as bookings from hourly_activity where hour = date_trunc('hour', now(), 'UTC')`,
      );
      expect(counted!.bookings).toBeGreaterThanOrEqual(2);
    } finally {
      // A failed expectation above must not leave the transaction open (the next test's writes would wait for it).
      commit();
      await holder?.catch(() => undefined);
      for (const handle of opened) await handle.close();
    }
  });
});
