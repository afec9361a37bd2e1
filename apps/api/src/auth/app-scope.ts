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
  interface FastifyContextConfig {
    /** Who may call this app route: set by the scope it is registered in (appScope), read by the route × token test. */
    appAudience?: AppAudience;
  }
  interface FastifyInstance {
    /** Every route under the app prefix with its audience, as registered (the route × token test enumerates it). */
    appRouteTable: () => AppRouteEntry[];
  }
}

/** Anyone, any signed-in app account, or provider accounts of these kinds. */
export type AppAudience = 'public' | 'account' | { provider: ProviderKind[] };
export type AppRouteEntry = { methods: string[]; url: string; audience: AppAudience | undefined };

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

/**
 * Refuses, at start-up, a route under the app prefix registered outside the app scope (it would skip the token
 * checks), and keeps the app routes for `app.appRouteTable()`. This root hook runs before the scopes' own, which
 * set the audience (and the method override's POST twin): the table reads each route's options when asked.
 */
export function refuseAppRoutesOutsideScope(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.decorate('appRouteTable', () =>
    routes.map((route) => ({ methods: [route.method].flat(), url: route.url, audience: route.config?.appAudience })),
  );
  app.addHook('onRoute', (route) => {
    if (looksApp(route.url) && !inAppScope(route))
      throw new Error(`${route.url} is under ${appPrefix} but registered outside the app scope`);
    if (inAppScope(route)) routes.push(route);
  });
}

/** Marks every route registered in this scope with who may call it. */
const markAudience = (scope: FastifyInstance, audience: AppAudience) =>
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, appAudience: audience };
  });

/**
 * The provider modules, each with the kinds that list it: a module several kinds share (their change requests)
 * is registered once, as a path can have only one route, and answers those kinds.
 */
function providerModules(byKind: AppModules['provider']) {
  const kindsOf = new Map<AppModule, ProviderKind[]>();
  for (const [kind, modules] of Object.entries(byKind) as Array<[ProviderKind, AppModule[]]>) {
    for (const module of modules) kindsOf.set(module, [...(kindsOf.get(module) ?? []), kind]);
  }
  return [...kindsOf];
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
    markAudience(open, 'public');
    open.addHook('onRequest', async function refuseForeignToken(request) {
      if (request.headers.authorization !== undefined) await authenticate(bearerToken(request));
    });
    for (const module of modules.public) await open.register(module, deps);
  });

  await app.register(async (signedIn) => {
    signedIn.decorateRequest('account', null as unknown as AppAccount);
    markAudience(signedIn, 'account');
    signedIn.addHook('onRequest', async function authenticateAccount(request) {
      request.account = await authenticate(bearerToken(request));
    });
    // The OpenAPI document marks these operations as needing the bearer token.
    signedIn.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    for (const module of modules.account) await signedIn.register(module, deps);
    for (const [module, kinds] of providerModules(modules.provider)) {
      await signedIn.register(async (provider) => {
        markAudience(provider, { provider: kinds });
        provider.addHook('onRequest', async function requireProviderKind(request) {
          if (!(kinds as string[]).includes(request.account.role)) throw new HttpError(403, appAccountMessages.providersOnly);
        });
        await provider.register(module, deps);
      });
    }
  });
};
