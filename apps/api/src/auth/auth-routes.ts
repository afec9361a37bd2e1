import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, meResponse } from '@sehha/contract/auth';
import { messageResponse } from '@sehha/contract/envelope';
import { unauthenticated } from '../http/errors';
import { requestLanguage, translate } from '../i18n/messages';
import { authMessages, type AuthService } from './auth-service';

export const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/** Login, logout and "me": public or self-authenticating routes, outside the admin scope. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
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
