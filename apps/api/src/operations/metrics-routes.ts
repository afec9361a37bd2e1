import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../auth/auth-routes';
import { unauthenticated } from '../http/errors';
import { processRegistry, type AppMetrics } from './metrics';

/** The route label of a request that matched no route: one value, never the raw URL (unbounded, and it may carry data). */
export const unmatchedRoute = 'unmatched';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests of equal length, so that the time taken tells nothing about the token. */
const sameSecret = (given: string | undefined, expected: string) => given !== undefined && timingSafeEqual(digest(given), digest(expected));

/**
 * Times every request (by route pattern, never by URL), counts those in flight, and serves the
 * Prometheus text at `GET /metrics`: behind `Authorization: Bearer <token>` when a token is set, open
 * otherwise. Registered on the root instance, before any route, so that every route is measured.
 */
export function registerMetrics(app: FastifyInstance, { metrics, token }: { metrics: AppMetrics; token?: string | undefined }) {
  app.addHook('onRequest', (_request, reply, done) => {
    metrics.requestsInFlight.inc();
    // 'close' comes once per response, whether it was sent in full or its client went away.
    reply.raw.once('close', () => metrics.requestsInFlight.dec());
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? unmatchedRoute, status_code: reply.statusCode };
    metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !sameSecret(bearerToken(request), token)) throw unauthenticated();
    const text = (await processRegistry().metrics()) + (await metrics.registry.metrics());
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
