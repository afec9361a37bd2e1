import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '@sehha/contract/envelope';
import { idParams } from '@sehha/contract/fields';
import {
  adminSessionParams,
  codeInput,
  disableTwoFactorInput,
  recoveryCodesResponse,
  revokedResponse,
  securityMessages as messages,
  securityPaths,
  securityStatusResponse,
  sessionParams,
  sessionsResponse,
  twoFactorSetupResponse,
} from '@sehha/contract/security';
import { adminRoute } from '../../auth/admin-scope';
import { createSecretBox } from '../../auth/two-factor';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createSecurityService } from './service';

const tags = ['security'];

/** Account security (two-factor sign-in) and sessions: an admin's own (`self`), another admin's sessions (`admins.manage`). */
export const securityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const security = createSecurityService(deps.db, createSecretBox(deps.signer.derivedKey('totp-secrets')), deps.checkSecret);
  const say = (request: Parameters<typeof requestLanguage>[0], message: (typeof messages)[keyof typeof messages]) =>
    translate(message, requestLanguage(request));

  app.get(
    adminRoute(securityPaths.show),
    { schema: { tags, summary: 'Whether two-factor sign-in is on', response: { 200: securityStatusResponse } } },
    async (request) => ({ data: await security.status(request.admin) }),
  );

  app.post(
    adminRoute(securityPaths.setup),
    { schema: { tags, summary: 'Start enrolment: a new secret, its otpauth URI and QR code', response: { 200: twoFactorSetupResponse } } },
    async (request) => ({ message: say(request, messages.setupStarted), data: await security.setup(request.admin) }),
  );

  app.post(
    adminRoute(securityPaths.confirm),
    {
      schema: {
        tags,
        summary: 'Confirm enrolment with a first code; answers 10 recovery codes once',
        body: codeInput,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => ({
      message: say(request, messages.enabled),
      data: await security.confirm(request.admin, request.ip, request.body.code),
    }),
  );

  app.post(
    adminRoute(securityPaths.recoveryCodes),
    { schema: { tags, summary: 'Replace the recovery codes (needs a code)', body: codeInput, response: { 200: recoveryCodesResponse } } },
    async (request) => ({
      message: say(request, messages.recoveryCodesRegenerated),
      data: await security.regenerateRecoveryCodes(request.admin, request.ip, request.body.code),
    }),
  );

  app.post(
    adminRoute(securityPaths.disable),
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (a code or the password)',
        body: disableTwoFactorInput,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await security.disable(request.admin, request.ip, request.body);
      return { message: say(request, messages.disabled) };
    },
  );

  app.get(
    adminRoute(securityPaths.sessions),
    { schema: { tags, summary: 'My sessions (live tokens)', response: { 200: sessionsResponse } } },
    async (request) => ({ data: await security.mySessions(request.admin) }),
  );

  app.post(
    adminRoute(securityPaths.revokeOtherSessions),
    { schema: { tags, summary: 'Sign out every other session of mine', response: { 200: revokedResponse } } },
    async (request) => ({ message: say(request, messages.otherSessionsRevoked), data: await security.revokeOthers(request.admin) }),
  );

  app.post(
    adminRoute(securityPaths.revokeSession(':id')),
    { schema: { tags, summary: 'Sign out one of my sessions', params: sessionParams, response: { 200: messageResponse } } },
    async (request) => {
      await security.revoke(request.admin, request.admin.id, request.params.id);
      return { message: say(request, messages.sessionRevoked) };
    },
  );

  app.get(
    adminRoute(securityPaths.adminSessions(':id')),
    { schema: { tags, summary: "An admin's sessions (super admins)", params: idParams, response: { 200: sessionsResponse } } },
    async (request) => ({ data: await security.adminSessions(request.params.id) }),
  );

  app.post(
    adminRoute(securityPaths.revokeAdminSession(':id', ':sessionId')),
    {
      schema: {
        tags,
        summary: "Sign out one of an admin's sessions (super admins)",
        params: adminSessionParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await security.revoke(request.admin, request.params.id, request.params.sessionId);
      return { message: say(request, messages.sessionRevoked) };
    },
  );
};
