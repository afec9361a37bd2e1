import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/database';
import { pageCacheOf, type PageCache } from '../../src/db/page-cache';
import { users } from '../../src/db/schema/accounts';
import { appointments } from '../../src/db/schema/appointments';
import { searchCountCap } from '@sehha/contract/envelope';
import { makeProvider, type MadeProvider } from '../support/providers';
import { createTestApp, type TestApp } from '../support/test-app';
import { cairoVisit } from '../support/visits';
import { PgDialect } from 'drizzle-orm/pg-core';
import { appointmentPageNarrowing } from '../../src/db/change-log';
import { changeNamedBy } from '../../src/modules/appointments/repository';

type ListBody = { data: { total: number; data: Array<{ id: number; status: string }> } };

/**
 * A search's page of appointments outlives the bookings it cannot show (db/change-log.ts):
 * beside a booking every few milliseconds they are answered from memory, and still answer what the database would.
 */
describe('the page cache keeps an appointments page across writes that do not touch it', () => {
  let t: TestApp;
  let cache: PageCache;
  let named: number;
  let unnamed: number;
  let doctor: MadeProvider;
  let otherDoctor: MadeProvider;
  let namedDoctor: MadeProvider;
  let minute = 0;

  const term = 'Narrowzeta';
  const list = async (path: string) => {
    const response = await t.call(path);
    expect(response.status).toBe(200);
    return ((await response.json()) as ListBody).data;
  };
  const search = () => list(`/api/admin/appointments?search=${term}`);
  const ids = (page: { data: Array<{ id: number }> }) => page.data.map((row) => row.id);

  /** A booking at a new minute (no two overlap), committed on `db`. */
  const book = async (patient: number, provider: number, facility: number | null = null, db = t.db) => {
    minute += 30;
    const visit = cairoVisit(
      `2027-03-01 ${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`,
    );
    const [row] = await db
      .insert(appointments)
      .values({ user_id: patient, provider_id: provider, facility_id: facility, ...visit, type: 'cash', status: 'booked' })
      .returning({ id: appointments.id });
    return row!.id;
  };
  const account = async (name: string) => {
    const [row] = await t.db
      .insert(users)
      .values({ name, email: `${name.replace(/\s/g, '.')}.${Date.now()}@narrowing.test`, password_hash: 'x', role: 'user' })
      .returning({ id: users.id });
    return row!.id;
  };
  /** The counts a request moves: pages answered from memory, narrowed among them, and reads. */
  const counts = () => ({ hits: cache.hits, narrowed: cache.narrowed, misses: cache.misses });

  beforeAll(async () => {
    t = await createTestApp();
    cache = pageCacheOf(t.db)!;
    named = await account(`Mona ${term}`);
    unnamed = await account('Somebody Else');
    doctor = await makeProvider(t.db, 'doctor', { status: 'approved' });
    otherDoctor = await makeProvider(t.db, 'doctor', { status: 'approved' });
    namedDoctor = await makeProvider(t.db, 'doctor', { status: 'approved', name_en: `Dr ${term}` });
    await book(named, doctor.id);
  });
  afterAll(() => t.close());

  it("answers a search from memory after a booking of someone it does not name, and reads it again after a named one's", async () => {
    const first = await search();
    expect(first.total).toBe(1);
    const before = counts();
    await book(unnamed, otherDoctor.id);
    expect(await search()).toEqual(first);
    // One kept read: the page (its count is asked only when the page is read).
    expect(counts()).toEqual({ hits: before.hits + 1, narrowed: before.narrowed + 1, misses: before.misses });

    // The named patient's booking, then the named doctor's booking of someone else: each is in the answer at once.
    const mine = await book(named, otherDoctor.id);
    const again = await search();
    expect(again.total).toBe(2);
    expect(ids(again)).toContain(mine);
    const theirs = await book(unnamed, namedDoctor.id);
    expect(ids(await search())).toContain(theirs);
    // A change of status is a write to a named row too.
    await t.db.execute(sql`update appointments set status = 'completed' where id = ${mine}`);
    expect((await search()).data.find((row) => row.id === mine)?.status).toBe('completed');

    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(Number(/^page_cache_narrowed_total (\d+)$/m.exec(metrics)?.[1])).toBe(cache.narrowed);
  });

  it('reads a page again when the log cannot tell: pruned past its snapshot, or truncated', async () => {
    const kept = await search();
    // A named booking committed after the page was read, then pruned (as if ten minutes old): its log row is gone, and
    // the horizon, now past the page's snapshot, says so.
    const pruned = await book(named, doctor.id);
    await t.db.execute(sql`update appointment_changes set at = now() - interval '11 minutes'`);
    await t.db.execute(sql`select sehha_prune_change_logs()`);
    const [left] = await queryRows<{ rows: number; horizon: string | null }>(
      t.db,
      sql`select (select count(*)::int from appointment_changes) as rows,
        (select pruned_below::text from change_log_horizons where log = 'appointment_changes') as horizon`,
    );
    // Rows of a transaction not ended before the pruning began stay (on PostgreSQL another test file's may be running
    // then, and the booking above is among its successors): alone, as on the embedded database, every row goes.
    if (process.env.TEST_DB !== 'postgres') expect(left).toEqual({ rows: 0, horizon: expect.stringMatching(/^\d+$/) });
    else if (left!.rows === 0) expect(left!.horizon).toMatch(/^\d+$/);
    const before = counts();
    const after = await search();
    expect(after.total).toBe(kept.total + 1);
    expect(ids(after)).toContain(pruned);
    expect(counts()).toMatchObject({ narrowed: before.narrowed, misses: before.misses + 2 });
    // Kept again with a snapshot past the horizon, it outlives the next untouching booking.
    await book(unnamed, otherDoctor.id);
    expect(await search()).toEqual(after);
    expect(cache.narrowed).toBe(before.narrowed + 1);
  });

  it("sees a named row's change whose transaction began before the page was read and committed after it", async () => {
    // Two transactions at once need two connections: PostgreSQL's (an embedded database has one).
    if (process.env.TEST_DB !== 'postgres') return;
    const other = await t.connectAgain();
    let commit = () => {};
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let writer: Promise<void> | undefined;
    try {
      const visit = await book(named, otherDoctor.id);
      const price = (page: ListBody['data']) => (page.data.find((row) => row.id === visit) as { price?: number | null }).price;
      let started!: () => void;
      const written = new Promise<void>((resolve) => (started = resolve));
      // A new price (no counter counts it, so the booking below does not wait for this transaction's locks).
      writer = other.db.transaction(async (tx) => {
        await tx.execute(sql`update appointments set price = 321 where id = ${visit}`);
        started();
        await gate;
      });
      await written;
      // Read (and kept) while the change is uncommitted: its transaction's id lies below the snapshot's xmax.
      const kept = await search();
      expect(price(kept)).not.toBe(321);
      // An untouching booking commits first: the page outlives it, the change being still invisible.
      const before = cache.narrowed;
      await book(unnamed, doctor.id);
      expect(await search()).toEqual(kept);
      expect(cache.narrowed).toBe(before + 1);
      commit();
      await writer;
      // Committed now: not visible in the page's snapshot, visible in this request's, whatever its transaction id.
      expect(price(await search())).toBe(321);
    } finally {
      // A failed expectation above must not leave the transaction open (the next test's writes would wait for it).
      commit();
      await writer?.catch(() => undefined);
      await other.close();
    }
  });

  it('keeps a count above the cap across new named appointments, and counts again after a change of one', async () => {
    // The cap's worth of past visits of the named patient (completed ones overlap nothing), in one statement.
    await t.db.execute(sql`insert into appointments (user_id, provider_id, starts_at, ends_at, type, status)
      select ${named}, ${doctor.id}, t, t + interval '30 minutes', 'cash', 'completed'
      from generate_series(1, ${searchCountCap + 1}) g, lateral (select timestamptz '2020-01-01' + g * interval '1 hour' as t) v`);
    const first = await search();
    expect(first.total).toBe(searchCountCap + 1);
    // A new named booking: the page is read again (it is on top), the count is not (it cannot fall back under the cap).
    const before = counts();
    const mine = await book(named, otherDoctor.id);
    const after = await search();
    expect(ids(after)[0]).toBe(mine);
    expect(after.total).toBe(searchCountCap + 1);
    expect(counts()).toEqual({ hits: before.hits + 1, narrowed: before.narrowed + 1, misses: before.misses + 1 });
    // Any other change of a named row may bring it under: both are read again.
    await t.db.execute(sql`update appointments set status = 'cancelled', cancelled_by = 'patient' where id = ${mine}`);
    expect((await search()).data.find((row) => row.id === mine)?.status).toBe('cancelled');
    expect(cache.misses).toBe(before.misses + 3);
  });

  it('reads every page of the table again after a TRUNCATE', async () => {
    expect((await search()).total).toBeGreaterThan(0);
    await t.db.execute(sql`truncate appointments cascade`);
    expect((await search()).total).toBe(0);
  });
});

/**
 * The search's check looks up each changed row's patient and provider by id. Its statement is prepared (a version read
 * with one or two checks), so after a few runs PostgreSQL may plan it once for any term: an EXISTS was then planned as a
 * hashed subplan over every account the term might name, at national scale every "mona" provider (20,000, 50 ms) for
 * each batch of requests, though one booking had changed since (docs/performance/api.md).
 */
describe("the search's narrowing check under a generic plan", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const doctor = await makeProvider(t.db, 'doctor', { status: 'approved', name_en: 'Dr Mona Planned' });
    await t.db.execute(sql`insert into users (name, email, password_hash, role)
      select 'Mona ' || n, 'mona.' || n || '@plan.test', 'x', 'user' from generate_series(1, 300) n`);
    // A log of a busy ten minutes (bookings at 50 a second), which the planner expects a check to walk a share of.
    await t.db.execute(sql`insert into appointment_changes (user_id, provider_id, inserted)
      select n, ${doctor.id}, true from generate_series(1, 30000) n`);
    await t.db.execute(sql`analyze appointment_changes, users, providers`);
  });
  afterAll(() => t.close());

  it('reads the patient and provider of each changed row by id, never every named account', async () => {
    const [{ snapshot } = { snapshot: '' }] = await queryRows<{ snapshot: string }>(
      t.db,
      sql`select pg_current_snapshot()::text as snapshot`,
    );
    const check = appointmentPageNarrowing(changeNamedBy('mona')).touched(snapshot, sql`pg_current_snapshot()`, []);
    const { sql: text, params } = new PgDialect().sqlToQuery(sql`select ${check} as touched`);
    const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare narrowing_check as ${text}`));
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain execute narrowing_check(${params.map(literal).join(', ')})`),
      );
      await tx.execute(sql`deallocate narrowing_check`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('pg_snapshot_xmin($');
    expect(plan).not.toMatch(/hashed SubPlan/i);
    // Every read of the accounts is of the changed row's one (by its index once the table is larger than a page).
    const lines = plan.split('\n');
    const accountReads = lines.flatMap((line, i) => (/ on (users|providers)\b/.test(line) ? [lines[i + 1]!.trim()] : []));
    expect(accountReads).toHaveLength(2);
    for (const condition of accountReads)
      expect(condition).toMatch(/^(Index Cond|Filter): \(id = appointment_changes\.(user_id|provider_id)\)$/);
  });
});
