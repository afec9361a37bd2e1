import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appAccountMessages,
  appMeResponse,
  appMeUpdate,
  otpRequest,
  phoneChangeRequest,
  phoneChangeVerify,
  verifyRequest,
  verifyResponse,
} from '@sehha/contract/app-accounts';
import { appPaths } from '@sehha/contract/app-paths';
import { messageResponse } from '@sehha/contract/envelope';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { requestLanguage, translate } from '../../i18n/messages';
import { createAppAccountService } from './service';

const tags = ['app: accounts'];
const client = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });
const service = (deps: AppDeps) =>
  createAppAccountService({
    db: deps.db,
    outbox: deps.outbox,
    codeKey: deps.signer.derivedKey('otp-codes'),
    settings: deps.otp,
    legal: deps.legal,
  });

/** Sign-in by phone and one-time code: public routes of the app scope. */
export const appSignInRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const accounts = service(deps);

  app.post(
    appRoute(appPaths.otp),
    {
      schema: { tags, summary: 'Send a 6-digit sign-in code by SMS (rate limited)', body: otpRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      const language = requestLanguage(request);
      await accounts.requestCode(request.body, client(request), language);
      return { message: translate(appAccountMessages.codeSent, language) };
    },
  );

  app.post(
    appRoute(appPaths.verify),
    {
      schema: {
        tags,
        summary:
          'Sign in with the code; creates a patient account on first use, which must send `consents` (the current privacy and terms versions)',
        body: verifyRequest,
        response: { 200: verifyResponse },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const data = await accounts.verify(request.body, client(request), language);
      return { message: translate(appAccountMessages.signedIn, language), data };
    },
  );
};

/** The signed-in account's own routes: inside the account scope, where `request.account` is set. */
export const appAccountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const accounts = service(deps);

  app.post(
    appRoute(appPaths.logout),
    { schema: { tags, summary: 'Revoke the current app token', response: { 200: messageResponse } } },
    async (request) => {
      await accounts.logout(request.account);
      return { message: translate(appAccountMessages.signedOut, requestLanguage(request)) };
    },
  );

  app.get(
    appRoute(appPaths.me),
    { schema: { tags, summary: 'The signed-in app account', response: { 200: appMeResponse } } },
    async (request) => ({
      data: await accounts.me(request.account),
    }),
  );

  app.patch(
    appRoute(appPaths.me),
    { schema: { tags, summary: 'Change the name, email or language', body: appMeUpdate, response: { 200: appMeResponse } } },
    async (request) => ({
      message: translate(appAccountMessages.updated, requestLanguage(request)),
      data: await accounts.update(request.account, request.body),
    }),
  );

  app.post(
    appRoute(appPaths.myPhone),
    {
      schema: {
        tags,
        summary: 'Change the mobile number, step 1: a code is sent by SMS to the new number (the sign-in limits)',
        body: phoneChangeRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await accounts.requestPhoneChange(request.account, request.body, client(request));
      return { message: translate(appAccountMessages.phoneCodeSent, requestLanguage(request)) };
    },
  );

  app.post(
    appRoute(appPaths.myPhoneVerify),
    {
      schema: {
        tags,
        summary: "Change the mobile number, step 2: the code sent to it; 409 when it is another account's number",
        body: phoneChangeVerify,
        response: { 200: appMeResponse },
      },
    },
    async (request) => {
      const data = await accounts.changePhone(request.account, request.body, client(request));
      return { message: translate(appAccountMessages.phoneChanged, requestLanguage(request)), data };
    },
  );
};
