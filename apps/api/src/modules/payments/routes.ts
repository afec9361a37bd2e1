import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import { messageResponse } from '@sehha/contract/envelope';
import {
  fakePaymentInput,
  paymentCallbackBody,
  paymentCallbackParams,
  paymentMessages as messages,
  paymentPageQuery,
  paymentReferenceParams,
} from '@sehha/contract/payments';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { requestLanguage, translate } from '../../i18n/messages';
import { paymentDrivers, fakeHmacSecret } from './drivers';
import { asPage, pageLanguage, renderPage, sendPage } from './pages';
import { createPaymentService } from './service';

const tags = ['app: payments'];
/** What the app path helpers put in place of a path parameter, for the route patterns. */
const reference = ':reference';

/**
 * Public payment routes (no token: a browser opens them, a gateway calls back). Registered in the public scope
 * (app-modules.ts); the fake gateway's page exists only with PAYMENT_DRIVER=fake.
 */
export const paymentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const drivers = paymentDrivers(deps.payments, deps.signer);
  const payments = createPaymentService({
    db: deps.db,
    drivers,
    metrics: deps.metrics.paymentCallbacks,
    fakeSecret: fakeHmacSecret(deps.payments, deps.signer),
  });
  // The fake page's buttons are a plain HTML form (no script may run under the CSP); only these routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    appRoute(appPaths.payment(reference)),
    {
      schema: {
        tags,
        summary: "An online booking's payment link: a redirect (302) to the gateway's hosted page; unknown 404, paid or expired 409",
        params: paymentReferenceParams,
        querystring: paymentPageQuery,
      },
    },
    async (request, reply) => {
      const language = pageLanguage(request, request.query.lang);
      return asPage(request, reply, language, async () =>
        reply
          .header('cache-control', 'no-store')
          .redirect(await payments.checkoutUrl(request.params.reference, { publicOrigin: request.publicOrigin, language }), 302),
      );
    },
  );

  app.get(
    appRoute(appPaths.paymentResult(reference)),
    {
      schema: {
        tags,
        summary: 'The page the gateway sends the patient back to: the payment outcome',
        params: paymentReferenceParams,
        querystring: paymentPageQuery,
      },
    },
    async (request, reply) => {
      const language = pageLanguage(request, request.query.lang);
      return asPage(request, reply, language, async () => {
        const result = await payments.result(request.params.reference);
        const retry = result.retry
          ? [{ label: messages.retry, href: `${appPaths.payment(request.params.reference)}?lang=${language}` }]
          : [];
        return sendPage(reply, 200, renderPage(language, messages.pageTitle, [result.message], retry));
      });
    },
  );

  app.post(
    appRoute(appPaths.paymentCallback(':driver')),
    {
      schema: {
        tags,
        summary: "A gateway's signed callback (HMAC, verified in constant time): idempotent and replay-proof per event id",
        params: paymentCallbackParams,
        body: paymentCallbackBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await payments.callback(request.params.driver, {
        headers: request.headers,
        query: request.query as Record<string, unknown>,
        body: request.body,
      });
      return { message: translate(messages.callbackAccepted, requestLanguage(request)) };
    },
  );

  if (!drivers.has('fake')) return;

  app.get(
    appRoute(appPaths.fakePaymentPage(reference)),
    {
      schema: {
        tags,
        summary: "The fake gateway's hosted page (PAYMENT_DRIVER=fake): Pay and Fail buttons",
        params: paymentReferenceParams,
        querystring: paymentPageQuery,
      },
    },
    async (request, reply) => {
      const language = pageLanguage(request, request.query.lang);
      return asPage(request, reply, language, async () => {
        const { amount, currency } = await payments.fakePage(request.params.reference);
        const action = appPaths.fakePaymentPage(request.params.reference);
        const button = (outcome: 'paid' | 'failed') => ({
          label: outcome === 'paid' ? messages.pay : messages.fail,
          post: { action, fields: { outcome, lang: language } },
        });
        return sendPage(
          reply,
          200,
          renderPage(
            language,
            messages.pageTitle,
            [{ message: messages.amountLine, params: { amount, currency } }, messages.fakeNotice],
            [button('paid'), button('failed')],
          ),
        );
      });
    },
  );

  app.post(
    appRoute(appPaths.fakePaymentPage(reference)),
    {
      schema: {
        tags,
        summary: 'Pay or Fail pressed on the fake page: the fake gateway calls our callback, signed, then shows the result (303)',
        params: paymentReferenceParams,
        body: fakePaymentInput,
      },
    },
    async (request, reply) => {
      const language = request.body.lang ?? requestLanguage(request);
      return asPage(request, reply, language, async () => {
        const callback = await payments.fakeCallback(request.params.reference, request.body.outcome);
        // As a gateway does: a server-to-server JSON POST to our callback URL, through the whole HTTP stack.
        if (callback) {
          const answer = await app.inject({ method: 'POST', url: appPaths.paymentCallback('fake'), payload: callback });
          if (answer.statusCode !== 200) request.log.warn({ status: answer.statusCode }, 'fake gateway callback refused');
        }
        return reply.redirect(`${appPaths.paymentResult(request.params.reference)}?lang=${language}`, 303);
      });
    },
  );
};
