import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildApp, type App } from '../../src/app';
import type { Database } from '../../src/db/database';
import { attachPageCache, cachedRows } from '../../src/db/page-cache';
import { users } from '../../src/db/schema/accounts';
import { accessLogs } from '../../src/db/schema/privacy';
import { specialities } from '../../src/db/schema/catalogs';
import { appointments } from '../../src/db/schema/appointments';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeProvider } from '../support/providers';
import { cairoVisit } from '../support/visits';

type Answer = { status: number; body: string };

/**
 * List answers kept as bytes (http/kept-answer.ts): sent again only while every page they were built from is current,
 * never across URLs, origins, languages or readers (the key), never when the answer read anything else, and always logged.
 */
describe('kept answers', () => {
  let t: TestApp;
  /** The same database behind a page cache that does not verify (as in production), and an app on it. */
  let served: Database;
  let app: App;
  let probeRuns = 0;
  /** The probe's next run fails (an answer not to keep). */
  let probeFails = false;
  /** While set, the probe's runs wait for it once they have read their page (an answer being built). */
  let probeGate: Promise<void> | undefined;

  const get = async (url: string, headers: Record<string, string> = {}, on: App = app): Promise<Answer> => {
    const response = await on.inject({ url, headers: { authorization: `Bearer ${t.adminToken}`, ...headers } });
    return { status: response.statusCode, body: response.body };
  };
  const metric = async (name: string) => {
    const metrics = (await app.inject({ url: '/metrics' })).body;
    return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
  };
  const keptSent = () => metric('kept_answers_total');

  /** A route that keeps its answer but also answers how often it ran: a dependency its key does not hold. */
  const probe = (on: App, db: Database) =>
    on.get('/kept-probe', { config: { keptAnswer: true } }, async () => {
      const [first] = await cachedRows(db, ['kept-probe'], () => db.select({ id: specialities.id }).from(specialities).limit(1));
      const runs = ++probeRuns;
      await probeGate;
      if (probeFails) {
        probeFails = false;
        throw new Error('probe failed');
      }
      return { speciality: first?.id ?? null, runs };
    });

  beforeAll(async () => {
    t = await createTestApp();
    // A database object of its own (its prototype is the test's), so that it gets a page cache of its own.
    served = Object.create(t.db) as Database;
    attachPageCache(served, { entries: 64 });
    app = await buildApp({ db: served, storage: t.storage, signer: t.signer, config: { timeZone: 'Africa/Cairo' } });
    probe(app, served);
    for (let i = 0; i < 3; i++)
      await t.db.insert(users).values({ name: `Kept answer ${i}`, email: `kept-${i}@sehha.test`, role: 'user', password_hash: 'x' });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('sends the same bytes again while the pages are unchanged, and the new answer after a change', async () => {
    const first = await get('/api/admin/users');
    expect(first.status).toBe(200);
    const sent = await keptSent();
    expect(await get('/api/admin/users')).toEqual(first);
    expect(await keptSent()).toBe(sent + 1);

    const [newest] = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).orderBy(desc(users.id)).limit(1);
    await t.db.update(users).set({ name: 'Renamed while kept' }).where(eq(users.id, newest!.id));
    const after = await get('/api/admin/users');
    expect(after.body).toContain('Renamed while kept');
    expect(after.body).not.toBe(first.body);
    expect(await keptSent()).toBe(sent + 1);
    // And that answer is kept in turn.
    expect(await get('/api/admin/users')).toEqual(after);
    expect(await keptSent()).toBe(sent + 2);
  });

  it('keeps answers apart by URL, language and reader', async () => {
    const english = await get('/api/admin/appointments?per_page=5');
    await get('/api/admin/appointments?per_page=5');
    const sent = await keptSent();
    // Another query, another language: each is built, then kept on its own.
    const per6 = await get('/api/admin/appointments?per_page=6');
    const arabic = await get('/api/admin/appointments?per_page=5', { 'accept-language': 'ar' });
    expect(await keptSent()).toBe(sent);
    expect(per6.body).toContain('"per_page":6');
    expect(english.body).toContain('"per_page":5');
    expect(await get('/api/admin/appointments?per_page=5', { 'accept-language': 'ar' })).toEqual(arabic);
    expect(await get('/api/admin/appointments?per_page=5')).toEqual(english);
    expect(await keptSent()).toBe(sent + 2);
    // Without the reader's token there is no reader: refused before any answer, kept or not.
    expect((await get('/api/admin/appointments?per_page=5', { authorization: '' })).status).toBe(401);
    expect(await keptSent()).toBe(sent + 2);
  });

  it('never keeps an answer that read anything besides kept pages', async () => {
    // A page past the end asks for the total on its own (a count the cache does not keep).
    const past = await get('/api/admin/users?page=9999');
    expect(past.status).toBe(200);
    const sent = await keptSent();
    expect(await get('/api/admin/users?page=9999')).toEqual(past);
    expect(await keptSent()).toBe(sent);
    // An error is never kept either.
    expect((await get('/api/admin/users?page=0')).status).toBe(422);
    expect((await get('/api/admin/users?page=0')).status).toBe(422);
    expect(await keptSent()).toBe(sent);
  });

  it('writes an access-log row for every answer, kept or built', async () => {
    await app.accessLog.flush();
    const before = (await t.db.select({ id: accessLogs.id }).from(accessLogs)).length;
    await get('/api/admin/appointments?per_page=7');
    const sent = await keptSent();
    await get('/api/admin/appointments?per_page=7');
    expect(await keptSent()).toBe(sent + 1);
    await app.accessLog.flush();
    const rows = await t.db.select().from(accessLogs).orderBy(desc(accessLogs.id)).limit(2);
    expect((await t.db.select({ id: accessLogs.id }).from(accessLogs)).length).toBe(before + 2);
    expect(rows.map((row) => row.kind)).toEqual(['appointment_list', 'appointment_list']);
    expect(rows[0]!.actor_id).toBe(t.adminId);
  });

  it('skips the handler for a kept answer; a verifying cache builds it again and refuses one that differs', async () => {
    const first = await app.inject({ url: '/kept-probe' });
    expect(first.json()).toMatchObject({ runs: probeRuns });
    const runs = probeRuns;
    // Kept: the handler did not run, the first bytes came back.
    expect((await app.inject({ url: '/kept-probe' })).body).toBe(first.body);
    expect(probeRuns).toBe(runs);
    // A write to the table its page reads: built again.
    await t.db.insert(specialities).values({ name_en: 'Kept probe', name_ar: 'تجربة' });
    expect((await app.inject({ url: '/kept-probe' })).json()).toMatchObject({ runs: runs + 1 });

    // The test suites' cache verifies: the answer is built again and compared, and this one differs (its run count).
    const verifying = await buildApp({ db: t.db, storage: t.storage, signer: t.signer, config: { timeZone: 'Africa/Cairo' } });
    try {
      probe(verifying, t.db);
      expect((await verifying.inject({ url: '/kept-probe' })).statusCode).toBe(200);
      const again = await verifying.inject({ url: '/kept-probe' });
      expect(again.statusCode).toBe(500);
    } finally {
      await verifying.close();
    }
  });
  it('builds a changed answer once for the requests that found it changed in one version read', async () => {
    await app.inject({ url: '/kept-probe' });
    const parallel = () => Promise.all(Array.from({ length: 8 }, () => app.inject({ url: '/kept-probe' })));
    const change = (name: string) => t.db.insert(specialities).values({ name_en: name, name_ar: `تجربة ${name}` });

    await change('Kept probe joined');
    const [runs, joined, sent] = [probeRuns, await metric('kept_answers_joined_total'), await keptSent()];
    const answers = await parallel();
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    // The probe counts its runs in its answer: each build's bytes went to the requests that waited for it.
    const builds = probeRuns - runs;
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(builds);
    expect(builds).toBeLessThan(8);
    const shared = (await metric('kept_answers_joined_total')) - joined;
    expect(shared).toBeGreaterThan(0);
    expect(builds + shared + ((await keptSent()) - sent)).toBe(8);

    // A build that is not kept (it failed) leaves the requests that waited for it to build their own.
    await change('Kept probe failed');
    probeFails = true;
    const after = await parallel();
    expect(after.filter((answer) => answer.statusCode === 500)).toHaveLength(1);
    expect(after.filter((answer) => answer.statusCode === 200)).toHaveLength(7);
  });
  it('never shares a build with a request whose check read newer versions', async () => {
    await app.inject({ url: '/kept-probe' });
    const change = (name: string) => t.db.insert(specialities).values({ name_en: name, name_ar: `تجربة ${name}` });
    let open!: () => void;
    probeGate = new Promise((resolve) => (open = resolve));
    try {
      await change('Kept probe before');
      const runs = probeRuns;
      const first = app.inject({ url: '/kept-probe' });
      await expect.poll(() => probeRuns).toBe(runs + 1);
      // Committed while the first answer is being built: the next request's check sees it.
      await change('Kept probe after');
      const second = app.inject({ url: '/kept-probe' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      open();
      const [a, b] = await Promise.all([first, second]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.json()).toMatchObject({ runs: runs + 2 });
      expect(b.body).not.toBe(a.body);
    } finally {
      probeGate = undefined;
      open();
    }
  });
  it("keeps a search's answer across bookings it does not name, and builds it again after one it names", async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'approved' });
    const patient = async (name: string) =>
      (
        await t.db
          .insert(users)
          .values({ name, email: `${name.replace(/\s/g, '.')}@kept.test`, password_hash: 'x', role: 'user' })
          .returning({ id: users.id })
      )[0]!.id;
    const [named, unnamed] = [await patient('Keptzeta Named'), await patient('Someone Unnamed')];
    let hour = 8;
    const book = (user: number) =>
      t.db.insert(appointments).values({
        user_id: user,
        provider_id: doctor.id,
        ...cairoVisit(`2027-04-01 ${String(hour++).padStart(2, '0')}:00:00`),
        type: 'cash',
        status: 'booked',
      });
    await book(named);
    const url = '/api/admin/appointments?search=Keptzeta';
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body).data.total).toBe(1);
    const sent = await keptSent();
    // Another patient's booking changes the appointments' version, not the search's page: its bytes are sent again.
    await book(unnamed);
    expect(await get(url)).toEqual(first);
    expect(await keptSent()).toBe(sent + 1);
    // The named patient's next booking is in the next answer.
    await book(named);
    const after = await get(url);
    expect(JSON.parse(after.body).data.total).toBe(2);
    expect(await keptSent()).toBe(sent + 1);
  });
});
