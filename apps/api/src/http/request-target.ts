import type { Socket } from 'node:net';
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
export function answerFrameworkError(
  error: { code?: string | undefined; statusCode?: number | undefined },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const language = requestLanguage(request);
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ message: translate(commonMessages.badRequest, language) });
}

/** Node's parser errors that have a status of their own; any other unparsable request is a 400. */
const clientErrorStatus: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/**
 * A request Node cannot even parse (a NUL or control byte in the request line or a header): there is
 * no request to read a language from, so the Laravel-shaped answer is in English, and the connection
 * is closed.
 */
export function answerClientError(error: Error & { code?: string | undefined }, socket: Socket) {
  if (!socket.writable) return;
  const [status, reason] = clientErrorStatus[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify({ message: commonMessages.badRequest.en });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
