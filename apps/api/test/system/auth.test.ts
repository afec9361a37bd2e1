import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../src/app';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import { hashPassword } from '../../src/auth/password';
import { users, accessTokens } from '../../src/db/schema/accounts';
import { adminCredentials, createTestApp, type TestApp } from '../support/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginLimits: { maxPerAccountAndAddress: 3, maxPerAccount: 100, maxPerAddress: 100, windowMs: 60_000 } });
    const hash = await hashPassword('user-password-1');
    await t.db.insert(users).values([
      { name: 'Ordinary User', email: 'user@sehha.test', password_hash: hash, role: 'user' },
      { name: 'Doctor', email: 'doctor@sehha.test', password_hash: hash, role: 'doctor' },
    ]);
  });
  afterAll(() => t.close());

  it('logs an admin in with a random opaque token, stored only as a hash', async () => {
    const response = await t.login(adminCredentials.email.toUpperCase(), adminCredentials.password);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: { token: string; role: string; expires_at: string } };
    expect(body.message).toBe('You are logged in!');
    expect(body.data.role).toBe('admin');
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.data.expires_at)).toBeGreaterThan(Date.now());
    const stored = await t.db.select().from(accessTokens);
    expect(stored.some((row) => row.token_hash === body.data.token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('refuses wrong credentials with 422 on the email field', async () => {
    const response = await t.login(adminCredentials.email, 'wrong-password');
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors.email).toEqual(['These credentials do not match our records.']);
    expect(body.message).toBe('These credentials do not match our records.');
  });

  it('validates the login body', async () => {
    const response = await t.call('/api/auth/login', { method: 'POST', token: null, json: { email: 'not-an-email' } });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors.email).toEqual(['Enter a valid email address']);
    expect(body.errors.password).toEqual(['Password is required']);
  });

  it('answers 422 messages in Arabic when asked', async () => {
    const response = await t.call('/api/auth/login', { method: 'POST', token: null, json: {}, headers: { 'accept-language': 'ar' } });
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors.password).toEqual(['كلمة المرور مطلوبة']);
    expect(body.message).toContain('(وخطأ آخر)');
  });

  it('refuses accounts that are not admins', async () => {
    const response = await t.login('user@sehha.test', 'user-password-1');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Only admins can access the dashboard.' });
  });

  it('rate-limits failed logins per account and address', async () => {
    for (let i = 0; i < 3; i++) expect((await t.login('doctor@sehha.test', `wrong-${i}`)).status).toBe(422);
    const limited = await t.login('doctor@sehha.test', 'user-password-1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(/Too many login attempts/);
  });

  it('requires a valid admin token on every admin route', async () => {
    expect(await (await t.call('/api/admin/hospitalies/types', { token: null })).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await t.call('/api/admin/hospitalies/types', { token: 'made-up' })).status).toBe(401);
    expect((await t.call('/api/admin/no-such-route', { token: null })).status).toBe(401);
    expect((await t.call('/api//admin/hospitalies/types', { token: null })).status).toBe(401);
    expect((await t.call('/api/%61dmin/hospitalies/types', { token: null })).status).toBe(401);
    expect((await t.call('/api/admin/hospitalies/types')).status).toBe(200);
  });

  it('answers 401 on every admin route of the OpenAPI document without a token, and 403 for a non-admin token', async () => {
    const doc = (await (await t.call('/api/docs/json', { token: null })).json()) as { paths: Record<string, Record<string, unknown>> };
    const adminRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
      );
    expect(adminRoutes.length).toBeGreaterThan(50);
    for (const route of adminRoutes) {
      const response = await t.call(route.path, { method: route.method, token: null, json: route.method === 'GET' ? undefined : {} });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const [doctor] = await t.db.select().from(users).where(eq(users.email, 'doctor@sehha.test'));
    const { newToken, hashToken } = await import('../../src/auth/tokens');
    const token = newToken();
    await t.db
      .insert(accessTokens)
      .values({ user_id: doctor!.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expect((await t.call('/api/admin/users', { token })).status).toBe(403);
  });

  it('revokes the token on logout', async () => {
    const { data } = (await (await t.login(adminCredentials.email, adminCredentials.password)).json()) as { data: { token: string } };
    expect((await t.call('/api/auth/me', { token: data.token })).status).toBe(200);
    expect((await t.call('/api/auth/logout', { method: 'POST', token: data.token })).status).toBe(200);
    expect((await t.call('/api/auth/me', { token: data.token })).status).toBe(401);
    expect((await t.call('/api/admin/home/stats', { token: data.token })).status).toBe(401);
  });

  it('stops honouring tokens of a deactivated account and of an expired token', async () => {
    const { data } = (await (await t.login(adminCredentials.email, adminCredentials.password)).json()) as { data: { token: string } };
    await t.db.update(users).set({ is_active: false }).where(eq(users.email, adminCredentials.email));
    expect((await t.call('/api/admin/home/stats', { token: data.token })).status).toBe(401);
    await t.db.update(users).set({ is_active: true }).where(eq(users.email, adminCredentials.email));
    await t.db.update(accessTokens).set({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await t.call('/api/admin/home/stats', { token: data.token })).status).toBe(401);
  });
});

describe('login throttle (default limits: 5 per account and address, 100 per account, 30 per address)', () => {
  let t: TestApp;
  const password = 'a-long-and-uncommon-passphrase';
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['parallel', 'elsewhere', 'processes', 'parallel-processes', 'released']) {
      await upsertAdmin(t.db, `${name}@sehha.test`, password, name);
    }
  });
  afterAll(() => t.close());

  /** A login from a chosen client address (the server trusts no proxy, so this is the socket's address). */
  const loginFrom = (app: App, remoteAddress: string, email: string, pass: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: pass }, remoteAddress });
  const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode).sort((a, b) => a - b);

  it('checks at most 5 of 40 parallel wrong passwords for one account from one address, and answers the rest 429', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => t.login('parallel@sehha.test', `wrong-password-${i}`)));
    const evaluated = responses.filter((r) => r.status === 422);
    const limited = responses.filter((r) => r.status === 429);
    expect(evaluated).toHaveLength(5);
    expect(limited).toHaveLength(35);
    for (const response of evaluated) {
      expect(((await response.json()) as { message: string }).message).toBe('These credentials do not match our records.');
    }
    for (const response of limited) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /^Too many login attempts\. Please try again in \d+ seconds\.$/,
      );
    }
  });

  it('still lets the right password in from another address after 5 wrong ones from one address', async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom(t.app, '198.51.100.1', 'elsewhere@sehha.test', `wrong-${i}`)).statusCode).toBe(422);
    const limited = await loginFrom(t.app, '198.51.100.1', 'elsewhere@sehha.test', password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginFrom(t.app, '198.51.100.2', 'elsewhere@sehha.test', password)).statusCode).toBe(200);
  });

  it('shares the limit between two API processes on one database', async () => {
    const connection = await t.connectAgain();
    const other = await buildApp({ db: connection.db, storage: t.storage, signer: t.signer, config: { timeZone: 'Africa/Cairo' } });
    try {
      const apps = [t.app, other];
      const answers: number[] = [];
      for (let i = 0; i < 7; i++)
        answers.push((await loginFrom(apps[i % 2]!, '198.51.100.3', 'processes@sehha.test', `wrong-${i}`)).statusCode);
      expect(answers).toEqual([422, 422, 422, 422, 422, 429, 429]);

      const parallel = await Promise.all(
        Array.from({ length: 20 }, (_, i) => loginFrom(apps[i % 2]!, '198.51.100.4', 'parallel-processes@sehha.test', `wrong-${i}`)),
      );
      expect(statuses(parallel)).toEqual([...Array<number>(5).fill(422), ...Array<number>(15).fill(429)]);
    } finally {
      await other.close();
      await connection.close();
    }
  });

  it('releases the pair after the right password: 5 more tries, then 429', async () => {
    for (let i = 0; i < 4; i++) expect((await loginFrom(t.app, '198.51.100.5', 'released@sehha.test', `wrong-${i}`)).statusCode).toBe(422);
    expect((await loginFrom(t.app, '198.51.100.5', 'released@sehha.test', password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await loginFrom(t.app, '198.51.100.5', 'released@sehha.test', `wrong-${i}`)).statusCode).toBe(422);
    expect((await loginFrom(t.app, '198.51.100.5', 'released@sehha.test', password)).statusCode).toBe(429);
  });
});
