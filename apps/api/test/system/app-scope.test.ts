import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPrefix, appRoute, appScope, refuseAppRoutesOutsideScope } from '../../src/auth/app-scope';
import type { AppAccount } from '../../src/auth/app-auth';
import type { AppDeps } from '../../src/app-deps';
import { registerErrorHandler } from '../../src/http/error-handler';
import { unauthenticated } from '../../src/http/errors';

const consented = { privacyVersion: 1, termsVersion: 1, marketingOptIn: false };
/** Accounts by token, for a scope built without a database. */
const accounts: Record<string, AppAccount> = {
  patient: { id: 1, name: 'P', phone: null, role: 'user', language: 'en', tokenId: 1, ...consented },
  doctor: { id: 2, name: 'D', phone: null, role: 'doctor', language: 'en', tokenId: 2, ...consented },
  pharmacy: { id: 3, name: 'F', phone: null, role: 'pharmacy', language: 'en', tokenId: 3, ...consented },
};
const authenticate = async (token: string | undefined) => {
  const account = token === undefined ? undefined : accounts[token];
  if (!account) throw unauthenticated();
  return Promise.resolve(account);
};
const route =
  (path: string): FastifyPluginAsyncZod<AppDeps> =>
  async (app) => {
    app.get(appRoute(`${appPrefix}${path}`), async (request) => ({ data: { account: request.account?.id ?? null } }));
    return Promise.resolve();
  };

/** The scopes of the app API: public, any app account, and the provider accounts of one kind. */
describe('the app scope', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    refuseAppRoutesOutsideScope(app);
    await app.register(appScope, {
      prefix: appPrefix,
      deps: {} as AppDeps,
      authenticate,
      modules: { public: [route('/open')], account: [route('/mine')], provider: { doctor: [route('/doctor/agenda')] } },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const status = async (path: string, token?: string) =>
    (await app.inject({ url: `${appPrefix}${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} })).statusCode;

  it('opens public routes to anyone, and refuses a token that is not an app token there too', async () => {
    expect(await status('/open')).toBe(200);
    expect(await status('/open', 'patient')).toBe(200);
    expect(await status('/open', 'admin-token')).toBe(401);
  });

  it('opens account routes to any app account, with request.account set', async () => {
    expect(await status('/mine')).toBe(401);
    const response = await app.inject({ url: `${appPrefix}/mine`, headers: { authorization: 'Bearer pharmacy' } });
    expect(response.json()).toEqual({ data: { account: 3 } });
  });

  it("opens a provider kind's routes to that kind only", async () => {
    expect(await status('/doctor/agenda')).toBe(401);
    expect(await status('/doctor/agenda', 'patient')).toBe(403);
    expect(await status('/doctor/agenda', 'pharmacy')).toBe(403);
    expect(await status('/doctor/agenda', 'doctor')).toBe(200);
  });

  it('refuses to start with an app route registered outside the app scope', async () => {
    const outside = Fastify();
    refuseAppRoutesOutsideScope(outside);
    for (const path of ['/api/v1/sneaky', '/API/V1/sneaky', '//api//v1/sneaky', '/api/v1']) {
      expect(() => outside.get(path, async () => ({})), path).toThrow(/outside the app scope/);
    }
    await outside.close();
  });
});
