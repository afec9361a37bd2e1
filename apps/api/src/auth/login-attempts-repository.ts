import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { loginAttempts } from '../db/schema/login-throttle';

export type AttemptCounter = { key: string; attempts: number; window_ends_at: Date };

export const loginAttemptsRepository = {
  /**
   * Counts one attempt on each key in one upsert and returns the new counts. A key whose
   * window has ended starts a new one (ending at `windowEndsAt`) at 1. Rows are locked in the
   * order of `keys`: callers always pass the same kinds of key in the same order, so that two
   * attempts never wait for each other in a cycle.
   */
  countAttempt(db: Database, keys: string[], now: Date, windowEndsAt: Date): Promise<AttemptCounter[]> {
    const ended = sql`${loginAttempts.window_ends_at} <= ${now.toISOString()}::timestamptz`;
    return db
      .insert(loginAttempts)
      .values(keys.map((key) => ({ key, attempts: 1, window_ends_at: windowEndsAt })))
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          attempts: sql`case when ${ended} then 1 else ${loginAttempts.attempts} + 1 end`,
          window_ends_at: sql`case when ${ended} then excluded.window_ends_at else ${loginAttempts.window_ends_at} end`,
        },
      })
      .returning({ key: loginAttempts.key, attempts: loginAttempts.attempts, window_ends_at: loginAttempts.window_ends_at });
  },

  /** Takes back one counted attempt, unless the key has started another window since. */
  uncount(db: Database, counter: AttemptCounter) {
    return db
      .update(loginAttempts)
      .set({ attempts: sql`${loginAttempts.attempts} - 1` })
      .where(
        and(eq(loginAttempts.key, counter.key), eq(loginAttempts.window_ends_at, counter.window_ends_at), gt(loginAttempts.attempts, 0)),
      );
  },

  forget(db: Database, key: string) {
    return db.delete(loginAttempts).where(eq(loginAttempts.key, key));
  },

  /**
   * Deletes up to `limit` rows whose window has ended. Rows locked by an attempt in progress
   * are skipped rather than waited for (that attempt resets them anyway).
   */
  deleteEnded(db: Database, now: Date, limit = 1000) {
    const ended = db
      .select({ key: loginAttempts.key })
      .from(loginAttempts)
      .where(lte(loginAttempts.window_ends_at, now))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.delete(loginAttempts).where(inArray(loginAttempts.key, ended));
  },
};
