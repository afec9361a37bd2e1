import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { otpCodes } from '../../db/schema/app-accounts';
import { loginAttempts } from '../../db/schema/login-throttle';
import { outbox } from '../../db/schema/outbox';
import { prescriptions } from '../../db/schema/prescriptions';
import { accessLogs, dataRequests } from '../../db/schema/privacy';

/** A prescription whose images are marked deleted but whose files may still be in storage. */
export type PurgedImages = { id: number; images: string[] };

/**
 * The retention job's statements. Every batch picks its rows FOR UPDATE SKIP LOCKED, so processes running a
 * round at once take different rows: each row is deleted (and counted) by exactly one of them. Times are the
 * job's clock, passed in, never the database's now(), so that a test can stand on either side of a period.
 */
export const retentionRepository = {
  /**
   * Marks up to `limit` replied prescriptions whose reply is older than `cutoff` as purged, keeping their keys
   * until the files are gone (clearImages): from this commit on no screen signs a link to them.
   */
  markImagesPurged(tx: Database, cutoff: Date, now: Date, limit: number): Promise<PurgedImages[]> {
    const due = tx
      .select({ id: prescriptions.id })
      .from(prescriptions)
      .where(
        and(
          isNull(prescriptions.images_purged_at),
          isNotNull(prescriptions.replied_at),
          lte(prescriptions.replied_at, cutoff.toISOString()),
        ),
      )
      .orderBy(prescriptions.replied_at)
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(prescriptions)
      .set({ images_purged_at: now.toISOString() })
      .where(inArray(prescriptions.id, due))
      .returning({ id: prescriptions.id, images: prescriptions.images });
  },

  /**
   * Purged prescriptions that still name files, marked before `before`: a process that stopped between the mark
   * and the files' removal left them; the next round finishes its work.
   */
  unfinishedPurges(db: Database, before: Date, limit: number): Promise<PurgedImages[]> {
    return db
      .select({ id: prescriptions.id, images: prescriptions.images })
      .from(prescriptions)
      .where(
        and(
          isNotNull(prescriptions.images_purged_at),
          lte(prescriptions.images_purged_at, before.toISOString()),
          sql`cardinality(${prescriptions.images}) > 0`,
        ),
      )
      .orderBy(prescriptions.id)
      .limit(limit);
  },

  /** Forgets the keys of purged prescriptions whose files were removed. */
  clearImages(db: Database, ids: number[]) {
    return db
      .update(prescriptions)
      .set({ images: sql`'{}'::text[]` })
      .where(and(inArray(prescriptions.id, ids), isNotNull(prescriptions.images_purged_at)));
  },

  /** Deletes up to `limit` sign-in codes created before `cutoff`; the number deleted. */
  async deleteOtpCodes(tx: Database, cutoff: Date, limit: number): Promise<number> {
    const due = tx
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(lte(otpCodes.created_at, cutoff.toISOString()))
      .orderBy(otpCodes.created_at)
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx.delete(otpCodes).where(inArray(otpCodes.id, due)).returning({ id: otpCodes.id });
    return deleted.length;
  },

  /** Deletes up to `limit` sign-in throttle counters whose window ended before `cutoff`. */
  async deleteLoginAttempts(tx: Database, cutoff: Date, limit: number): Promise<number> {
    const due = tx
      .select({ key: loginAttempts.key })
      .from(loginAttempts)
      .where(lte(loginAttempts.window_ends_at, cutoff))
      .orderBy(loginAttempts.window_ends_at)
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx.delete(loginAttempts).where(inArray(loginAttempts.key, due)).returning({ key: loginAttempts.key });
    return deleted.length;
  },

  /**
   * Deletes up to `limit` access-log rows written before `cutoff`. The table's trigger refuses a DELETE anywhere
   * else: this transaction says it is the retention job's (set local lasts until its commit).
   */
  async deleteAccessLogs(tx: Database, cutoff: Date, limit: number): Promise<number> {
    await tx.execute(sql`set local sehha.retention = 'on'`);
    const due = tx
      .select({ id: accessLogs.id })
      .from(accessLogs)
      .where(lte(accessLogs.created_at, cutoff.toISOString()))
      .orderBy(accessLogs.created_at)
      .limit(limit)
      .for('update', { skipLocked: true });
    const deleted = await tx.delete(accessLogs).where(inArray(accessLogs.id, due)).returning({ id: accessLogs.id });
    return deleted.length;
  },

  /**
   * Empties the subject and body of up to `limit` messages delivered (or given up, or recalled) before `cutoff`: the row stays
   * (channel, recipient, status, times) as the record that a message was sent. A failed message's last try is
   * its due_at.
   */
  async purgeMessageBodies(tx: Database, cutoff: Date, now: Date, limit: number): Promise<number> {
    const before = cutoff.toISOString();
    const due = tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.body_purged_at),
          ne(outbox.status, 'pending'),
          or(
            and(eq(outbox.status, 'sent'), lte(outbox.sent_at, before)),
            and(eq(outbox.status, 'failed'), lte(outbox.due_at, before)),
            // A recalled message (its decision undone) was never sent: kept as long as a sent one, from when it was written.
            and(eq(outbox.status, 'cancelled'), lte(outbox.created_at, before)),
          ),
        ),
      )
      .orderBy(outbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const purged = await tx
      .update(outbox)
      .set({ subject: null, body: '', body_purged_at: now.toISOString() })
      .where(inArray(outbox.id, due))
      .returning({ id: outbox.id });
    return purged.length;
  },

  /** Locks up to `limit` data-export archives whose link expired before `now`, for their files' removal in this transaction. */
  lockExpiredArchives(tx: Database, now: Date, limit: number): Promise<Array<{ id: number; key: string }>> {
    return tx
      .select({ id: dataRequests.id, key: sql<string>`${dataRequests.archive_key}` })
      .from(dataRequests)
      .where(and(isNotNull(dataRequests.archive_key), lte(dataRequests.archive_expires_at, now.toISOString())))
      .orderBy(dataRequests.archive_expires_at)
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** Forgets the archives whose files were removed. */
  clearArchives(tx: Database, ids: number[]) {
    return tx
      .update(dataRequests)
      .set({ archive_key: null, updated_at: sql`now()` })
      .where(inArray(dataRequests.id, ids));
  },
};
