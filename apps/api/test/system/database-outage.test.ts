import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { FastifyLoggerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../../src/app';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import type { DatabaseHandle } from '../../src/db/connection';
import { commonMessages } from '../../src/i18n/messages';
import { LocalStorage } from '../../src/storage/storage';
import { createUrlSigner } from '../../src/storage/signed-urls';
import { adminToken, listening, spawnServer, type ServerProcess } from '../support/server-process';
import { createTestDatabase, serverDatabase } from '../support/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('database errors: 503 while unavailable, and logs without values', () => {
  let handle: DatabaseHandle;
  let app: App;
  let storageDir: string;
  let token: string;
  const logLines: string[] = [];
  const logs = () => logLines.join('');
  const secret = { name_en: 'Zebrafish Patient Secret', name_ar: 'مريض سري جدا', search: 'Quokka Search Secret' };

  beforeAll(async () => {
    handle = await createTestDatabase();
    storageDir = mkdtempSync(join(tmpdir(), 'sehha-storage-'));
    // The server's own logger options, writing into this test.
    const logger = { ...(loggerOptions('info') as FastifyLoggerOptions), stream: { write: (line: string) => void logLines.push(line) } };
    app = await buildApp({
      db: handle.db,
      storage: new LocalStorage(storageDir),
      signer: createUrlSigner('test-secret-test-secret-test-secret-00'),
      config: { timeZone: 'Africa/Cairo' },
      logger,
    });
    // Driver errors as node-postgres and Drizzle raise them when the server goes away, with a value in Drizzle's params.
    const lost = (cause: Error, code?: string) => {
      if (code) Object.assign(cause, { code });
      return new DrizzleQueryError('select "id" from "institution_types" where "name_en" = $1', [secret.name_en], cause);
    };
    const failures: Record<string, () => Error> = {
      terminated: () => lost(new Error('terminating connection due to administrator command'), '57P01'),
      unexpected: () => lost(new Error('Connection terminated unexpectedly')),
      refused: () => lost(new Error('connect ECONNREFUSED 127.0.0.1:5432'), 'ECONNREFUSED'),
      'pool-timeout': () => lost(new Error('timeout exceeded when trying to connect')),
      'class-08': () => lost(new Error('connection failure'), '08006'),
      'statement-timeout': () => lost(new Error('canceling statement due to statement timeout'), '57014'),
    };
    app.get('/test-only/failure/:kind', async (request) => {
      throw failures[(request.params as { kind: string }).kind]!();
    });
    await upsertAdmin(handle.db, 'admin@sehha.test', 'correct-horse-battery-staple', 'Test Admin');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@sehha.test', password: 'correct-horse-battery-staple' },
    });
    token = login.json<{ data: { token: string } }>().data.token;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('answers 503 {message} with Retry-After to connection-class errors and statement timeouts, in both languages', async () => {
    for (const kind of ['terminated', 'unexpected', 'refused', 'pool-timeout', 'class-08', 'statement-timeout']) {
      const expected = kind === 'statement-timeout' ? commonMessages.databaseTimeout : commonMessages.databaseUnavailable;
      for (const language of ['en', 'ar'] as const) {
        const response = await app.inject({ url: `/test-only/failure/${kind}`, headers: { 'accept-language': language } });
        expect(response.statusCode, kind).toBe(503);
        expect(response.headers['retry-after'], kind).toMatch(/^\d+$/);
        expect(response.json(), kind).toEqual({ message: expected[language] });
      }
    }
    expect(logs()).toContain('"code":"57P01"');
    expect(logs()).not.toContain(secret.name_en);
  });

  it('logs the SQLSTATE and table of a failed write, never the values of the body', async () => {
    // A trigger that fails with the inserted value in its message.
    await handle.db.execute(
      sql.raw(
        `create function refuse_type() returns trigger language plpgsql as $$ begin raise exception 'refused %', new.name_en; end $$`,
      ),
    );
    await handle.db.execute(
      sql.raw('create trigger refuse_type before insert on institution_types for each row execute function refuse_type()'),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/hospitalies/types/store',
      headers: { authorization: `Bearer ${token}` },
      payload: { name_ar: secret.name_ar, name_en: secret.name_en, medical_under_instituted: true },
    });
    expect(response.statusCode).toBe(500);
    const line = logLines.find((entry) => entry.includes('"P0001"'));
    expect(line, logs()).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: 50,
      msg: 'unhandled error',
      database: { code: 'P0001', errorClass: expect.stringContaining('DrizzleQueryError') },
    });
    expect(logs()).not.toContain(secret.name_en);
    expect(logs()).not.toContain(secret.name_ar);
    expect(logs()).not.toContain('refused ');
  });

  it('logs a failed search without its search term', async () => {
    await handle.db.execute(sql.raw('alter table institution_types rename column search to search_gone'));
    const response = await app.inject({
      url: `/api/admin/hospitalies/types?search=${encodeURIComponent(secret.search)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(500);
    expect(logs()).toContain('"code":"42703"');
    expect(logs().toLowerCase()).not.toContain(secret.search.toLowerCase());
  });
});

describe.runIf(onPostgres)('PostgreSQL connections dropped under load (real server process)', () => {
  let database: ReturnType<typeof serverDatabase> | undefined;
  let server: ServerProcess | undefined;
  let baseUrl: string;
  let token: string;
  let admin: pg.Client;

  beforeAll(async () => {
    database = serverDatabase('sehha_outage');
    await database.create();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    server = spawnServer({ DATABASE_URL: database.url, DB_POOL_MAX: '6', DB_STATEMENT_TIMEOUT_MS: '1000' });
    baseUrl = await listening(server);
    token = await adminToken(baseUrl);
  });
  afterAll(async () => {
    await server?.kill();
    await admin?.end();
    await database?.drop();
  });

  const list = async (language = 'en', perPage = 15) => {
    try {
      const response = await fetch(`${baseUrl}/api/admin/hospitalies/types?per_page=${perPage}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as { message?: string | undefined },
      };
    } catch (error) {
      return { status: 0, retryAfter: null, body: { message: String(error) } };
    }
  };
  const terminateBackends = async () =>
    (
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        database!.name,
      ])
    ).rowCount ?? 0;
  const answersAgain = async () => {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      if ((await list()).status === 200) return true;
      await sleep(100);
    }
    return false;
  };

  it('stays up under load when its backends are terminated: only 200 or 503, then 200 again within 5 s', async () => {
    const statuses: Record<number, number> = {};
    let running = true;
    const loop = async () => {
      while (running) {
        const { status } = await list();
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    const loops = Array.from({ length: 16 }, loop);
    await sleep(700);
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      terminated += await terminateBackends();
      await sleep(300);
    }
    running = false;
    await Promise.all(loops);

    expect(terminated).toBeGreaterThan(0);
    expect(server!.alive(), server!.stderr()).toBe(true);
    expect(
      Object.keys(statuses)
        .map(Number)
        .filter((status) => status !== 200 && status !== 503),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses[200]).toBeGreaterThan(0);
    expect(await answersAgain()).toBe(true);
  });

  it('answers 503 {message} with Retry-After while its backends are killed in a loop, in both languages', async () => {
    let killing = true;
    const killer = (async () => {
      while (killing) {
        await terminateBackends();
        await sleep(2);
      }
    })();
    const seen: Array<Awaited<ReturnType<typeof list>> & { language: 'en' | 'ar' }> = [];
    const deadline = Date.now() + 8000;
    while (
      Date.now() < deadline &&
      !(['en', 'ar'] as const).every((language) => seen.some((answer) => answer.language === language && answer.status === 503))
    ) {
      const language = seen.length % 2 === 0 ? 'en' : 'ar';
      seen.push({ ...(await list(language)), language });
    }
    killing = false;
    await killer;

    expect(server!.alive(), server!.stderr()).toBe(true);
    expect(seen.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    for (const language of ['en', 'ar'] as const) {
      const unavailable = seen.find((answer) => answer.language === language && answer.status === 503);
      expect(unavailable, `a 503 in ${language}`).toBeDefined();
      expect(unavailable!.body).toEqual({ message: commonMessages.databaseUnavailable[language] });
      expect(unavailable!.retryAfter).toMatch(/^\d+$/);
    }
    expect(await answersAgain()).toBe(true);
  });

  it('answers 503 when a statement outlasts DB_STATEMENT_TIMEOUT_MS, and never logs the values', async () => {
    const locker = new pg.Client({ connectionString: database!.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE institution_types IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      // A page never read before: the page cache has no copy of it, so its statement waits for the lock.
      const answer = await list('ar', 14);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: commonMessages.databaseTimeout.ar });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect(await answersAgain()).toBe(true);
    expect(server!.stdout() + server!.stderr()).toContain('"code":"57014"');
    expect(server!.stdout() + server!.stderr()).not.toContain('params');
  });
});

describe('start-up with a wrong database: one line naming the cause, exit code 1', () => {
  const startUp = async (env: Record<string, string>) => {
    const server = spawnServer(env);
    const code = await server.exited;
    return { code, stderr: server.stderr().trim() };
  };
  const expectOneLine = (result: { code: number | null; stderr: string }, cause: RegExp) => {
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.split('\n'), result.stderr).toHaveLength(1);
    expect(result.stderr).not.toContain('    at ');
    expect(result.stderr).toMatch(cause);
  };

  it.runIf(!onPostgres)(
    'names a refused connection, an unknown host and an invalid configuration',
    async () => {
      const [refused, unknownHost, badConfig] = await Promise.all([
        startUp({ DATABASE_URL: 'postgres://postgres:secret-pw@127.0.0.1:1/sehha' }),
        startUp({ DATABASE_URL: 'postgres://postgres@no-such-host.invalid:5432/sehha' }),
        startUp({ PORT: '70000', DB_POOL_MAX: 'none' }),
      ]);
      expectOneLine(refused, /connection refused/);
      expect(refused.stderr).not.toContain('secret-pw');
      expectOneLine(unknownHost, /unknown host "no-such-host\.invalid"/);
      expectOneLine(badConfig, /^Invalid configuration: .*PORT.*DB_POOL_MAX/);
    },
    50_000,
  );

  it.runIf(onPostgres)(
    'names a missing database, a failed authentication and a database that is not UTF-8',
    async () => {
      const ascii = serverDatabase('sehha_outage', { encoding: 'SQL_ASCII' });
      await ascii.create();
      try {
        const missing = new URL(process.env.TEST_DATABASE_URL!);
        missing.pathname = '/sehha_no_such_database';
        const stranger = new URL(process.env.TEST_DATABASE_URL!);
        stranger.username = 'sehha_no_such_role';
        stranger.password = 'wrong-password';
        const [noDatabase, noRole, notUtf8] = await Promise.all([
          startUp({ DATABASE_URL: missing.toString() }),
          startUp({ DATABASE_URL: stranger.toString() }),
          startUp({ DATABASE_URL: ascii.url }),
        ]);
        expectOneLine(noDatabase, /no database "sehha_no_such_database"/);
        expectOneLine(noRole, /authentication failed/);
        expect(noRole.stderr).not.toContain('wrong-password');
        expectOneLine(notUtf8, /LC_CTYPE is "C", not UTF-8/);
      } finally {
        await ascii.drop();
      }
    },
    50_000,
  );
});
