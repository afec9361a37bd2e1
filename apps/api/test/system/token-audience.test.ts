import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPrefix } from '@sehha/contract/app-paths';
import { createTestApp, type TestApp } from '../support/test-app';
import { signInApp, signInProvider } from '../support/app-accounts';

type Operation = { method: string; path: string };

/** Every operation the OpenAPI document lists under a prefix, with `1` for each path parameter. */
function operations(paths: Record<string, Record<string, unknown>>, prefixes: string[]): Operation[] {
  return Object.entries(paths)
    .filter(([path]) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
    );
}

/**
 * Admin and app tokens open their own API only: every documented route × every token kind. An app token is
 * refused (401) on every admin route, an admin token on every app route, public ones included.
 */
describe('token audiences', () => {
  let t: TestApp;
  let adminOperations: Operation[];
  let appOperations: Operation[];
  const tokens: Record<'patient' | 'doctor' | 'pharmacy', string> = { patient: '', doctor: '', pharmacy: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await (await t.call('/api/docs/json', { token: null })).json()) as { paths: Record<string, Record<string, unknown>> };
    adminOperations = operations(doc.paths, ['/api/admin', '/api/auth/me', '/api/auth/logout', '/api/auth/sessions']);
    appOperations = operations(doc.paths, [appPrefix]);
    tokens.patient = (await signInApp(t)).token;
    tokens.doctor = (await signInProvider(t, 'doctor')).token;
    tokens.pharmacy = (await signInProvider(t, 'pharmacy')).token;
  }, 120_000);
  afterAll(() => t.close());

  const send = (operation: Operation, token: string) =>
    t.call(operation.path, { method: operation.method, token, ...(operation.method === 'GET' ? {} : { json: {} }) });

  it('refuses every app token on every admin route', async () => {
    expect(adminOperations.length).toBeGreaterThan(80);
    for (const [kind, token] of Object.entries(tokens)) {
      for (const operation of adminOperations) {
        const response = await send(operation, token);
        expect(response.status, `${kind} ${operation.method} ${operation.path}`).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('refuses the admin token on every app route, public ones included', async () => {
    expect(appOperations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual(
      [
        'GET /api/v1/directory/cities/1/states',
        'GET /api/v1/directory/countries',
        'GET /api/v1/directory/countries/1/cities',
        'GET /api/v1/directory/doctors',
        'GET /api/v1/directory/doctors/1',
        'GET /api/v1/directory/home-ads',
        'GET /api/v1/directory/hospitals',
        'GET /api/v1/directory/hospitals/1',
        'GET /api/v1/directory/medical-centers',
        'GET /api/v1/directory/medical-centers/1',
        'GET /api/v1/directory/pharmacies',
        'GET /api/v1/directory/pharmacies/1',
        'GET /api/v1/directory/pharmacy-categories',
        'GET /api/v1/directory/specialities',
        'GET /api/v1/me',
        'PATCH /api/v1/me',
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/otp',
        'POST /api/v1/auth/verify',
        'POST /api/v1/me',
      ].sort(),
    );
    for (const operation of appOperations) {
      for (const token of [t.adminToken, 'not-a-token']) {
        const response = await send(operation, token);
        expect(response.status, `${operation.method} ${operation.path}`).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('opens the account routes to every kind of app account, and answers 401 without a token', async () => {
    for (const [kind, token] of Object.entries(tokens)) {
      const me = await t.call(`${appPrefix}/me`, { token });
      expect(me.status, kind).toBe(200);
      expect(((await me.json()) as { data: { role: string } }).data.role).toBe(kind === 'patient' ? 'user' : kind);
    }
    const anonymous = await t.call(`${appPrefix}/me`, { token: null, headers: { 'accept-language': 'ar' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers unknown app paths 404 with a message in the asked language', async () => {
    const response = await t.call(`${appPrefix}/no-such-route`, { token: null, headers: { 'accept-language': 'ar' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'المسار غير موجود.' });
  });
});
