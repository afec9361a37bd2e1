import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { releaseHolds } from './service';

/**
 * Every process releases expired holds on a timer (held → cancelled by system, checkout expired). Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several processes share the work without waiting or releasing one twice.
 * The answer stops the timer and waits for a round under way (the database closes after it).
 */
export function startHoldRelease(db: Database, clock: Clock, intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  let round: Promise<void> | undefined;
  const timer = setInterval(() => {
    round ??= db
      .transaction((tx) => releaseHolds(tx, clock().getTime()))
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'releasing expired booking holds failed'),
      )
      .finally(() => {
        round = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
