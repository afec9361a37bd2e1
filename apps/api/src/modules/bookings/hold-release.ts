import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { releaseHolds } from './service';

/**
 * Every process releases expired holds on a timer (held → cancelled by system, checkout expired). Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several processes share the work without waiting or releasing one twice.
 */
export function startHoldRelease(db: Database, clock: Clock, intervalMs: number, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    db.transaction((tx) => releaseHolds(tx, clock().getTime()))
      .catch((error: unknown) => log.warn({ err: error }, 'releasing expired booking holds failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
