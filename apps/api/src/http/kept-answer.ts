import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { AccessRead } from '../access-log/declared-reads';
import { requestLanguage } from '../i18n/messages';
import { noteReads, type AnswerReads, type KeptRead, type PageCache } from '../db/page-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answers may be kept (see KeptAnswers): its answer is a function of its kept pages, the request's
     * URL, origin, language and reader, and the clock's minute.
     */
    keptAnswer?: true;
  }
  interface FastifyRequest {
    /** What this request's answer was built from, to keep it once serialized (undefined: not to be kept). */
    answerReads: { key: string; reads: AnswerReads; headers: Headers } | undefined;
    /** The kept answer this request must build again byte for byte (verifying caches only). */
    keptBody: Buffer | undefined;
  }
}

/** Headers a handler set (its answer's `cache-control`, say). */
type Headers = Array<[string, ReturnType<FastifyReply['getHeader']>]>;

/**
 * A kept answer: its bytes and type as first sent, the headers its handler set, the kept pages it was built from, and
 * what it told the access log.
 */
type Kept = { body: Buffer; type: string; headers: Headers; pages: readonly KeptRead[]; access: AccessRead | undefined; usedAt: number };

/**
 * Answers of list routes kept as the bytes they were sent as, and sent again while every page they were built from is
 * still the page cache's current one (PageCache.current: one version read, as a kept page costs).
 *
 * A kept page still cost its request the presentation of its rows, the paginator, the response schema's encoding,
 * JSON and UTF-8 (Arabic names make it two-byte text): 2.5-4 times /api/auth/me's whole request
 * (docs/performance/api.md). A kept answer skips them: only the route's checks (token, permission, query) and the
 * version read remain.
 *
 * Why it is the answer the route would give: a route opts in (`config.keptAnswer`) when its answer depends only on
 * what it reads from the database, the URL, the public origin, the language, the reader (the admin or account, not
 * only its kind) and the clock's minute (a new day, or an hour of the home cards, is a new minute), all of which are
 * in the key. The database's
 * query logger notes every statement an answer runs that is not a kept page (a count, a transaction, a write); such
 * an answer is never kept. When every page it read is still current, the route would read the same rows and build
 * the same bytes. With a verifying page cache (the test suites) every kept answer is also built again and
 * compared, so a route that depends on anything else fails its tests. Only 200 answers to GET are kept.
 */
export class KeptAnswers {
  readonly #cache: PageCache;
  readonly #entries: number;
  readonly #answers = new Map<string, Kept>();
  /** Answers sent from memory since the process started. */
  hits = 0;

  constructor(cache: PageCache, entries: number) {
    this.#cache = cache;
    this.#entries = entries;
  }

  get size(): number {
    return this.#answers.size;
  }

  /** The answer kept under `key` if every page it was built from is still current (it then counts as used). */
  async current(key: string): Promise<Kept | undefined> {
    const kept = this.#answers.get(key);
    if (!kept) return undefined;
    if (!(await this.#cache.current(kept.pages, !this.verifying))) {
      if (this.#answers.get(key) === kept) this.#answers.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#answers.delete(key);
    kept.usedAt = Date.now();
    this.#answers.set(key, kept);
    this.hits++;
    return kept;
  }

  keep(key: string, kept: Omit<Kept, 'usedAt'>): void {
    this.#answers.delete(key);
    this.#answers.set(key, { ...kept, usedAt: Date.now() });
    while (this.#answers.size > this.#entries) this.#answers.delete(this.#answers.keys().next().value!);
  }

  get verifying(): boolean {
    return this.#cache.verifying;
  }
}

/** Who reads, as the handler sees them (an admin's role and name, not only the id): an admin, an account, or the public. */
function readerOf(request: FastifyRequest): string {
  const config = request.routeOptions.config;
  if (config.permission !== undefined) return `admin:${JSON.stringify(request.admin)}`;
  if (config.appAudience !== undefined && config.appAudience !== 'public') return `account:${JSON.stringify(request.account)}`;
  return 'public';
}

/** Everything an opted-in route's answer depends on besides its pages (see KeptAnswers). */
function answerKey(request: FastifyRequest, clock: () => Date): string {
  // Both clocks: the services read the injected one (tests move it), some statements the system's.
  const minute = `${Math.floor(clock().getTime() / 60_000)}/${Math.floor(Date.now() / 60_000)}`;
  return [request.routeOptions.url, request.publicOrigin, request.url, requestLanguage(request), readerOf(request), minute].join('\u0000');
}

/**
 * Routes with `config.keptAnswer` answer from KeptAnswers when they can: their handler is wrapped (after every
 * check of the route has run), and their 200 answers are kept once serialized. Registered before compression, so
 * what is kept is the JSON itself.
 */
export function registerKeptAnswers(app: FastifyInstance, answers: KeptAnswers | undefined, clock: () => Date) {
  app.decorateRequest('answerReads', undefined);
  app.decorateRequest('keptBody', undefined);
  if (!answers) return;
  app.addHook('onRoute', (route) => {
    if (!route.config?.keptAnswer) return;
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    const keptOrBuilt = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'GET') return handler.call(this, request, reply);
      const key = answerKey(request, clock);
      const reads: AnswerReads = { pages: [], other: false };
      return noteReads(reads, async () => {
        const kept = await answers.current(key);
        if (kept) {
          request.accessRead = kept.access;
          if (!answers.verifying) {
            for (const [name, value] of kept.headers) reply.header(name, value);
            return reply.type(kept.type).send(kept.body);
          }
          request.keptBody = kept.body;
        }
        const before = reply.getHeaders();
        const answer = await handler.call(this, request, reply);
        const headers = Object.entries(reply.getHeaders()).filter(([name, value]) => before[name] !== value);
        // An answer the handler sent itself has been through onSend already: it is not kept.
        if (!reply.sent) request.answerReads = { key, reads, headers };
        return answer;
      });
    };
    route.handler = keptOrBuilt as RouteHandlerMethod;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const built = request.answerReads;
    if (!built || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (request.keptBody && !request.keptBody.equals(Buffer.from(payload)))
      throw new Error(`Kept answer of ${request.routeOptions.url} differs from the answer built again: it depends on more than its key`);
    const access = request.accessRead;
    if (built.reads.other || built.reads.pages.length === 0 || typeof access === 'function') return payload;
    const body = Buffer.from(payload);
    answers.keep(built.key, {
      body,
      type: String(reply.getHeader('content-type')),
      headers: built.headers,
      pages: built.reads.pages,
      access,
    });
    return body;
  });
}
