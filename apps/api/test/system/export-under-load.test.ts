import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessRows } from '../support/access-log';

const onPostgres = process.env.TEST_DB === 'postgres';
/** Enough users that a users export takes seconds on PGlite (once: the whole process stalled for it). */
const userCount = 100_000;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/**
 * Exports of a large list, over a real socket: the process keeps answering while one runs (on PGlite, the
 * database runs in the server's own thread), at most the process's bound run at once (429 with Retry-After
 * beyond), and HEAD neither runs an export nor records one.
 */
describe('exports of a large list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    await t.db.execute(sql`insert into users (name, email, password_hash, role, created_at)
      select 'Export user ' || g, 'export-' || g || '@sehha.test', 'x', 'user', now() - g * interval '1 second'
      from generate_series(1, ${userCount}) as g`);
  }, 240_000);
  afterAll(() => t?.close());

  const exportUrl = `/api/admin/users/export?format=csv`;
  const exportsLogged = async () => (await accessRows(t)).filter((row) => row.kind === 'export').length;

  it(`keeps /api/health answering within a second (p99) while ${userCount.toLocaleString('en')} users are exported`, async () => {
    // The download is read by another process, as a browser would: it drains the socket as fast as the
    // server writes, so the server never waits on back-pressure (a client in this process would pause it).
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `fetch(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } })
          .then(async (r) => { let n = 0; for await (const c of r.body) n += c.length; console.log(JSON.stringify({ status: r.status, bytes: n })); })`,
        `${t.baseUrl}${exportUrl}`,
        t.adminToken,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    reader.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let done = false;
    const exited = once(reader, 'exit').finally(() => (done = true));
    const latencies: number[] = [];
    const started = Date.now();
    while (!done) {
      const sent = performance.now();
      expect((await t.call('/api/health', { token: null })).status).toBe(200);
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await exited;
    const { status, bytes } = JSON.parse(output) as { status: number; bytes: number };
    expect(status).toBe(200);
    expect(bytes).toBeGreaterThan(userCount * 40);
    const p99 = percentile(latencies, 0.99);
    console.info(
      `export of ${userCount} users: ${Date.now() - started} ms, ${bytes} bytes; /api/health ${latencies.length} answers, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );
    expect(latencies.length).toBeGreaterThan(5);
    expect(p99).toBeLessThanOrEqual(1000);
  }, 120_000);

  it('writes at most the bound at once: one more is a 429 with Retry-After, and the slots come back when downloads end or are cancelled', async () => {
    const bound = t.app.exportSlots.max;
    expect(bound).toBe(onPostgres ? 5 : 2);
    // The first download is not read: back-pressure keeps it open. The others wait behind it on PGlite.
    const first = await t.call(exportUrl);
    expect(first.status).toBe(200);
    const others = Array.from({ length: bound - 1 }, () => t.call(exportUrl));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await t.call(exportUrl, { headers: { 'accept-language': 'ar' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(((await refused.json()) as { message: string }).message).toBe('يجري إعداد تصديرات أخرى. حاول مرة أخرى بعد ١٠ ثوانٍ.');

    await first.body!.cancel();
    for (const other of await Promise.all(others)) {
      expect(other.status).toBe(200);
      await other.arrayBuffer();
    }
    const again = await t.call(`/api/admin/users/export?format=csv&search=export-7`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('export-7@sehha.test');
  }, 120_000);

  it('answers HEAD with the headers only: no export runs and none is logged', async () => {
    const before = await exportsLogged();
    const started = performance.now();
    const head = await t.call(exportUrl, { method: 'HEAD' });
    const took = performance.now() - started;
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(head.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(took).toBeLessThan(1000);
    expect(await exportsLogged()).toBe(before);
    // Still behind the admin guard and the query's validation.
    expect((await t.call(exportUrl, { method: 'HEAD', token: null })).status).toBe(401);
    expect((await t.call('/api/admin/users/export?format=pdf', { method: 'HEAD' })).status).toBe(422);
  });
});
