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
    /** The build other requests wait for (see KeptAnswers.join), settled when this request's answer is sent. */
    sharedBuild: ((built: Built | undefined) => void) | undefined;
  }
}

/** Headers a handler set (its answer's `cache-control`, say). */
type Headers = Array<[string, ReturnType<FastifyReply['getHeader']>]>;

/**
 * A kept answer: its bytes and type as first sent, the headers its handler set, the kept pages it was built from, and
 * what it told the access log.
 */
type Kept = { body: Buffer; type: string; headers: Headers; pages: readonly KeptRead[]; access: AccessRead | undefined; usedAt: number };

/** An answer as built and sent, for the requests that waited for its build. */
type Built = Pick<Kept, 'body' | 'type' | 'headers' | 'access'>;

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
  /** Answers being built again, by key, and the version read that found their kept answer changed. */
  readonly #building = new Map<string, { versions: unknown; built: Promise<Built | undefined> }>();
  /** Answers sent from memory since the process started. */
  hits = 0;
  /** Answers sent as another request built them, from the same version read (see join). */
  joined = 0;

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
    // A changed answer stays until it is built again: the requests after it check it too, and may join its build.
    if (!(await this.#cache.current(kept.pages, !this.verifying))) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.#answers.delete(key);
    kept.usedAt = Date.now();
    this.#answers.set(key, kept);
    this.hits++;
    return kept;
  }

  /**
   * A request whose kept answer had changed, by the version read `versions` (the batch its check was in): the answer
   * another request is building since the same read, or undefined and this request builds it (`settle` then shares
   * it, or undefined if it is not to be kept). Any answer built from versions read after a request arrived is an
   * answer to it, and the first build of a batch read its pages at or after that batch's read. Beside bookings every
   * booking changes the newest appointments' answer, and each request of the batch that saw it presented the same rows
   * and wrote the same JSON (docs/performance/api.md).
   */
  join(key: string, versions: unknown): { built: Promise<Built | undefined> } | { settle: (built: Built | undefined) => void } {
    const building = this.#building.get(key);
    if (building && building.versions === versions) return { built: building.built };
    let settle!: (built: Built | undefined) => void;
    const entry = { versions, built: new Promise<Built | undefined>((resolve) => (settle = resolve)) };
    this.#building.set(key, entry);
    return {
      settle: (built) => {
        if (this.#building.get(key) === entry) this.#building.delete(key);
        settle(built);
      },
    };
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
  app.decorateRequest('sharedBuild', undefined);
  if (!answers) return;
  app.addHook('onRoute', (route) => {
    if (!route.config?.keptAnswer) return;
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    const keptOrBuilt = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'GET') return handler.call(this, request, reply);
      const key = answerKey(request, clock);
      const reads: AnswerReads = { pages: [], other: false };
      return noteReads(reads, async () => {
        const send = (answer: Built) => {
          request.accessRead = answer.access;
          for (const [name, value] of answer.headers) reply.header(name, value);
          return reply.type(answer.type).send(answer.body);
        };
        const kept = await answers.current(key);
        if (kept && !answers.verifying) return send(kept);
        if (kept) {
          request.accessRead = kept.access;
          request.keptBody = kept.body;
        }
        // Changed since kept (its check read the versions): one build per version read (KeptAnswers.join).
        const versions = reads.versions?.read;
        if (versions !== undefined && !answers.verifying) {
          const shared = answers.join(key, versions);
          if ('built' in shared) {
            const built = await shared.built;
            if (built) {
              answers.joined++;
              return send(built);
            }
          } else request.sharedBuild = shared.settle;
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
    const answer = { body: Buffer.from(payload), type: String(reply.getHeader('content-type')), headers: built.headers, access };
    answers.keep(built.key, { ...answer, pages: built.reads.pages });
    request.sharedBuild?.(answer);
    return answer.body;
  });
  // Any other end (an error, an answer not to keep, a closed connection): the waiting requests build their own.
  app.addHook('onResponse', async (request) => request.sharedBuild?.(undefined));
  app.addHook('onRequestAbort', async (request) => request.sharedBuild?.(undefined));
}
