import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, notFound } from '../http/errors';
import { commonMessages } from '../i18n/messages';
import { isPrivateKey, parseFileView, type UrlSigner } from './signed-urls';
import type { AccessLogWriter } from '../access-log/writer';
import { fileRead } from '../access-log/file-reads';
import { contentTypeOf, isSafeKey, type Storage } from './storage';

/** A download name of letters (any script), digits, dot, dash and underscore; no path, no control characters. */
export const safeFileName = (name: string) =>
  name.normalize('NFC').replace(/[^\p{L}\p{N}.-]+/gu, '_').replace(/^[._]+/, '').slice(0, 120) || 'download';

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]+/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/**
 * The dashboard previews stored PDFs in an <iframe> of its own origin; helmet's policy forbids every
 * framing (`frame-ancestors 'none'`), which stays so for the API and the dashboard's HTML. Stored files
 * alone may be framed by the same origin (X-Frame-Options is already SAMEORIGIN).
 */
function allowFramingBySameOrigin(reply: FastifyReply) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'"));
}

/**
 * GET /storage/{key}: public folders as they are, private ones only with a valid signature and `view` (the
 * signature covers it and `download`); each private file opened writes an access row (its own owner's excepted). `?download=name` asks the browser to save the file under a sanitised name. The file is streamed
 * from the storage driver (a folder or the S3 bucket) through the API, so private files need no
 * second signing scheme and the bucket need not be reachable by browsers.
 */
export async function storageRoutes(
  app: FastifyInstance,
  { storage, signer, accessLog }: { storage: Storage; signer: UrlSigner; accessLog: AccessLogWriter },
) {
  app.get('/storage/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as Record<string, unknown>;
    if (!isSafeKey(key)) throw notFound();
    const view = typeof query.view === 'string' ? query.view : undefined;
    const asked = typeof query.download === 'string' ? query.download : undefined;
    // A private file is served only through a link that says whom it was issued to (the signature covers it):
    // every opening is attributable. A signed link without one is refused like a forged one.
    const viewed = isPrivateKey(key) && view !== undefined ? parseFileView(view) : undefined;
    if (isPrivateKey(key) && (!viewed || !signer.verify(key, query.expires, query.signature, view, asked)))
      throw new HttpError(403, commonMessages.forbidden);
    const file = await storage.read(key);
    if (!file) throw notFound();
    // Who opened whose file (health data, a provider's documents), from the signed view: no query.
    const read = viewed ? fileRead(viewed, key) : undefined;
    if (read) accessLog.record({ ...read, address: request.ip, user_agent: request.headers['user-agent']?.slice(0, 500) ?? null });
    const type = contentTypeOf(key);
    allowFramingBySameOrigin(reply);
    reply.header('content-type', type).header('content-length', file.size);
    reply.header('cache-control', isPrivateKey(key) ? 'private, no-store' : 'public, max-age=86400');
    // Only images and PDF render inline; anything else is always a download.
    const download = asked ?? (type === 'application/octet-stream' ? key.split('/').pop()! : undefined);
    if (download !== undefined) reply.header('content-disposition', attachmentDisposition(download || key.split('/').pop()!));
    return reply.send(file.stream);
  });
}
