import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessKind, AccessPurpose } from '@sehha/contract/status-codes';
import type { AccessLogWriter } from './writer';

/**
 * What a route reading health data declares, once, in its options: `config: { access: { kind, purpose } }`
 * (one access row per 2xx answer), or why it writes none: `own` (the caller's own data: not logged, see
 * docs/privacy.md), `links` (it hands out signed file links only; opening one is the read, logged by
 * GET /storage), `no_health_data` (its path sounds sensitive but it answers none: the list of data requests). The route table test (test/system/access-log.test.ts) requires one on every route whose path
 * names sensitive data.
 */
export type AccessDeclaration = { kind: AccessKind; purpose: AccessPurpose } | 'own' | 'links' | 'no_health_data';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessDeclaration;
  }
  interface FastifyRequest {
    /** What the handler read, told through accessed(); undefined until then. */
    accessRead: AccessRead | (() => AccessRead) | undefined;
  }
}

export type AccessRouteEntry = {
  methods: string[];
  url: string;
  access: AccessDeclaration | undefined;
};

/** Which records were read and whose data they are (the people), from rows the handler has already read. */
export type AccessRead = {
  entity?: string | undefined;
  recordIds?: ReadonlyArray<number | string> | undefined;
  subjectUserIds?: ReadonlyArray<number | null | undefined> | undefined;
  details?: Record<string, unknown> | undefined;
  /** The reader when the route's scope cannot tell it: a public link issued to this account (the data archive's). */
  actorAccountId?: number | undefined;
};

/**
 * Tells the access log what this request read, from the rows it has already read (no query of its own). A function
 * is called once the answer has ended: a streamed export tells its row count so.
 */
export function accessed(request: FastifyRequest, read: AccessRead | (() => AccessRead)) {
  request.accessRead = read;
}

const unique = (ids: ReadonlyArray<number | null | undefined>) => [...new Set(ids.filter((id): id is number => typeof id === 'number'))];

/** The reader: an admin route's admin, an app route's account. */
function actorOf(request: FastifyRequest): { actor_kind: 'admin' | 'account' | 'system'; actor_id: number | null } {
  const config = request.routeOptions.config;
  if (config.permission !== undefined) return { actor_kind: 'admin', actor_id: request.admin.id };
  if (config.appAudience !== undefined && config.appAudience !== 'public') return { actor_kind: 'account', actor_id: request.account.id };
  return { actor_kind: 'system', actor_id: null };
}

/**
 * One hook for both scopes: a request of a route that declares `{ kind, purpose }` and answered 2xx writes exactly
 * one row (buffered: nothing is awaited on the read path). A HEAD reads nothing.
 */
export function registerAccessLog(app: FastifyInstance, writer: AccessLogWriter) {
  app.decorateRequest('accessRead', undefined);
  app.decorate('accessLog', writer);
  // Every route, for the route table test; the scopes' own onRoute hooks run later and add to the same options.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.decorate('accessRouteTable', () =>
    routes.map((route) => ({ methods: [route.method].flat(), url: route.url, access: route.config?.access })),
  );
  app.addHook('onResponse', async function logDeclaredRead(request, reply) {
    const access = request.routeOptions.config.access;
    if (typeof access !== 'object' || request.method === 'HEAD') return;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    const told = request.accessRead;
    const read = typeof told === 'function' ? told() : (told ?? {});
    writer.record({
      ...(read.actorAccountId === undefined ? actorOf(request) : { actor_kind: 'account', actor_id: read.actorAccountId }),
      kind: access.kind,
      purpose: access.purpose,
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
      entity: read.entity ?? null,
      record_ids: (read.recordIds ?? []).map(String),
      subject_user_ids: unique(read.subjectUserIds ?? []),
      details: read.details ?? null,
      address: request.ip,
      user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
      // When the request arrived: the read's time, whenever the batch is written.
      created_at: new Date(Date.now() - reply.elapsedTime).toISOString(),
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The access log's writer (access-log/writer.ts): tests flush it. */
    accessLog: AccessLogWriter;
    /** Every route with its access declaration, as registered (test/system/access-log.test.ts enumerates it). */
    accessRouteTable: () => AccessRouteEntry[];
  }
}
