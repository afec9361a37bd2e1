import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/auth/password';
import { users, accessTokens } from '../src/db/schema/accounts';
import { adminCredentials, createTestApp, type TestApp } from './support/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginLimits: { maxPerAccount: 3, maxPerAddress: 100, windowMs: 60_000 } });
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

  it('rate-limits failed logins per account', async () => {
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
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })));
    expect(adminRoutes.length).toBeGreaterThan(50);
    for (const route of adminRoutes) {
      const response = await t.call(route.path, { method: route.method, token: null, json: route.method === 'GET' ? undefined : {} });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const [doctor] = await t.db.select().from(users).where(eq(users.email, 'doctor@sehha.test'));
    const { newToken, hashToken } = await import('../src/auth/tokens');
    const token = newToken();
    await t.db.insert(accessTokens).values({ user_id: doctor!.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000).toISOString() });
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
