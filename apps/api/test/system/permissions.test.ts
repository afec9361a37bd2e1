import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoles, type AdminRole } from '@sehha/contract/status-codes';
import { roleAllows, type Permission } from '@sehha/contract/permissions';
import { adminRoutePermissions, routePermission } from '@sehha/contract/route-permissions';
import { buildApp } from '../../src/app';
import { adminModules } from '../../src/modules/admin-modules';
import type { AppDeps } from '../../src/app-deps';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeAdmin } from '../support/admins';

type Route = { method: string; path: string };

/**
 * Every admin operation the OpenAPI document lists (every route the scope registered), as its table key
 * `METHOD /api/admin/path/:param`. The POST twin of a PATCH/DELETE route (`_method`) is the same route,
 * listed under its own method.
 */
function documentedRoutes(paths: Record<string, Record<string, unknown>>): Route[] {
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) => {
      const methods = Object.keys(operations).map((method) => method.toUpperCase());
      const spoofed = methods.some((method) => method === 'PATCH' || method === 'PUT' || method === 'DELETE');
      return methods
        .filter((method) => method !== 'POST' || !spoofed)
        .map((method) => ({ method, path: path.replace(/\{(\w+)\}/g, ':$1') }));
    });
}

describe('the permission table', () => {
  let t: TestApp;
  let routes: Route[];
  const tokens = {} as Record<AdminRole, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await (await t.call('/api/docs/json', { token: null })).json()) as { paths: Record<string, Record<string, unknown>> };
    routes = documentedRoutes(doc.paths);
    tokens.super_admin = t.adminToken;
    tokens.reviewer = (await makeAdmin(t, 'reviewer')).token;
    tokens.viewer = (await makeAdmin(t, 'viewer')).token;
  }, 120_000);
  afterAll(() => t.close());

  it('has an entry for every admin route and none for a route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(80);
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key) => !routePermission(key))).toEqual([]);
    expect(Object.keys(adminRoutePermissions).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('gives the reviewer the three decisions and reads, the viewer reads only', () => {
    const allowed = (role: AdminRole) =>
      (
        [
          'providers.decide',
          'licenses.decide',
          'changeRequests.decide',
          'records.delete',
          'plans.manage',
          'admins.manage',
          'read',
        ] as Permission[]
      ).filter((p) => roleAllows(role, p));
    expect(allowed('super_admin')).toHaveLength(7);
    expect(allowed('reviewer')).toEqual(['providers.decide', 'licenses.decide', 'changeRequests.decide', 'read']);
    expect(allowed('viewer')).toEqual(['read']);
  });

  it('answers 403 {message} exactly where the table forbids, for every route and every role', async () => {
    const checked: string[] = [];
    for (const route of routes) {
      const permission = routePermission(`${route.method} ${route.path}`)!;
      // A record that does not exist and an empty body: past the guard, the answer is a 404 or a 422, never a change.
      const path = route.path.replace(/:entity/g, 'provider').replace(/:\w+/g, '999999');
      const forTwin = route.method === 'PATCH' || route.method === 'DELETE' ? [route.method, 'POST'] : [route.method];
      for (const method of forTwin) {
        for (const role of adminRoles) {
          const response = await t.call(path, {
            method,
            token: tokens[role],
            headers: { 'accept-language': 'en' },
            ...(method === 'GET' ? {} : { json: method === 'POST' && forTwin.length > 1 ? { _method: route.method } : {} }),
          });
          const label = `${role} ${method} ${path} (${permission})`;
          if (roleAllows(role, permission)) {
            // Past the guard: the route's own answer (200, 404 for the missing record, 422 for the empty body).
            expect([401, 403], label).not.toContain(response.status);
            expect(response.status, label).toBeLessThan(500);
          } else {
            expect(response.status, label).toBe(403);
            expect(await response.json(), label).toEqual({ message: 'Your role does not allow this action.' });
          }
          checked.push(label);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(routes.length * 3);
  }, 180_000); // About 500 requests: more than the default time on a busy machine.

  it('answers the refusal in Arabic, and a HEAD as its GET', async () => {
    const arabic = await t.call('/api/admin/admins', { token: tokens.viewer, headers: { 'accept-language': 'ar' } });
    expect(arabic.status).toBe(403);
    expect(await arabic.json()).toEqual({ message: 'صلاحيات دورك لا تسمح بهذا الإجراء.' });
    expect((await t.call('/api/admin/admins', { method: 'HEAD', token: tokens.viewer })).status).toBe(403);
    expect((await t.call('/api/admin/users', { method: 'HEAD', token: tokens.viewer })).status).toBe(200);
  });

  it('answers an unknown path 404 to every role', async () => {
    for (const role of adminRoles) expect((await t.call('/api/admin/no-such-route', { token: tokens[role] })).status).toBe(404);
  });

  it('refuses to start with an admin route that declares no permission', async () => {
    const undeclared: FastifyPluginAsyncZod<AppDeps> = async (app) => {
      app.get('/undeclared', () => ({}));
    };
    adminModules.push(undeclared);
    try {
      const build = async () => {
        const app = await buildApp({ db: t.db, storage: t.storage, signer: t.signer, config: { timeZone: 'Africa/Cairo' }, logger: false });
        await app.ready();
      };
      await expect(build()).rejects.toThrow('GET /api/admin/undeclared has no permission');
    } finally {
      adminModules.pop();
    }
  });
});
