import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Scheme and authority of the absolute URLs this request's answer may contain (paginator links). */
    publicOrigin: string;
  }
}

/** Hosts that can only be the server itself, so reflecting them cannot point a link elsewhere. */
const loopbackHost = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * Absolute URLs come from the configured APP_URL (Laravel's name). Without one, the request's own
 * host is used only when it is a loopback name; any other `Host` header (which the client chooses)
 * is never reflected into a link.
 */
export function registerPublicOrigin(app: FastifyInstance, appUrl: string | undefined) {
  const configured = appUrl ? new URL(appUrl).origin : undefined;
  app.decorateRequest('publicOrigin', {
    getter(this: FastifyRequest) {
      if (configured) return configured;
      return loopbackHost.test(this.host) ? `${this.protocol}://${this.host}` : 'http://localhost';
    },
  });
}
