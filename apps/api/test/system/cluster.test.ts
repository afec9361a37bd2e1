import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/connection';
import { png } from '../support/files';
import { adminToken, listening, spawnServer, type ServerProcess } from '../support/server-process';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { onTestServer, serverDatabase } from '../support/test-database';
import { startSmsSink } from '../support/message-sinks';

const onPostgres = process.env.TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status of /api/ready once it is 200, or the last one when the time is up. */
async function readyWithin(baseUrl: string, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await fetch(`${baseUrl}/api/ready`)).status;
    if (status === 200) break;
    await sleep(100);
  }
  return status;
}

/**
 * The production shape on one machine: two real API processes (A and B) on one PostgreSQL
 * database and one S3-compatible bucket (s3rver), started together on an empty database.
 */
describe.runIf(onPostgres)('two API processes on one PostgreSQL database and one S3 bucket', () => {
  const database = serverDatabase('sehha_pair');
  const name = database.name;
  let s3: TestS3;
  let sms: Awaited<ReturnType<typeof startSmsSink>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let urlA: string;
  let urlB: string;
  let token: string;
  const sql = onTestServer;
  const authorized = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

  beforeAll(async () => {
    s3 = await startS3Server();
    sms = await startSmsSink();
    await database.create();
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      SEED_DEMO: 'true',
      DB_POOL_MAX: '5',
      ...{ SMS_DRIVER: 'http', SMS_HTTP_URL: sms.url, OUTBOX_INTERVAL_MS: '100' },
    };
    a = spawnServer(env);
    b = spawnServer(env);
    [urlA, urlB] = await Promise.all([listening(a, 120_000), listening(b, 120_000)]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await sql(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await database.drop();
    await s3?.close();
    await sms?.close();
  });

  it('1. both start on the empty database: both ready, migrations applied once, one first admin', async () => {
    // Ready soon after listening (its checks give up after 2 s each, which a loaded machine can reach once).
    for (const base of [urlA, urlB]) expect(await readyWithin(base, 10_000)).toBe(200);
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const [migrations] = await sql<{ total: string; distinct: string }>(
      'SELECT count(*) AS total, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations',
      name,
    );
    expect(Number(migrations!.total)).toBe(journal.entries.length);
    expect(Number(migrations!.distinct)).toBe(journal.entries.length);
    const [admins] = await sql<{ total: string }>("SELECT count(*) AS total FROM users WHERE role = 'admin'", name);
    expect(Number(admins!.total)).toBe(1);
    expect(`${a.stdout()}${b.stdout()}`.match(/Demo data seeded/g)).toHaveLength(1);
  });

  it('2. a token from a login on A works on B, and a logout on B revokes it on A', async () => {
    const session = await adminToken(urlA);
    expect((await fetch(`${urlB}/api/auth/me`, { headers: { authorization: `Bearer ${session}` } })).status).toBe(200);
    expect((await fetch(`${urlB}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session}` } })).status).toBe(200);
    expect((await fetch(`${urlA}/api/auth/me`, { headers: { authorization: `Bearer ${session}` } })).status).toBe(401);
    token = await adminToken(urlA);
  });

  it('3. a home ad uploaded through A is served through B; prescriptions are private on both, signed URLs work on both', async () => {
    const image = png(120, 40);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'banner.png');
    const created = await fetch(`${urlA}/api/admin/home-ads/store`, { method: 'POST', headers: authorized(), body: form });
    expect(created.status).toBe(201);
    const ad = ((await created.json()) as { data: { image: string; image_url: string } }).data;
    expect(await s3.keys()).toContain(ad.image);
    const served = await fetch(`${urlB}${ad.image_url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

    const prescriptions = (await (await fetch(`${urlA}/api/admin/prescription/index`, { headers: authorized() })).json()) as {
      data: { data: Array<{ image: string }> };
    };
    const signed = prescriptions.data.data.find((row) => row.image)!.image;
    const bare = signed.split('?')[0]!;
    expect(bare).toMatch(/^prescriptions\//);
    for (const base of [urlA, urlB]) {
      expect((await fetch(`${base}/storage/${bare}`)).status, base).toBe(403);
      const file = await fetch(`${base}/storage/${signed}`);
      expect(file.status, base).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('4. wrong passwords alternating between A and B reach the lockout after the same count as on one process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${i % 2 === 0 ? urlA : urlB}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody-here@sehha.test', password: 'wrong-password-123' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
  });

  it('4b. outbox rows are delivered once, by whichever process claims them first', async () => {
    // The demo data has its own (already delivered or failed) notices: count only the rows this test queues.
    const [{ first }] = (await sql<{ first: number }>(`SELECT coalesce(max(id), 0) + 1 AS first FROM outbox`, name)) as [{ first: number }];
    await sql(
      `INSERT INTO outbox (channel, recipient, body) SELECT 'sms', '+2010' || lpad(n::text, 8, '0'), 'message ' || n FROM generate_series(1, 60) n`,
      name,
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (await sql(`SELECT 1 FROM outbox WHERE status = 'pending'`, name)).length > 0) await sleep(100);
    const rows = await sql<{ status: string; attempts: number }>(`SELECT status, attempts FROM outbox WHERE id >= ${Number(first)}`, name);
    expect(rows).toHaveLength(60);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const keys = sms.received.map((text) => text.key);
    expect(keys).toHaveLength(60);
    expect(new Set(keys).size).toBe(60);
  });

  it('5. under 16 connections spread over A and B, A is SIGKILLed: B keeps answering; only requests in flight on A fail', async () => {
    const up = { A: true, B: true };
    const tally = { served: { A: 0, B: 0 }, failed: { A: 0, B: 0 }, servedByBAfterKill: 0, otherStatuses: [] as number[] };
    let killedAt = 0;
    let next = 0;
    const stopAt = Date.now() + 5000;
    const worker = async () => {
      while (Date.now() < stopAt) {
        // Round robin over the processes still up, as a load balancer with passive health checks does.
        const candidates = (['A', 'B'] as const).filter((p) => up[p]);
        const target = candidates[next++ % candidates.length]!;
        try {
          const response = await fetch(`${target === 'A' ? urlA : urlB}/api/admin/hospitalies/types?per_page=5`, { headers: authorized() });
          await response.arrayBuffer();
          if (response.status !== 200) tally.otherStatuses.push(response.status);
          else {
            tally.served[target]++;
            if (target === 'B' && killedAt) tally.servedByBAfterKill++;
          }
        } catch {
          tally.failed[target]++;
          if (target === 'A') up.A = false;
        }
      }
    };
    const killer = (async () => {
      await sleep(1500);
      killedAt = Date.now();
      a.child.kill('SIGKILL');
      await a.exited;
    })();
    await Promise.all([...Array.from({ length: 16 }, worker), killer]);
    console.log(
      `cluster load: served A=${tally.served.A} B=${tally.served.B} (B after the kill: ${tally.servedByBAfterKill}); failed A=${tally.failed.A} B=${tally.failed.B}`,
    );
    expect(tally.otherStatuses).toEqual([]);
    expect(tally.failed.B).toBe(0);
    expect(tally.failed.A).toBeGreaterThan(0);
    expect(tally.failed.A).toBeLessThanOrEqual(16);
    expect(tally.served.A).toBeGreaterThan(0);
    expect(tally.servedByBAfterKill).toBeGreaterThan(50);
  }, 30_000);

  it('6. /api/ready on B answers 503 while its database connections are cut, and 200 again within 5 s', async () => {
    await sql(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    const cut = await fetch(`${urlB}/api/ready`);
    expect(cut.status).toBe(503);
    const body = (await cut.json()) as { message: string; failing: string[] };
    expect(body.message).toEqual(expect.any(String));
    expect(body.failing).toContain('database');
    expect(body.failing).not.toContain('storage');
    expect((await fetch(`${urlB}/api/health`)).status).toBe(200);

    await sql(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    const restored = Date.now();
    const status = await readyWithin(urlB, 5000);
    console.log(`cluster recovery: /api/ready 200 again ${Date.now() - restored} ms after the database accepted connections`);
    expect(status).toBe(200);
    expect(b.alive()).toBe(true);
  }, 20_000);
});
