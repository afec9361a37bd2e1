import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, type TestApp } from '../support/test-app';
import { rawRequest } from '../support/raw-http';

type Route = { method: string; path: string };

/** Every spelling of one request target that a client can put on the wire for the same path. */
function spellings(path: string, port: string): string[] {
  const rest = path.slice('/api/admin'.length);
  return [
    path,
    `http://x${path}`,
    `HTTP://X${path}`,
    `http://x:${port}${path}`,
    `https://x:443${path}`,
    `http://x/${path}`,
    `http://x//api//admin${rest}`,
    `//api/admin${rest}`,
    `/api//admin/${rest}`,
    `/api%2Fadmin${rest}`,
    `/api%2fadmin%2F${rest.slice(1)}`,
    `/%61pi/%61dmin${rest}`,
  ];
}

/** Routes with their full path and hook names, read from Fastify's own route tree. */
function registeredRoutes(tree: string): Array<Route & { onRequest: string[] }> {
  const routes: Array<Route & { onRequest: string[] }> = [];
  const segments: string[] = [];
  let node: Array<Route & { onRequest: string[] }> = [];
  for (const line of tree.split('\n')) {
    const start = line.search(/[^│├└─ ]/u);
    if (start < 0) continue;
    const text = line.slice(start);
    const hooks = /^• \(onRequest\) (\[.*\])$/.exec(text);
    if (hooks) {
      for (const route of node) route.onRequest = JSON.parse(hooks[1]!) as string[];
      continue;
    }
    if (text.startsWith('•')) continue;
    const depth = start / 4;
    const [, segment = '', methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(text)!;
    segments.length = depth;
    segments[depth - 1] = segment;
    node = (methods?.split(', ') ?? []).map((method) => ({ method, path: segments.join(''), onRequest: [] }));
    routes.push(...node);
  }
  return routes;
}

describe('the admin guard', () => {
  let t: TestApp;
  let documented: Route[];
  beforeAll(async () => {
    // A real socket: the request targets are written byte for byte (rawRequest), past fetch's normalisation.
    t = await createTestApp({ listen: true });
    const doc = (await (await t.call('/api/docs/json', { token: null })).json()) as { paths: Record<string, Record<string, unknown>> };
    documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
      );
  });
  afterAll(() => t.close());

  it('answers 401 to every admin operation without a token, however its target is spelled', async () => {
    expect(documented.length).toBeGreaterThan(60);
    const { port } = new URL(t.baseUrl);
    for (const route of documented) {
      for (const target of spellings(route.path, port)) {
        const response = await rawRequest(t.baseUrl, { method: route.method, target, body: route.method === 'GET' ? undefined : '{}' });
        expect(response.status, `${route.method} ${target}`).toBe(401);
        expect(JSON.parse(response.body), `${route.method} ${target}`).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });

  it('answers a spoofed POST (_method) and a query string the same way', async () => {
    const response = await rawRequest(t.baseUrl, {
      method: 'POST',
      target: 'http://x/api/admin/hospitalies/types/delete/1?_method=DELETE',
      body: '{"_method":"DELETE"}',
    });
    expect(response.status).toBe(401);
    const users = await rawRequest(t.baseUrl, { method: 'GET', target: 'http://x/api/admin/users?per_page=1' });
    expect(users.status).toBe(401);
    expect(users.body).not.toContain('email');
  });

  it('routes an absolute-form target with a token to the same admin route', async () => {
    const response = await rawRequest(t.baseUrl, {
      method: 'GET',
      target: 'HTTP://X:1//api/admin/hospitalies/types?per_page=1',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ data: { per_page: 1 } });
  });

  it('answers unknown admin paths 401 without a token and 404 with one', async () => {
    expect((await rawRequest(t.baseUrl, { method: 'GET', target: 'http://x/api/admin/no-such-route' })).status).toBe(401);
    expect((await t.call('/api/admin/no-such-route')).status).toBe(404);
  });

  it('answers a bad percent-escape with 400 and a message', async () => {
    for (const target of ['/api/admin/users%', '/api/admin/users%zz', '/storage/%E0%A4%A']) {
      const response = await rawRequest(t.baseUrl, { method: 'GET', target });
      expect(response.status, target).toBe(400);
      expect(Object.keys(JSON.parse(response.body) as object), target).toEqual(['message']);
    }
  });

  it('answers a request line or header Node cannot parse with 400 and a message', async () => {
    for (const request of [
      { method: 'GET', target: '/api/admin/users?x=\u0000' },
      { method: 'GET', target: '/api/health', headers: { 'x-bad': 'a\u0000b' } },
    ]) {
      const response = await rawRequest(t.baseUrl, request);
      expect(response.status, request.target).toBe(400);
      expect(JSON.parse(response.body), request.target).toEqual({ message: expect.any(String) });
    }
  });

  it('has the guard on every route registered under /api/admin, documented or hidden', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false, includeHooks: true }));
    const admin = routes.filter((route) => route.path.toLowerCase().startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThanOrEqual(documented.length);
    for (const route of admin) expect(route.onRequest, `${route.method} ${route.path}`).toContain('authenticateAdmin()');
    // …and nothing outside the admin prefix carries it by accident (the public routes stay public).
    expect(
      routes.filter((route) => !route.path.startsWith('/api/admin')).every((route) => !route.onRequest.includes('authenticateAdmin()')),
    ).toBe(true);
  });

  it('refuses to start with an admin-looking route registered outside the admin scope', async () => {
    for (const path of ['/api/admin/sneaky', '/API/Admin/sneaky', '//api//admin/sneaky', '/api/admin']) {
      const app = await buildApp({ db: t.db, storage: t.storage, signer: t.signer, config: { timeZone: 'Africa/Cairo' } });
      expect(() => app.get(path, async () => ({ leaked: true })), path).toThrow(/outside the admin scope/);
      await app.close();
    }
  });
});
