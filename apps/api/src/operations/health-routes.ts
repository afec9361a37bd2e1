import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { describeDatabaseError } from '../db/errors';
import { migrationsAreCurrent, pingDatabase } from '../db/health';
import { healthMessages } from '@sehha/contract/messages';
import { requestLanguage, translate } from '../i18n/messages';
import type { Storage } from '../storage/storage';

export { healthMessages };

export type ReadinessCheck = 'database' | 'migrations' | 'storage';

/** How long each readiness check may take before it counts as failing. */
export const readinessTimeoutMs = 2000;

function withinTime(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** For the log: a database failure as its class and SQLSTATE only (the house rule of db/errors.ts), anything else by its first line. */
const whyFailed = (error: unknown) =>
  describeDatabaseError(error) ?? (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));

/**
 * Liveness and readiness for load balancers and orchestrators: no token, and nothing in the answers
 * but the names of the failing checks. Outside the admin scope.
 *
 * - `GET /api/health`: the process answers (liveness; restart it when this fails).
 * - `GET /api/ready`: the database answers, its migrations are this build's, and the storage takes
 *   writes (send it traffic only when this is 200).
 */
export async function healthRoutes(app: FastifyInstance, { db, storage }: { db: Database; storage: Storage }) {
  const checks: Record<ReadinessCheck, () => Promise<unknown>> = {
    database: () => pingDatabase(db),
    migrations: async () => {
      if (!(await migrationsAreCurrent(db))) throw new Error('the newest applied migration is not the newest of this build');
    },
    // A storage without ping() is probed by looking a key up: it answers, whether or not the key exists.
    storage: () => (storage.ping ? storage.ping() : storage.exists('ready-probe')),
  };

  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/api/ready', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const results = await Promise.all(
      (Object.keys(checks) as ReadinessCheck[]).map((name) =>
        withinTime(Promise.resolve().then(checks[name]), readinessTimeoutMs).then(
          () => null,
          (error: unknown) => ({ name, reason: whyFailed(error) }),
        ),
      ),
    );
    const failed = results.filter((result) => result !== null);
    if (failed.length === 0) return { status: 'ready' };
    request.log.warn({ failing: Object.fromEntries(failed.map(({ name, reason }) => [name, reason])) }, 'not ready');
    return reply
      .code(503)
      .type('application/json; charset=utf-8')
      .send({ message: translate(healthMessages.notReady, requestLanguage(request)), failing: failed.map(({ name }) => name) });
  });
}
