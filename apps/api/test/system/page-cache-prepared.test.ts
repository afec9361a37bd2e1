import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { buildApp } from '../../src/app';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection';
import { queryRows, type Database } from '../../src/db/database';
import { attachPageCache, preparedName } from '../../src/db/page-cache';
import { licenses } from '../../src/db/schema/providers';
import { makeProvider, type MadeProvider } from '../support/providers';
import { createTestApp, type TestApp } from '../support/test-app';

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * The directory's profiles and facility search run as named statements (page-cache.ts `prepared`), with the
 * page cache off as with it on: each text gets one name, whatever its parameters, and a new connection
 * prepares it again.
 */
describe('named statements of the page cache', () => {
  let t: TestApp;
  /** The app on a pool of one connection, the page cache off: every request reaches the database there. */
  let one: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const pharmacies: MadeProvider[] = [];

  const visible = async (kind: 'doctor' | 'pharmacy', name_en: string) => {
    const provider = await makeProvider(t.db, kind, { status: 'approved', name_en });
    await t.db.insert(licenses).values({
      provider_id: provider.id,
      number: `L-${provider.id}`,
      path: 'licenses/x.pdf',
      original_name: 'x.pdf',
      mime_type: 'application/pdf',
      expires_on: '2999-12-31',
      status: 'approved',
    });
    return provider;
  };
  const get = async (path: string) => {
    const response = await app.inject({ url: path });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id?: number; name_en?: string; data?: Array<{ id: number }> } }>().data;
  };
  /** The names of the statements prepared on the pool's one connection. */
  const named = async (db: Database) =>
    (await queryRows<{ name: string }>(db, sql`select name from pg_prepared_statements where name like 'sehha_page_%' order by name`)).map(
      (row) => row.name,
    );

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['Prepared Pharmacy One', 'Prepared Pharmacy Two']) pharmacies.push(await visible('pharmacy', name));
    if (onPostgres) {
      const [database] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${database!.name}`;
      one = await openDatabase({
        databaseUrl: url.toString(),
        poolMax: 1,
        pageCacheEntries: 0,
        pageCacheVerify: true,
        warn: () => undefined,
      });
    } else {
      // One embedded database per process: the same one, its page cache off for this file.
      one = { ...(await t.connectAgain()), close: async () => {} };
      attachPageCache(one.db, { entries: 0, verify: true });
    }
    app = await buildApp({ db: one.db, storage: t.storage, signer: t.signer, config: { timeZone: 'Africa/Cairo' } });
  });
  afterAll(async () => {
    await app.close();
    await one.close();
    await t.close();
  });

  it('names a statement by its text alone: one text one name, two texts two names, within PostgreSQL’s 63 bytes', () => {
    const text = 'select 1 where $1::int > 0';
    expect(preparedName(text)).toBe(preparedName(text));
    expect(preparedName(text)).not.toBe(preparedName(`${text} `));
    expect(preparedName(text)).toMatch(/^sehha_page_[0-9a-f]{40}$/);
    expect(preparedName(text).length).toBeLessThanOrEqual(63);
  });

  it('answers the profiles and the search with the cache off through one named statement per text', async () => {
    const [first, second] = pharmacies as [MadeProvider, MadeProvider];
    expect((await get(appPaths.pharmacy(String(first.id)))).name_en).toBe(first.name_en);
    expect((await get(appPaths.pharmacy(String(second.id)))).name_en).toBe(second.name_en);
    const searched = await get(`${appPaths.pharmacies}?search=prepared`);
    expect(searched.data!.map((row) => row.id)).toEqual([second.id, first.id]);
    expect((await get(`${appPaths.pharmacies}?search=two`)).data!.map((row) => row.id)).toEqual([second.id]);
    const doctor = await visible('doctor', 'Prepared Doctor');
    expect((await get(appPaths.doctor(String(doctor.id)))).name_en).toBe(doctor.name_en);
    expect((await get(`${appPaths.doctors}?search=prepared`)).data!.map((row) => row.id)).toEqual([doctor.id]);
    expect((await get(`${appPaths.doctors}?search=doctor`)).data!.map((row) => row.id)).toEqual([doctor.id]);
    // Not named: a term of two letters, whose best plan depends on it (doctors-repository.ts).
    expect((await get(`${appPaths.doctors}?search=pr`)).data!.map((row) => row.id)).toEqual([doctor.id]);
    if (!onPostgres) return;
    // Two pharmacies' profiles, two terms: one statement each; the doctor's profile and the doctors' search two more.
    expect(await named(one.db)).toHaveLength(4);
  });

  it('prepares its statements again on a new connection after the old one was cut', async () => {
    if (!onPostgres) return; // an embedded database has no connection to lose
    const [first] = pharmacies as [MadeProvider];
    await get(appPaths.pharmacy(String(first.id)));
    const before = await named(one.db);
    const [backend] = await queryRows<{ pid: number }>(one.db, sql`select pg_backend_pid() as pid`);
    await queryRows(t.db, sql`select pg_terminate_backend(${backend!.pid})`);
    // The pool drops the dead connection once it hears of it, and opens a new one on the next query.
    await expect.poll(async () => (await app.inject({ url: appPaths.pharmacy(String(first.id)) })).statusCode).toBe(200);
    expect((await get(appPaths.pharmacy(String(first.id)))).name_en).toBe(first.name_en);
    const [after] = await queryRows<{ pid: number }>(one.db, sql`select pg_backend_pid() as pid`);
    expect(after!.pid).not.toBe(backend!.pid);
    // The new connection holds the one statement asked for since, under the name it had before.
    const now = await named(one.db);
    expect(now).toHaveLength(1);
    expect(before).toContain(now[0]);
  });
});
