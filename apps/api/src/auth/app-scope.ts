import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appAccountMessages } from '@sehha/contract/app-accounts';
import { appPrefix } from '@sehha/contract/app-paths';
import type { ProviderKind } from '@sehha/contract/status-codes';
import type { AppDeps } from '../app-deps';
import { HttpError } from '../http/errors';
import { commonMessages, requestLanguage, translate } from '../i18n/messages';
import type { AppAccount, AppAuthenticator } from './app-auth';
import { bearerToken } from './auth-routes';

export { appPrefix };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The app account behind the bearer token. Decorated only inside the app's account scope, whose
     * onRequest hook sets it before any handler runs: there it is never null; elsewhere it does not exist.
     */
    account: AppAccount;
  }
}

type AppModule = FastifyPluginAsyncZod<AppDeps>;

/** The app API's modules by who may call them (modules/app-modules.ts). */
export type AppModules = {
  /** Anyone: sign-in, and later the public directory. */
  public: AppModule[];
  /** A signed-in app account of any kind (patient or provider). */
  account: AppModule[];
  /** A signed-in provider account of one kind (its role): a doctor's routes answer doctors only. */
  provider: Partial<Record<ProviderKind, AppModule[]>>;
};

/** The route of a contract path (`/api/v1/...`, as the apps call it) inside the app scope. */
export function appRoute(contractPath: string): string {
  if (!contractPath.startsWith(`${appPrefix}/`)) throw new Error(`${contractPath} is not an app path`);
  return contractPath.slice(appPrefix.length);
}

/** True for any spelling of a path under the app prefix (case, doubled slashes). */
const looksApp = (url: string) => /^\/+api\/+v1(\/|$)/i.test(url);
const inAppScope = (route: RouteOptions & { prefix?: string | undefined }) =>
  route.prefix === appPrefix || (route.prefix ?? '').startsWith(`${appPrefix}/`);

/** Refuses, at start-up, a route under the app prefix registered outside the app scope (it would skip the token checks). */
export function refuseAppRoutesOutsideScope(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (looksApp(route.url) && !inAppScope(route))
      throw new Error(`${route.url} is under ${appPrefix} but registered outside the app scope`);
  });
}

export type AppScopeOptions = { deps: AppDeps; authenticate: AppAuthenticator; modules: AppModules };

/**
 * The app API: one encapsulated plugin with the prefix `/api/v1`, holding three nested scopes: public, account
 * (request.account is set by its onRequest hook) and one per provider kind. Any bearer token sent to the app API
 * must be an app token, even on a public route: an admin token is refused (401) everywhere here, as an app token
 * is on every admin route (the admin side looks up admin tokens only).
 */
export const appScope: FastifyPluginAsyncZod<AppScopeOptions> = async (app, { deps, authenticate, modules }) => {
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ message: translate(commonMessages.routeNotFound, requestLanguage(request)) });
  });
  await app.register(async (open) => {
    open.addHook('onRequest', async function refuseForeignToken(request) {
      if (request.headers.authorization !== undefined) await authenticate(bearerToken(request));
    });
    for (const module of modules.public) await open.register(module, deps);
  });

  await app.register(async (signedIn) => {
    signedIn.decorateRequest('account', null as unknown as AppAccount);
    signedIn.addHook('onRequest', async function authenticateAccount(request) {
      request.account = await authenticate(bearerToken(request));
    });
    // The OpenAPI document marks these operations as needing the bearer token.
    signedIn.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    for (const module of modules.account) await signedIn.register(module, deps);
    for (const [kind, kindModules] of Object.entries(modules.provider)) {
      await signedIn.register(async (provider) => {
        provider.addHook('onRequest', async function requireProviderKind(request) {
          if (request.account.role !== kind) throw new HttpError(403, appAccountMessages.providersOnly);
        });
        for (const module of kindModules) await provider.register(module, deps);
      });
    }
  });
};
