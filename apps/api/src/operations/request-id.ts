import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const requestIdHeader = 'x-request-id';

/** An id a proxy may hand over: short, and only characters that cannot break a log line or a header. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the proxy's `X-Request-Id` when the API sits behind a trusted proxy (TRUST_PROXY)
 * and the id looks sane, otherwise a new UUID. Without a trusted proxy the header comes straight from
 * the client, which could reuse another request's id to muddle the logs.
 */
export function requestIdGenerator(behindTrustedProxy: boolean) {
  return (raw: IncomingMessage): string => {
    const given = raw.headers[requestIdHeader];
    return behindTrustedProxy && typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
  };
}

/** Every answer names its request, so that a report or a proxy log leads to the server's log lines. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(requestIdHeader, request.id);
    done();
  });
}
