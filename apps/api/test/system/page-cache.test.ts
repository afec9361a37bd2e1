import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unversionedTables } from '../../scripts/version-triggers.mjs';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { queryRows, type Database } from '../../src/db/database';
import { attachPageCache, pageCacheOf, PageCache, type PageStatement } from '../../src/db/page-cache';
import { fetchPage } from '../../src/db/paging';
import { accessTokens, users } from '../../src/db/schema/accounts';
import { providers } from '../../src/db/schema/providers';
import { localDate } from '../../src/modules/licenses/repository';
import { makeProvider, type MadeProvider } from '../support/providers';
import { createTestApp, type TestApp } from '../support/test-app';

type ListBody = { data: { total: number; data: Array<{ id: number; name_en: string; status: string }> } };

/**
 * Pages of lists are kept per process while the tables they read are unchanged (db/page-cache.ts): whatever
 * changes the data, and whichever process changes it, the next answer must be the database's.
 */
describe('the page cache answers what the database would', () => {
  let t: TestApp;
  let cache: PageCache;
  const doctors: MadeProvider[] = [];

  const doctorsList = async (query = '', app?: Awaited<ReturnType<typeof buildApp>>) => {
    const path = `/api/admin/providers/doctors${query}`;
    if (app) {
      const injected = await app.inject({ url: path, headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(injected.statusCode).toBe(200);
      return injected.json<ListBody>().data;
    }
    const response = await t.call(path);
    expect(response.status).toBe(200);
    return ((await response.json()) as ListBody).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    cache = pageCacheOf(t.db)!;
    for (let i = 0; i < 3; i++) doctors.push(await makeProvider(t.db, 'doctor', { name_en: `Cached doctor ${i}` }));
  });
  afterAll(() => t.close());

  it('answers a page again from memory while nothing it reads has changed', async () => {
    const first = await doctorsList();
    const { hits, misses } = cache;
    const again = await doctorsList();
    expect(again).toEqual(first);
    // Two kept reads: the page, and its doctors' appointment counts beside it.
    expect(cache.hits).toBe(hits + 2);
    expect(cache.misses).toBe(misses);
    // Another filter is another statement (its page lists other doctors: their counts are another read).
    await doctorsList('?status=pending');
    expect(cache.misses).toBeGreaterThan(misses);
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    const sample = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect(sample('page_cache_hits_total')).toBe(cache.hits);
    expect(sample('page_cache_misses_total')).toBe(cache.misses);
    expect(sample('page_cache_pages')).toBe(cache.size);
  });

  it("reads the doctors' appointment counts again after a booking, not their page", async () => {
    const before = await doctorsList();
    const doctor = before.data[0]!.id;
    const count = (list: typeof before) =>
      (list.data.find((row) => row.id === doctor) as { appointments_count?: number }).appointments_count;
    // A booking's trigger bumps the doctor's counter (appointment_counts), which the page's statement does not read.
    await t.db.execute(sql`insert into appointment_counts as a (provider_id, own) values (${doctor}, 1)
      on conflict (provider_id) do update set own = a.own + 1`);
    const { hits, misses } = cache;
    const after = await doctorsList();
    expect(count(after)).toBe(count(before)! + 1);
    expect(cache.hits).toBe(hits + 1);
    expect(cache.misses).toBe(misses + 1);
    await t.db.execute(sql`update appointment_counts set own = own - 1 where provider_id = ${doctor}`);
    expect(count(await doctorsList())).toBe(count(before));
  });

  it('sees a change made through the API at once', async () => {
    await doctorsList('?status=approved');
    const decided = await t.call(`/api/admin/providers/status/${doctors[0]!.id}`, {
      method: 'POST',
      form: { status: 'approved', _method: 'PATCH' },
    });
    expect(decided.status).toBe(200);
    const approved = await doctorsList('?status=approved');
    expect(approved.data.map((row) => row.id)).toContain(doctors[0]!.id);
    expect(approved.data.find((row) => row.id === doctors[0]!.id)?.status).toBe('approved');
  });

  it('sees a change made outside the routes, in a table the page reads through a join', async () => {
    const before = await doctorsList();
    expect(before.data.find((row) => row.id === doctors[1]!.id)).toBeDefined();
    // The account (users), not the profile: the list hides providers whose account is deactivated.
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, doctors[1]!.userId));
    const after = await doctorsList();
    expect(after.data.find((row) => row.id === doctors[1]!.id)).toBeUndefined();
    expect(after.total).toBe(before.total - 1);
    await t.db.update(users).set({ is_active: true }).where(eq(users.id, doctors[1]!.userId));
    expect((await doctorsList()).total).toBe(before.total);
  });

  it('sees a change committed by another process at once, and keeps nothing of a rolled-back one', async () => {
    const other = await t.connectAgain();
    try {
      const renamed = `Renamed elsewhere ${Date.now()}`;
      await doctorsList();
      await other.db.update(providers).set({ name_en: renamed }).where(eq(providers.id, doctors[2]!.id));
      expect((await doctorsList()).data.find((row) => row.id === doctors[2]!.id)?.name_en).toBe(renamed);

      await other.db
        .transaction(async (tx) => {
          await tx.update(providers).set({ name_en: 'Never committed' }).where(eq(providers.id, doctors[2]!.id));
          // Read inside the transaction: its own uncommitted change, never kept (a transaction has no cache).
          expect(pageCacheOf(tx)).toBeUndefined();
          tx.rollback();
        })
        .catch(() => undefined);
      expect((await doctorsList()).data.find((row) => row.id === doctors[2]!.id)?.name_en).toBe(renamed);
    } finally {
      if (other.db !== t.db) await other.close();
    }
  });

  it('keeps the pages of two API processes apart and each one right', async () => {
    if (process.env.TEST_DB !== 'postgres') return; // one embedded database belongs to one process
    const other = await t.connectAgain();
    const second = await buildApp({ db: other.db, storage: t.storage, signer: t.signer, config: { timeZone: 'Africa/Cairo' } });
    try {
      expect(pageCacheOf(other.db)).not.toBe(cache);
      const listed = await doctorsList('', second);
      const here = await doctorsList();
      expect([listed.total, listed.data]).toEqual([here.total, here.data]);
      await t.call(`/api/admin/providers/status/${doctors[1]!.id}`, {
        method: 'POST',
        form: { status: 'rejected', reason_note: 'Unreadable scan.', _method: 'PATCH' },
      });
      expect((await doctorsList('', second)).data.find((row) => row.id === doctors[1]!.id)?.status).toBe('rejected');
    } finally {
      await second.close();
      await other.close();
    }
  });

  it('reads versions once for requests arriving together, each seeing every write committed before it', async () => {
    const doctor = doctors[0]!;
    // Through HTTP: whenever each request reaches the cache, it answers the name committed before it was sent.
    for (let round = 0; round < 3; round++) {
      const name = `Round ${round} ${Date.now()}`;
      await t.db.update(providers).set({ name_en: name }).where(eq(providers.id, doctor.id));
      const answers = await Promise.all(Array.from({ length: 8 }, () => doctorsList()));
      for (const answer of answers) expect(answer.data.find((row) => row.id === doctor.id)?.name_en).toBe(name);
    }

    // How many reads that takes depends on when each request arrives (its sign-in check goes first), so the
    // batching itself is counted on the cache: requests arriving in one turn share one read, and those
    // arriving once it has been sent share the next one.
    const batching = new PageCache(t.db, { entries: 4 });
    const page = () =>
      t.db
        .select({ id: providers.id, name_en: providers.name_en, page_total: sql<number>`0`.mapWith(Number) })
        .from(providers)
        .where(eq(providers.id, doctor.id));
    await batching.rows(page, 'batching');
    for (let round = 0; round < 3; round++) {
      const name = `Batched ${round} ${Date.now()}`;
      await t.db.update(providers).set({ name_en: name }).where(eq(providers.id, doctor.id));
      const reads = batching.versionReads;
      const together = Array.from({ length: 8 }, () => batching.rows(page, 'batching'));
      await Promise.resolve();
      await Promise.resolve();
      const later = Array.from({ length: 4 }, () => batching.rows(page, 'batching'));
      for (const [row] of await Promise.all([...together, ...later])) expect(row?.name_en).toBe(name);
      expect(batching.versionReads - reads).toBe(2);
    }
  });

  it('reads a changed page once for requests arriving together, and not for a request after the next write', async () => {
    const doctor = doctors[1]!;
    const sharing = new PageCache(t.db, { entries: 4 });
    let reads = 0;
    const page = (): PageStatement<{ id: number; name_en: string; page_total: number }> => {
      const statement = t.db
        .select({ id: providers.id, name_en: providers.name_en, page_total: sql<number>`0`.mapWith(Number) })
        .from(providers)
        .where(eq(providers.id, doctor.id));
      return {
        toSQL: () => statement.toSQL(),
        then: (resolve, reject) => {
          reads++;
          return statement.then(resolve, reject);
        },
      };
    };
    await sharing.rows(page, 'sharing');
    for (let round = 0; round < 3; round++) {
      const name = `Shared ${round} ${Date.now()}`;
      await t.db.update(providers).set({ name_en: name }).where(eq(providers.id, doctor.id));
      const before = reads;
      const together = await Promise.all(Array.from({ length: 8 }, () => sharing.rows(page, 'sharing')));
      for (const [row] of together) expect(row?.name_en).toBe(name);
      expect(reads - before).toBe(1);
    }
    // A write while a read is on its way: a request after it must not join the older read.
    const first = sharing.rows(page, 'sharing');
    const changed = `Changed ${Date.now()}`;
    await t.db.update(providers).set({ name_en: changed }).where(eq(providers.id, doctor.id));
    const [row] = await sharing.rows(page, 'sharing');
    expect(row?.name_en).toBe(changed);
    await first;
  });

  it('keeps the global search hits too, and sees a new name at once', async () => {
    const search = async (q: string) => {
      const response = await t.call(`/api/admin/search?${new URLSearchParams({ q })}`);
      expect(response.status).toBe(200);
      // Grouped by kind: the ids found, whatever their group.
      return ((await response.json()) as { data: Array<{ hits: Array<{ id: number }> }> }).data.flatMap((group) => group.hits);
    };
    const term = `Quokka${Date.now()}`;
    expect(await search(term)).toEqual([]);
    const { hits } = cache;
    expect(await search(term)).toEqual([]);
    expect(cache.hits).toBe(hits + 1);
    await t.db
      .update(providers)
      .set({ name_en: `Dr ${term}` })
      .where(eq(providers.id, doctors[0]!.id));
    expect((await search(term)).map((hit) => hit.id)).toEqual([doctors[0]!.id]);
  });

  it('never keeps a statement that reads the clock, or a table without a version', async () => {
    const kept = cache.size;
    const total = sql<number>`0`.mapWith(Number);
    const statements = {
      clock: (limit: number) =>
        t.db
          .select({ id: providers.id, at: sql<string>`now()`, page_total: total })
          .from(providers)
          .limit(limit),
      'sign-in table': (limit: number) => t.db.select({ id: accessTokens.id, page_total: total }).from(accessTokens).limit(limit),
      catalog: (limit: number) =>
        t.db
          .select({ id: providers.id, backend: sql<number>`pg_backend_pid()`, page_total: total })
          .from(providers)
          .limit(limit),
    };
    for (const [reads, rows] of Object.entries(statements)) {
      const page = await fetchPage(
        t.db,
        { page: 1, perPage: 5 },
        { shape: [`never kept: ${reads}`, {}], rows, total: sql`select 0`, present: (row) => row },
      );
      expect(page.items.length, reads).toBeGreaterThan(0);
    }
    expect(cache.size).toBe(kept);
  });

  it('names the day (licenses) or the minute (home) in its statement, so a kept page lasts that long at most', async () => {
    expect(localDate('Africa/Cairo', new Date('2026-11-25T21:59:00Z'))).toBe('2026-11-25');
    expect(localDate('Africa/Cairo', new Date('2026-11-25T22:00:00Z'))).toBe('2026-11-26');
    const { hits } = cache;
    for (let i = 0; i < 2; i++) expect((await t.call('/api/admin/licenses?expired=1')).status).toBe(200);
    expect(cache.hits).toBe(hits + 1);
    // The home cards and chart name their minute instead of reading now() (three calls: a minute may turn once).
    for (const path of ['/api/admin/home/stats', '/api/admin/home/revenue?period=monthly']) {
      const before = cache.hits;
      for (let i = 0; i < 3; i++) expect((await t.call(path)).status).toBe(200);
      expect(cache.hits, path).toBeGreaterThanOrEqual(before + 1);
    }
  });

  it('keeps at most its number of pages, and frozen rows that presenting cannot change', async () => {
    const small = new PageCache(t.db, { entries: 2 });
    const page = (name: string) =>
      t.db
        .select({ id: providers.id, name: sql<string>`${name}::text`, page_total: sql<number>`0`.mapWith(Number) })
        .from(providers)
        .limit(1);
    for (const name of ['a', 'b', 'c']) await small.rows(() => page(name));
    expect(small.size).toBe(2);
    const [row] = await small.rows(() => page('c'));
    expect(small.hits).toBe(1);
    expect(() => {
      (row as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    const idle = new PageCache(t.db, { entries: 5, idleMs: 1 });
    await idle.rows(() => page('a'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await idle.rows(() => page('b'));
    expect(idle.size).toBe(1);
    const none = new PageCache(t.db, { entries: 0 });
    await none.rows(() => page('a'));
    expect(none.size).toBe(0);
  });

  it('answers a remembered shape without building its statement, and (verifying) refuses a shape that hides an input', async () => {
    const page = (name: string) =>
      t.db
        .select({ id: providers.id, name: sql<string>`${name}::text`, page_total: sql<number>`0`.mapWith(Number) })
        .from(providers)
        .limit(1);
    let builds = 0;
    const counted = (name: string) => () => {
      builds++;
      return page(name);
    };
    const trusting = new PageCache(t.db, { entries: 4 });
    const [first] = await trusting.rows(counted('a'), 'names:a');
    const [again] = await trusting.rows(counted('a'), 'names:a');
    expect(again).toEqual(first);
    expect([builds, trusting.hits]).toEqual([1, 1]);
    // A change to a table it reads: read again, so built again.
    await t.db
      .update(providers)
      .set({ updated_at: sql`now()` })
      .where(eq(providers.id, doctors[0]!.id));
    await trusting.rows(counted('a'), 'names:a');
    expect([builds, trusting.misses]).toEqual([2, 2]);

    // The suites' cache builds every statement and compares it with its shape's: a shape that leaves out
    // an input (here the name) fails the request instead of answering another list's page.
    const verifying = new PageCache(t.db, { entries: 4, verify: true });
    expect((await verifying.rows(() => page('a'), 'names'))[0]).toMatchObject({ name: 'a' });
    expect((await verifying.rows(() => page('a'), 'names'))[0]).toMatchObject({ name: 'a' });
    await expect(verifying.rows(() => page('b'), 'names')).rejects.toThrow(/shape .*names.* another statement/);
    expect(pageCacheOf(t.db)).not.toBe(verifying);
  });

  it('versions every table but the sign-in ones, and folds ended backends without changing a version', async () => {
    const tables = await queryRows<{ name: string; versioned: boolean }>(
      t.db,
      sql`select c.relname as name, exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_version') as versioned
          from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    expect(tables.filter((table) => !table.versioned).map((table) => table.name)).toEqual([...unversionedTables].sort());
    if (process.env.TEST_DB !== 'postgres') return; // PGlite has one backend, whose row is never folded
    const sums = () =>
      queryRows<{ table_name: string; version: string; rows: string }>(
        t.db,
        sql`select table_name, sum(version)::text as version, count(*)::text as rows from table_versions group by 1 order by 1`,
      );
    // A backend that has ended (no such pid is running).
    await t.db.execute(sql`insert into table_versions (table_name, backend, version) values ('providers', 2147483000, 5)`);
    const before = await sums();
    await t.db.execute(sql`select sehha_compact_table_versions()`);
    const after = await sums();
    expect(after.map(({ table_name, version }) => [table_name, version])).toEqual(
      before.map(({ table_name, version }) => [table_name, version]),
    );
    const ended = await queryRows(t.db, sql`select 1 from table_versions where backend = 2147483000`);
    expect(ended).toEqual([]);
  });
});

/** A Database without a cache of its own reads straight through (a transaction, a tool's connection). */
describe('attachPageCache', () => {
  it('gives each database its own cache', async () => {
    const t = await createTestApp();
    try {
      const fresh = {} as Database;
      expect(pageCacheOf(fresh)).toBeUndefined();
      const attached = attachPageCache(fresh, { entries: 1 });
      expect(pageCacheOf(fresh)).toBe(attached);
      expect(pageCacheOf(t.db)).not.toBe(attached);
    } finally {
      await t.close();
    }
  });
});
