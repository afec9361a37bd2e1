import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, meResponse } from '@sehha/contract/auth';
import { messageResponse } from '@sehha/contract/envelope';
import { securityMessages, twoFactorChallengeResponse, twoFactorLoginPath, twoFactorLoginRequest } from '@sehha/contract/security';
import { unauthenticated } from '../http/errors';
import { requestLanguage, translate } from '../i18n/messages';
import { authMessages, type AuthService } from './auth-service';

export const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/** The address as the app's trustProxy setting resolves it, and the browser: recorded on the token. */
const loginClient = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });

/** Login, logout and "me": public or self-authenticating routes, outside the admin scope. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in as an admin; 202 with a challenge when the admin has two-factor sign-in on',
        body: loginRequest,
        response: { 200: loginResponse, 202: twoFactorChallengeResponse },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body.email, request.body.password, loginClient(request));
      const language = requestLanguage(request);
      if ('twoFactorRequired' in result) {
        void reply.code(202);
        return {
          message: translate(securityMessages.twoFactorRequired, language),
          data: { two_factor_required: true as const, challenge: result.challenge },
        };
      }
      return { message: translate(authMessages.loggedIn, language), data: result };
    },
  );

  routes.post(
    twoFactorLoginPath,
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of a login: the challenge and a TOTP code or a recovery code',
        body: twoFactorLoginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request) => {
      const data = await auth.loginWithSecondFactor(request.body, loginClient(request));
      return { message: translate(authMessages.loggedIn, requestLanguage(request)), data };
    },
  );

  routes.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current token', security: [{ bearer: [] }], response: { 200: messageResponse } } },
    async (request) => {
      const admin = await auth.authenticate(bearerToken(request)).catch(() => null);
      if (!admin) throw unauthenticated();
      await auth.logout(admin);
      return { message: translate(authMessages.loggedOut, requestLanguage(request)) };
    },
  );

  routes.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The logged-in admin', security: [{ bearer: [] }], response: { 200: meResponse } } },
    async (request) => {
      const admin = await auth.authenticate(bearerToken(request));
      return {
        data: {
          id: admin.id,
          name: admin.name,
          email: admin.email,
          role: admin.role,
          admin_role: admin.adminRole,
          two_factor_required_setup: admin.mustEnrolTwoFactor,
        },
      };
    },
  );
}
