import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyLoggerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App, type AppOptions } from '../../src/app';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import type { Database } from '../../src/db/database';
import { closingMessages } from '../../src/operations/closing';
import { healthMessages } from '../../src/operations/health-routes';
import { LocalStorage, type Storage } from '../../src/storage/storage';
import { createUrlSigner } from '../../src/storage/signed-urls';
import { createTestDatabase, type TestDatabaseHandle } from '../support/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const admin = { email: 'admin@sehha.test', password: 'correct-horse-battery-staple' };
const metricsToken = 'metrics-token-for-the-test-0123';

/** The sample lines of one metric whose labels include all of `labels` (in any order). */
function samples(text: string, name: string, labels: Record<string, string> = {}): number[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
}

describe('operations: health, readiness, metrics, request ids, closing', () => {
  let handle: TestDatabaseHandle;
  let storageDir: string;
  const apps: App[] = [];
  const logLines: string[] = [];

  /** An app over this file's database, with the server's logger options writing into logLines. */
  const build = async (options: Partial<AppOptions> = {}) => {
    const app = await buildApp({
      db: handle.db,
      storage: new LocalStorage(storageDir),
      signer: createUrlSigner('test-secret-test-secret-test-secret-00'),
      config: { timeZone: 'Africa/Cairo' },
      logger: { ...(loggerOptions('info') as FastifyLoggerOptions), stream: { write: (line: string) => void logLines.push(line) } },
      ...options,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    storageDir = mkdtempSync(join(tmpdir(), 'sehha-operations-'));
    await upsertAdmin(handle.db, admin.email, admin.password, 'Test Admin');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('answers /api/health and /api/ready without a token, with a status and nothing else', async () => {
    const app = await build();
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while the storage cannot take writes: 503 {message, failing} in both languages', async () => {
    const notAFolder = join(storageDir, 'a-file-not-a-folder');
    writeFileSync(notAFolder, 'x');
    const app = await build({ storage: new LocalStorage(notAFolder) });
    for (const language of ['en', 'ar'] as const) {
      const response = await app.inject({ url: '/api/ready', headers: { 'accept-language': language } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: healthMessages.notReady[language], failing: ['storage'] });
    }
    // A storage without ping() (the interface makes it optional) is probed with exists().
    const unreachable: Storage = {
      put: async () => undefined,
      read: async () => null,
      remove: async () => undefined,
      exists: async () => {
        throw new Error('bucket unreachable');
      },
    };
    const probed = await build({ storage: unreachable });
    expect((await probed.inject({ url: '/api/ready' })).json()).toMatchObject({ failing: ['storage'] });
    expect(logLines.join('')).toContain('"storage":"bucket unreachable"');
  });

  it('is not ready while the database holds a migration this build does not ship', async () => {
    const app = await build();
    await handle.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', 9999999999999)`);
    try {
      const response = await app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ failing: ['migrations'] });
    } finally {
      await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-build'`);
    }
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers within the check timeout when the database does not answer', async () => {
    const silent = { execute: () => new Promise(() => undefined) } as unknown as Database;
    const app = await build({ db: silent });
    const started = Date.now();
    const response = await app.inject({ url: '/api/ready' });
    expect(Date.now() - started).toBeLessThan(3500);
    expect(response.statusCode).toBe(503);
    expect(response.json<{ failing: string[] }>().failing.sort()).toEqual(['database', 'migrations']);
    // Liveness does not depend on the database.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('serves Prometheus metrics by route pattern (never the URL), requests in flight, pool and process metrics', async () => {
    const app = await build({ poolStats: handle.poolStats });
    let release = () => undefined as void;
    app.get('/test-only/held', () => new Promise((resolve) => (release = () => resolve({ ok: true }))));
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/admin/hospitalies/types?search=QuokkaSecretTerm' });
    await app.inject({ url: '/api/no-such-path-zebrafish' });
    const held = app.inject({ url: '/test-only/held' });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const during = await app.inject({ url: '/metrics' });
    expect(during.statusCode).toBe(200);
    expect(during.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // The held request and this scrape.
    expect(samples(during.body, 'http_requests_in_flight')).toEqual([2]);
    release();
    await held;

    const text = (await app.inject({ url: '/metrics' })).body;
    expect(samples(text, 'http_requests_in_flight')).toEqual([1]);
    expect(samples(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toEqual([1]);
    expect(samples(text, 'http_request_duration_seconds_count', { route: '/api/admin/hospitalies/types', status_code: '401' })).toEqual([
      1,
    ]);
    expect(samples(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toEqual([1]);
    expect(samples(text, 'http_request_duration_seconds_count', { route: '/test-only/held', status_code: '200' })).toEqual([1]);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health",status_code="200"}');
    expect(text).not.toContain('QuokkaSecretTerm');
    expect(text).not.toContain('zebrafish');
    for (const outcome of ['stored', 'rejected', 'failed']) expect(samples(text, 'uploads_total', { outcome })).toEqual([0]);
    expect(samples(text, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(samples(text, 'nodejs_heap_size_used_bytes')).toHaveLength(1);
    // node-postgres pool gauges; PGlite has no pool.
    if (onPostgres) {
      expect(samples(text, 'db_pool_size')[0]).toBeGreaterThanOrEqual(1);
      expect(samples(text, 'db_pool_idle')).toHaveLength(1);
      expect(samples(text, 'db_pool_waiting')).toEqual([0]);
    } else {
      expect(text).not.toContain('db_pool_size');
    }
  });

  it('counts login failures and lockouts in the registry of its own app', async () => {
    const limits = { maxPerAccountAndAddress: 2, maxPerAccount: 100, maxPerAddress: 100, windowMs: 60_000 };
    const [app, other] = await Promise.all([build({ loginLimits: limits }), build({ loginLimits: limits })]);
    const wrong = () =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@sehha.test', password: 'wrong-password-123' } });
    expect((await wrong()).statusCode).toBe(422);
    expect((await wrong()).statusCode).toBe(422);
    expect((await wrong()).statusCode).toBe(429);
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(samples(text, 'login_failures_total')).toEqual([2]);
    expect(samples(text, 'login_lockouts_total')).toEqual([1]);
    const otherText = (await other.inject({ url: '/metrics' })).body;
    expect(samples(otherText, 'login_failures_total')).toEqual([0]);
    expect(samples(otherText, 'login_lockouts_total')).toEqual([0]);
  });

  it('keeps /metrics behind METRICS_TOKEN when it is set', async () => {
    const app = await build({ metricsToken });
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${metricsToken}x`, metricsToken]) {
      const response = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const allowed = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_request_duration_seconds');
  });

  it('gives every request an id: in X-Request-Id and in each of its log lines; a proxy’s sane id is kept only behind TRUST_PROXY', async () => {
    const [direct, proxied] = await Promise.all([build(), build({ trustProxy: 1 })]);
    const idOf = async (app: App, given?: string) =>
      (await app.inject({ url: '/api/health', headers: given === undefined ? {} : { 'x-request-id': given } })).headers[
        'x-request-id'
      ] as string;

    const generated = await idOf(direct);
    expect(generated).toMatch(uuid);
    const lines = logLines
      .filter((line) => line.includes(generated))
      .map((line) => JSON.parse(line) as { request_id: string; msg: string });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of lines) expect(line.request_id).toBe(generated);

    // Straight from a client, an id is never taken.
    expect(await idOf(direct, 'chosen-by-the-client')).toMatch(uuid);
    // From a trusted proxy, a sane one is kept; anything else is replaced.
    expect(await idOf(proxied, 'edge-7f3a:1.B_c')).toBe('edge-7f3a:1.B_c');
    for (const insane of ['a'.repeat(129), 'has space', '<script>', 'semi;colon', ''])
      expect(await idOf(proxied, insane), insane).toMatch(uuid);
    expect(await idOf(proxied, 'x'.repeat(128))).toBe('x'.repeat(128));
    // Errors carry it too.
    const missing = await proxied.inject({ url: '/api/no-such-path', headers: { 'x-request-id': 'trace-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('trace-404');
  });

  it('answers requests that arrive while it closes with 503 {message} in the request’s language', async () => {
    const app = await build();
    let release = () => undefined as void;
    let arrived = () => undefined as void;
    const heldArrived = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/test-only/held', () => new Promise((resolve) => ((release = () => resolve({ ok: true })), arrived())));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    await once(socket, 'connect');
    const socketClosed = once(socket, 'close');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /test-only/held HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await heldArrived;
    const closed = app.close();
    // Pipelined behind the held request, so it arrives once the app is closing (not ended: a half-closed
    // connection has its requests aborted). The 503 says Connection: close, so the server then closes it.
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ar\r\nX-Request-Id: ignored\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await socketClosed;
    await closed;
    const [finished, refused] = received.split(/(?=HTTP\/1\.1 )/);
    expect(finished).toMatch(/^HTTP\/1\.1 200 /);
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/\r\nconnection: close\r\n/i);
    expect(refused).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
    const body = JSON.parse(refused!.slice(refused!.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ message: closingMessages.shuttingDown.ar });
  });
});
