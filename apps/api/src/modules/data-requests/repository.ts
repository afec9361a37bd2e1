import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DataRequestKind, PrivacyChannel } from '@sehha/contract/status-codes';
import { openDataRequestStatuses } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { dataRequests } from '../../db/schema/privacy';

export type OpenRequest = {
  userId: number;
  kind: DataRequestKind;
  channel: PrivacyChannel;
  note?: string | null | undefined;
  dueAt: Date;
  handledBy?: number | null | undefined;
};

/** The data requests table: a person's requests about their data, and their states. */
export const dataRequestRepository = {
  /**
   * Opens a request, or answers the person's open request of that kind (one at a time: a retried request is the
   * same request). `created` tells which.
   */
  async open(tx: Database, request: OpenRequest) {
    const [inserted] = await tx
      .insert(dataRequests)
      .values({
        user_id: request.userId,
        kind: request.kind,
        channel: request.channel,
        note: request.note ?? null,
        due_at: request.dueAt.toISOString(),
        handled_by: request.handledBy ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, created: true };
    const [open] = await tx
      .select()
      .from(dataRequests)
      .where(
        and(
          eq(dataRequests.user_id, request.userId),
          eq(dataRequests.kind, request.kind),
          inArray(dataRequests.status, [...openDataRequestStatuses]),
        ),
      );
    if (!open) throw new Error('data request neither inserted nor open');
    return { row: open, created: false };
  },

  /** Marks a request done (by an admin, or by the platform when `handledBy` is null). */
  async complete(tx: Database, id: number, update: { handledBy?: number | null | undefined; note?: string | undefined } = {}) {
    const [row] = await tx
      .update(dataRequests)
      .set({
        status: 'completed',
        completed_at: sql`now()`,
        updated_at: sql`now()`,
        last_error: null,
        ...(update.handledBy === undefined ? {} : { handled_by: update.handledBy }),
        ...(update.note === undefined ? {} : { note: update.note }),
      })
      .where(eq(dataRequests.id, id))
      .returning();
    return row;
  },
};
