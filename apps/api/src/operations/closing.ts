import type { FastifyInstance } from 'fastify';
import { closingMessages } from '@sehha/contract/messages';
import { requestLanguage, translate } from '../i18n/messages';

export { closingMessages };

/**
 * Once the app is closing (SIGTERM, see shutdown.ts), requests that still arrive on open connections
 * are answered 503 `{message}` in the request's language, instead of Fastify's own body
 * (`return503OnClosing: false`); Fastify adds `Connection: close`. Requests already running finish.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .type('application/json; charset=utf-8')
      .send({ message: translate(closingMessages.shuttingDown, requestLanguage(request)) });
  });
}
