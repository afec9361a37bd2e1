import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseShare } from '../http/database-share';
import type { AppDeps } from '../app-deps';
import { bearerToken } from './auth-routes';
import type { AuthService, AuthenticatedAdmin } from './auth-service';
import { commonMessages, requestLanguage, translate } from '../i18n/messages';
import { HttpError } from '../http/errors';
import { roleAllows, type Permission } from '@sehha/contract/permissions';
import { routePermission } from '@sehha/contract/route-permissions';
import { securityMessages } from '@sehha/contract/security';

/** Every admin route lives under this prefix, and only the admin scope may register routes there. */
export const adminPrefix = '/api/admin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The admin behind the bearer token. Decorated only inside the admin scope, whose onRequest hook
     * sets it before any handler runs, so there it is never null; routes outside the scope do not
     * have it (and must not read it).
     */
    admin: AuthenticatedAdmin;
  }
  interface FastifyContextConfig {
    /** What the admin's role must allow to call this route: set by the admin scope from the contract's table. */
    permission?: Permission;
  }
}

/** The route of a contract path (`/api/admin/...`, as the dashboard calls it) inside the admin scope. */
export function adminRoute(contractPath: string): string {
  if (!contractPath.startsWith(`${adminPrefix}/`)) throw new Error(`${contractPath} is not an admin path`);
  return contractPath.slice(adminPrefix.length);
}

/** True for any spelling of a path under the admin prefix (case, doubled slashes). */
const looksAdmin = (url: string) => /^\/+api\/+admin(\/|$)/i.test(url);

const inAdminScope = (route: RouteOptions & { prefix?: string | undefined }) =>
  route.prefix === adminPrefix || (route.prefix ?? '').startsWith(`${adminPrefix}/`);

/**
 * Refuses, at start-up, any route that looks like an admin path but was registered outside the
 * admin scope: such a route would answer without the guard.
 */
export function refuseAdminRoutesOutsideScope(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (looksAdmin(route.url) && !inAdminScope(route)) {
      throw new Error(`${route.url} is under ${adminPrefix} but registered outside the admin scope`);
    }
  });
}

/** Methods whose route is also registered for POST by the method override: that POST is the same route. */
const spoofable = new Set(['PATCH', 'PUT', 'DELETE']);

/**
 * The permission an admin route declares in the contract's table (packages/contract/src/route-permissions.ts).
 * A route's methods are looked up one by one: an automatic HEAD stands for its GET, and the POST twin of
 * a PATCH/PUT/DELETE (Laravel's `_method`) for that method. Start-up fails on a route with no entry, or
 * whose methods disagree, so that no admin route can exist without saying who may call it.
 */
export function declaredPermission(route: Pick<RouteOptions, 'method' | 'url'>): Permission {
  const methods = [route.method].flat().map((method) => method.toUpperCase());
  const declared = methods
    .filter((method) => method !== 'POST' || !methods.some((other) => spoofable.has(other)))
    .map((method) => {
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      const permission = routePermission(key);
      if (!permission) throw new Error(`${key} has no permission in packages/contract/src/route-permissions.ts (adminRoutePermissions)`);
      return permission;
    });
  const [permission, ...others] = declared;
  if (!permission || others.some((other) => other !== permission)) {
    throw new Error(`${methods.join(', ')} ${route.url} must map to one permission in adminRoutePermissions`);
  }
  return permission;
}

export type AdminScopeOptions = {
  deps: AppDeps;
  auth: AuthService;
  modules: Array<FastifyPluginAsyncZod<AppDeps>>;
  /** The share of the database pool the admin's requests may hold at once (http/database-share.ts); none: no limit. */
  share?: DatabaseShare | undefined;
};

/**
 * The admin API: one encapsulated plugin, registered with the prefix `/api/admin`, whose onRequest
 * hook authenticates every request before routing reaches a handler. Authorization is a property of
 * where a route is registered, never of how its URL is spelled.
 */
export const adminScope: FastifyPluginAsyncZod<AdminScopeOptions> = async (app, { deps, auth, modules, share }) => {
  app.decorateRequest('admin', null as unknown as AuthenticatedAdmin);
  if (share) {
    // First of the hooks: signing in reads the database too. Released when the answer is sent, or the client gone.
    const releases = new WeakMap<object, () => void>();
    app.addHook('onRequest', async function takeDatabaseShare(request, reply) {
      const release = await share.take();
      releases.set(request, release);
      // A client gone while the request waited for its share: its answer will never be sent, nor onResponse run.
      if (request.raw.destroyed || reply.raw.destroyed) release();
      else reply.raw.once('close', release);
    });
    const release = async (request: FastifyRequest) => releases.get(request)?.();
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
  }
  app.addHook('onRequest', async function authenticateAdmin(request) {
    request.admin = await auth.authenticate(bearerToken(request));
    // Unknown paths have no route and no permission: they go on to the 404 below. Every route has one
    // (see declaredPermission); a missing one is refused, never let through.
    if (!request.is404 && !roleAllows(request.admin.adminRole, request.routeOptions.config.permission)) {
      throw new HttpError(403, commonMessages.roleForbidden);
    }
    // REQUIRE_2FA: an unenrolled super admin can reach only their own security and sessions (`self`).
    if (!request.is404 && request.admin.mustEnrolTwoFactor && request.routeOptions.config.permission !== 'self') {
      throw new HttpError(403, securityMessages.setupRequired);
    }
  });
  // Unknown paths under the prefix are answered after the same hook: 401 without a token, so the
  // admin API's shape is not probed anonymously.
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ message: translate(commonMessages.routeNotFound, requestLanguage(request)) });
  });
  // The OpenAPI document marks every admin operation as needing the bearer token.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
    route.config = { ...route.config, permission: declaredPermission(route) };
  });
  for (const module of modules) await app.register(module, deps);
};
