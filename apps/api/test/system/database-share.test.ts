import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '@sehha/contract/app-paths';
import { DatabaseShare } from '../../src/http/database-share';
import { HttpError } from '../../src/http/errors';
import { adminToken, listening, spawnServer, type ServerProcess } from '../support/server-process';
import { serverDatabase } from '../support/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';

describe('a share of the database pool', () => {
  it('gives a released share to the longest waiting request, and refuses one that waits too long', async () => {
    const share = new DatabaseShare(1, 100);
    const first = await share.take();
    const order: string[] = [];
    const second = share.take().then((release) => (order.push('second'), release));
    const third = share.take().then((release) => (order.push('third'), release));
    expect(share.waiting).toBe(2);
    first();
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(share.taken).toBe(0);

    const held = await share.take();
    const refused = await share.take().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect(share.waiting).toBe(0);
    held();
    expect(share.taken).toBe(0);
  });
});

/**
 * A real API process with a pool of 3 (the admin's share 2, its default): admin requests stuck in the database
 * hold at most two connections, and a patient's request still finds the third.
 */
describe.runIf(onPostgres)("the admin's requests cannot take the patients' connections", () => {
  const database = serverDatabase('sehha_share');
  let server: ServerProcess;
  let url: string;
  let token: string;

  beforeAll(async () => {
    await database.create();
    server = spawnServer({ DATABASE_URL: database.url, SEED_DEMO: 'false', DB_POOL_MAX: '3' });
    url = await listening(server, 120_000);
    token = await adminToken(url);
  }, 150_000);
  afterAll(async () => {
    await server?.kill();
    await database.drop();
  });

  /**
   * Runs `during` while another session holds the sign-in tokens locked, so that every admin request holding a
   * connection waits in the database; commits after it, and gives back what it returned.
   */
  async function whileTokensLocked<T>(during: (locker: pg.Client) => Promise<T>): Promise<T> {
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table access_tokens in access exclusive mode');
      const result = await during(locker);
      await locker.query('commit');
      return result;
    } finally {
      await locker.end();
    }
  }
  const adminList = (signal: AbortSignal | null = null) =>
    fetch(`${url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` }, signal }).then((response) => response.status);

  it('answers a public request while six admin requests wait on a locked table', async () => {
    const admin = await whileTokensLocked(async (locker) => {
      const admin = Array.from({ length: 6 }, () => adminList());
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const patient = await fetch(`${url}${appPaths.specialities}`);
      expect(patient.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      const [{ waiting }] = (
        await locker.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        )
      ).rows as [{ waiting: number }];
      expect(waiting).toBe(2);
      return admin;
    });
    expect(await Promise.all(admin)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('gets back the shares of admins who gave up waiting', async () => {
    await whileTokensLocked(async () => {
      const gaveUp = new AbortController();
      const admin = Array.from({ length: 8 }, () => adminList(gaveUp.signal).catch(() => 'gone'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      gaveUp.abort();
      expect(await Promise.all(admin)).toEqual(Array(8).fill('gone'));
    });
    // Both shares free again: three admins at once are answered at once, none after waiting for a share.
    const started = Date.now();
    expect(await Promise.all(Array.from({ length: 3 }, () => adminList()))).toEqual([200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
