import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, meResponse } from '@sehha/contract/auth';
import { messageResponse } from '@sehha/contract/envelope';
import { unauthenticated } from '../http/errors';
import { requestLanguage, translate } from '../i18n/messages';
import { authMessages, type AuthService, type AuthenticatedAdmin } from './auth-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin behind the bearer token; set on every /api/admin route and on auth routes that need it. */
    admin: AuthenticatedAdmin | null;
  }
}

export const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/** Every path under /api/admin, however it is spelled, requires an admin token. */
export const isAdminPath = (url: string) => {
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // an undecodable path is checked as it came
  }
  return /^\/+api\/+admin(\/|$)/i.test(path);
};

async function auth(app: FastifyInstance, { auth }: { auth: AuthService }) {
  app.decorateRequest('admin', null);

  // One hook at the root, so no admin route can be registered without it.
  app.addHook('onRequest', async (request) => {
    if (isAdminPath(request.url)) request.admin = await auth.authenticate(bearerToken(request));
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], summary: 'Log in as an admin', body: loginRequest, response: { 200: loginResponse } } },
    async (request) => {
      const data = await auth.login(request.body.email, request.body.password, request.ip);
      return { message: translate(authMessages.loggedIn, requestLanguage(request)), data };
    },
  );

  routes.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current token', security: [{ bearer: [] }], response: { 200: messageResponse } } },
    async (request) => {
      const admin = await auth.authenticate(bearerToken(request)).catch(() => null);
      if (!admin) throw unauthenticated();
      await auth.logout(admin.tokenId);
      return { message: translate(authMessages.loggedOut, requestLanguage(request)) };
    },
  );

  routes.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The logged-in admin', security: [{ bearer: [] }], response: { 200: meResponse } } },
    async (request) => {
      const admin = await auth.authenticate(bearerToken(request));
      return { data: { id: admin.id, name: admin.name, email: admin.email, role: admin.role } };
    },
  );
}

/** Not encapsulated (fastify-plugin): the admin check must hold for routes registered anywhere. */
export const authPlugin = fp(auth, { name: 'sehha-auth' });
