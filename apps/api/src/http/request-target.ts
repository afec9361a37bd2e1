import type { FastifyReply, FastifyRequest } from 'fastify';
import { commonMessages, requestLanguage, translate } from '../i18n/messages';

/** `scheme://authority` at the start of an absolute-form request target (RFC 9112 §3.2.2), any case. */
const absoluteForm = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The request target as the router should see it: an absolute-form target (`http://x/api/...`,
 * `HTTP://X:80//api/...`) by its path, encoded slashes as slashes, and runs of slashes merged into
 * one, as nginx's `merge_slashes` does. Every spelling of a path therefore reaches the same route,
 * with that route's hooks; authorization never depends on this (it is a property of the route),
 * but a request is answered the same way however its target is written.
 */
export function originForm(target: string): string {
  let url = target;
  const authority = absoluteForm.exec(url);
  if (authority) url = url.slice(authority[0].length);
  if (!url.startsWith('/')) url = `/${url}`;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  return path.replace(/%2f/gi, '/').replace(/\/{2,}/g, '/') + query;
}

/**
 * Fastify's errors raised before a route is found (a path with a bad percent-escape such as
 * `/api/admin/users%`), answered in the Laravel shape like every other error.
 */
export function answerFrameworkError(error: { code?: string; statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request);
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(statusCode).type('application/json; charset=utf-8').send({ message: translate(commonMessages.badRequest, language) });
}
