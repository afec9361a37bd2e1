import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths, appPrefix } from '@sehha/contract/app-paths';
import { createTestApp, type TestApp } from '../support/test-app';
import { signInApp, signInProvider } from '../support/app-accounts';
import type { AppAudience } from '../../src/auth/app-scope';

type Operation = { method: string; path: string };

/** Every operation the OpenAPI document lists under a prefix, with `1` for each path parameter. */
function operations(paths: Record<string, Record<string, unknown>>, prefixes: string[]): Operation[] {
  return Object.entries(paths)
    .filter(([path]) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
    );
}

/** Every route of the app API as Fastify registered it, with `1` for each path parameter and its audience. */
type AppOperation = Operation & { audience: AppAudience | undefined };
function appOperationsOf(t: TestApp): AppOperation[] {
  const seen = new Set<string>();
  return t.app.appRouteTable().flatMap(({ methods, url, audience }) =>
    methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, path: url.replace(/:[^/]+/g, '1'), audience }))
      .filter((operation) => !seen.has(`${operation.method} ${operation.path}`) && seen.add(`${operation.method} ${operation.path}`)),
  );
}

const appKinds = ['patient', 'doctor', 'pharmacy', 'hospital', 'medical_center', 'company'] as const;
type AppKind = (typeof appKinds)[number];
const audienceName = (audience: AppAudience | undefined) =>
  audience === undefined ? 'none' : typeof audience === 'string' ? audience : `provider(${audience.provider.join(',')})`;

/**
 * Admin and app tokens open their own API only: every route × every token kind. An app token is refused (401)
 * on every admin route, an admin token (and a junk one) on every app route, public ones included. App routes
 * come from Fastify's route table with the audience of the scope that registered them: public routes take any
 * app token or none, account routes need one, provider routes answer their kinds only (403 for the others and
 * for patients). A route registered outside a known audience fails here.
 */
describe('token audiences', () => {
  let t: TestApp;
  let adminOperations: Operation[];
  let appOperations: AppOperation[];
  const accounts = {} as Record<AppKind, { token: string }>;
  /** Signing out revokes the token it is sent with: that route gets another account's token of the same kind. */
  const signingOut = {} as Record<AppKind, { token: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await (await t.call('/api/docs/json', { token: null })).json()) as { paths: Record<string, Record<string, unknown>> };
    adminOperations = operations(doc.paths, ['/api/admin', '/api/auth/me', '/api/auth/logout', '/api/auth/sessions']);
    appOperations = appOperationsOf(t);
    for (const kind of appKinds) {
      accounts[kind] = kind === 'patient' ? await signInApp(t) : await signInProvider(t, kind);
      signingOut[kind] = kind === 'patient' ? await signInApp(t) : await signInProvider(t, kind);
    }
  }, 120_000);
  afterAll(() => t.close());

  const send = (operation: Operation, token: string | null) =>
    t.call(operation.path, { method: operation.method, token, ...(operation.method === 'GET' ? {} : { json: {} }) });

  it('refuses every app token on every admin route', async () => {
    expect(adminOperations.length).toBeGreaterThan(80);
    for (const kind of appKinds) {
      for (const operation of adminOperations) {
        const response = await send(operation, accounts[kind].token);
        expect(response.status, `${kind} ${operation.method} ${operation.path}`).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('finds every app route in the route table, each with a known audience', () => {
    const listed = appOperations.map((operation) => `${operation.method} ${operation.path} ${audienceName(operation.audience)}`);
    // A floor, not a list: a new route is covered by the checks below without being named here.
    expect(listed.length).toBeGreaterThan(15);
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/otp public',
        'GET /api/v1/directory/doctors/1 public',
        'PATCH /api/v1/me account',
        'POST /api/v1/provider/change-requests provider(doctor,pharmacy,hospital,medical_center,company)',
      ]),
    );
    for (const operation of appOperations) expect(operation.audience, `${operation.method} ${operation.path}`).toBeDefined();
  });

  it('refuses the admin token and junk on every app route, public ones included', async () => {
    for (const operation of appOperations) {
      for (const token of [t.adminToken, 'not-a-token']) {
        const response = await send(operation, token);
        expect(response.status, `${operation.method} ${operation.path}`).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('answers each app route by its audience: no token, and every kind of app account', async () => {
    for (const operation of appOperations) {
      const { audience } = operation;
      const label = `${operation.method} ${operation.path} (${audienceName(audience)})`;
      const anonymous = await send(operation, null);
      if (audience === 'public') expect([401, 403], `anonymous ${label}`).not.toContain(anonymous.status);
      else {
        expect(anonymous.status, `anonymous ${label}`).toBe(401);
        expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });
      }
      for (const kind of appKinds) {
        const token = (operation.path === appPaths.logout ? signingOut : accounts)[kind].token;
        const response = await send(operation, token);
        const allowed = typeof audience === 'object' ? (audience.provider as string[]).includes(kind) : audience !== undefined;
        if (allowed) expect([401, 403], `${kind} ${label}`).not.toContain(response.status);
        else {
          expect(response.status, `${kind} ${label}`).toBe(403);
          expect(((await response.json()) as { message: string }).message).toBe('This is for provider accounts of another kind.');
        }
      }
    }
  });

  it('opens the account routes to every kind of app account, and answers 401 without a token', async () => {
    for (const kind of appKinds) {
      const me = await t.call(`${appPrefix}/me`, { token: accounts[kind].token });
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
