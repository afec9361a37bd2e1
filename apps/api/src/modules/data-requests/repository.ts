import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DataRequestKind, DataRequestStatus, PrivacyChannel } from '@sehha/contract/status-codes';
import { openDataRequestStatuses } from '@sehha/contract/status-codes';
import type { DataRequestEntry } from '@sehha/contract/data-requests';
import { queryRows, type Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { dataRequests } from '../../db/schema/privacy';
import { countOf, withTotal } from '../../db/totals';
import { selectPage } from '../../db/paging';
import { toIso, toIsoRequired } from '../../db/dates';

export type OpenRequest = {
  userId: number;
  kind: DataRequestKind;
  channel: PrivacyChannel;
  note?: string | null | undefined;
  dueAt: Date;
  handledBy?: number | null | undefined;
};

export type DataRequestRow = typeof dataRequests.$inferSelect;

/** An access request claimed by the archive job: `claimedAt` is its lease, which the finishing write checks. */
export type ClaimedArchive = { id: number; userId: number; claimedAt: string };

export type DataRequestFilter = {
  status?: DataRequestStatus | undefined;
  kind?: DataRequestKind | undefined;
  userId?: number | undefined;
  /** Only open requests past their deadline at `now`. */
  overdue?: boolean | undefined;
};

const isOpen = inArray(dataRequests.status, [...openDataRequestStatuses]);
const handler = alias(users, 'handler');

/** A note added to a request's notes, on a line of its own. */
const appendNote = (note: string) =>
  sql`case when ${dataRequests.note} is null then ${note} else ${dataRequests.note} || E'\\n' || ${note} end`;

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
      .where(and(eq(dataRequests.user_id, request.userId), eq(dataRequests.kind, request.kind), isOpen));
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

  find: (db: Database, id: number) =>
    db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.id, id))
      .then((rows) => rows[0]),

  /** The person's newest request of a kind (open or not): what the app follows. */
  newestOf: (db: Database, userId: number, kind: DataRequestKind) =>
    db
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.user_id, userId), eq(dataRequests.kind, kind)))
      .orderBy(desc(dataRequests.created_at), desc(dataRequests.id))
      .limit(1)
      .then((rows) => rows[0]),

  /** The account a request is for: whether it exists, is an admin, or was erased. */
  account: (db: Database, userId: number) =>
    db
      .select({ id: users.id, role: users.role, erased_at: users.erased_at })
      .from(users)
      .where(eq(users.id, userId))
      .then((rows) => rows[0]),

  /**
   * Claims up to `limit` queued access requests (oldest deadline first) for the archive job: FOR UPDATE SKIP LOCKED
   * and the status `in_progress` with `updated_at` as a lease, so two processes never build the same archive; a
   * claim older than `leaseMinutes` (its process died) is taken again, and a failed one after `retryMinutes`.
   */
  async claimQueued(tx: Database, limit: number, leaseMinutes: number, retryMinutes: number): Promise<ClaimedArchive[]> {
    const rows = await queryRows<{ id: string | number; user_id: string | number; claimed_at: string | Date }>(
      tx,
      sql`update ${dataRequests} set status = 'in_progress', updated_at = clock_timestamp(), last_error = null
          where ${dataRequests.id} in (
            select ${dataRequests.id} from ${dataRequests}
            where ${dataRequests.kind} = 'access'
              and ((${dataRequests.status} = 'received'
                    and (${dataRequests.last_error} is null or ${dataRequests.updated_at} < now() - make_interval(mins => ${retryMinutes})))
                or (${dataRequests.status} = 'in_progress' and ${dataRequests.updated_at} < now() - make_interval(mins => ${leaseMinutes})))
            order by ${dataRequests.due_at}, ${dataRequests.id}
            limit ${limit}
            for update skip locked)
          returning ${dataRequests.id} as id, ${dataRequests.user_id} as user_id, ${dataRequests.updated_at}::text as claimed_at`,
    );
    return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), claimedAt: String(row.claimed_at) }));
  },

  /** The claimed request's archive is stored: completed, downloadable until `expiresAt`. Undefined when the claim was lost. */
  async markBuilt(tx: Database, claim: ClaimedArchive, archiveKey: string, expiresAt: Date) {
    const [row] = await tx
      .update(dataRequests)
      .set({
        status: 'completed',
        completed_at: sql`now()`,
        updated_at: sql`now()`,
        archive_key: archiveKey,
        archive_expires_at: expiresAt.toISOString(),
        downloaded_at: null,
        last_error: null,
      })
      .where(
        and(
          eq(dataRequests.id, claim.id),
          eq(dataRequests.status, 'in_progress'),
          sql`${dataRequests.updated_at} = ${claim.claimedAt}::timestamptz`,
        ),
      )
      .returning();
    return row;
  },

  /** The archive could not be built: queued again (next round), with the reason for the admin's screen. */
  markFailed: (db: Database, claim: ClaimedArchive, error: string) =>
    db
      .update(dataRequests)
      .set({ status: 'received', last_error: error.slice(0, 1000), updated_at: sql`now()` })
      .where(
        and(
          eq(dataRequests.id, claim.id),
          eq(dataRequests.status, 'in_progress'),
          sql`${dataRequests.updated_at} = ${claim.claimedAt}::timestamptz`,
        ),
      ),

  /**
   * Takes the archive's one download: sets downloaded_at only if nobody did, while the archive has not expired at
   * `now`, in one statement (two downloads at once: exactly one gets the key).
   */
  claimDownload: (db: Database, id: number, now: Date) =>
    db
      .update(dataRequests)
      .set({ downloaded_at: now.toISOString(), updated_at: sql`now()` })
      .where(
        and(
          eq(dataRequests.id, id),
          eq(dataRequests.kind, 'access'),
          eq(dataRequests.status, 'completed'),
          isNull(dataRequests.downloaded_at),
          isNotNull(dataRequests.archive_key),
          sql`${dataRequests.archive_expires_at} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ archive_key: dataRequests.archive_key, user_id: dataRequests.user_id })
      .then((rows) => (rows[0]?.archive_key ? { key: rows[0].archive_key, userId: rows[0].user_id } : undefined)),

  /** Moves an open request to a state (an erasure under way, a request re-queued), with an optional note and handler. */
  async setOpenState(
    tx: Database,
    id: number,
    update: { status: 'received' | 'in_progress'; handledBy?: number | undefined; note?: string | undefined },
  ) {
    const [row] = await tx
      .update(dataRequests)
      .set({
        status: update.status,
        last_error: null,
        updated_at: sql`now()`,
        ...(update.handledBy === undefined ? {} : { handled_by: update.handledBy }),
        ...(update.note === undefined ? {} : { note: appendNote(update.note) }),
      })
      .where(and(eq(dataRequests.id, id), isOpen))
      .returning();
    return row;
  },

  /** Takes a received request to carry it out now (in_progress); undefined when it is not waiting (another call runs it). */
  async takeReceived(tx: Database, id: number, handledBy: number | null) {
    const [row] = await tx
      .update(dataRequests)
      .set({ status: 'in_progress', last_error: null, updated_at: sql`now()`, ...(handledBy === null ? {} : { handled_by: handledBy }) })
      .where(and(eq(dataRequests.id, id), eq(dataRequests.status, 'received')))
      .returning();
    return row;
  },

  /** Closes an open request: completed or rejected, with a note added; undefined when it was not open. */
  async close(tx: Database, id: number, update: { status: 'completed' | 'rejected'; handledBy: number | null; note?: string | undefined }) {
    const [row] = await tx
      .update(dataRequests)
      .set({
        status: update.status,
        completed_at: sql`now()`,
        updated_at: sql`now()`,
        last_error: null,
        handled_by: update.handledBy,
        ...(update.note === undefined ? {} : { note: appendNote(update.note) }),
      })
      .where(and(eq(dataRequests.id, id), isOpen))
      .returning();
    return row;
  },

  /** An open request's last attempt failed (an erasure that threw): it stays open, with the reason. */
  failed: (db: Database, id: number, error: string) =>
    db
      .update(dataRequests)
      .set({ status: 'received', last_error: error.slice(0, 1000), updated_at: sql`now()` })
      .where(and(eq(dataRequests.id, id), isOpen)),

  /** A note added to a request (open or closed), by an admin. */
  async addNote(tx: Database, id: number, handledBy: number, note: string) {
    const [row] = await tx
      .update(dataRequests)
      .set({ note: appendNote(note), handled_by: handledBy, updated_at: sql`now()` })
      .where(eq(dataRequests.id, id))
      .returning();
    return row;
  },

  /** The admin's list: open requests first, oldest deadline first; then closed ones, newest first. */
  page(db: Database, filter: DataRequestFilter, query: { page: number; perPage: number }, now: Date) {
    // To the minute: the filter's `now` is part of the page's shape (the page cache keeps a page for that minute).
    const nowText = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    const where: SQL | undefined = and(
      filter.status === undefined ? undefined : eq(dataRequests.status, filter.status),
      filter.kind === undefined ? undefined : eq(dataRequests.kind, filter.kind),
      filter.userId === undefined ? undefined : eq(dataRequests.user_id, filter.userId),
      filter.overdue === undefined
        ? undefined
        : filter.overdue
          ? and(isOpen, sql`${dataRequests.due_at} < ${nowText}::timestamptz`)
          : sql`not (${dataRequests.status} in ('received', 'in_progress') and ${dataRequests.due_at} < ${nowText}::timestamptz)`,
    );
    const total = countOf(db, dataRequests, where);
    const select = db
      .select(
        withTotal(
          {
            row: dataRequests,
            user_name: users.name,
            user_role: users.role,
            user_erased_at: users.erased_at,
            handler_name: handler.name,
          },
          total,
        ),
      )
      .from(dataRequests)
      .innerJoin(users, eq(users.id, dataRequests.user_id))
      .leftJoin(handler, eq(handler.id, dataRequests.handled_by))
      .where(where)
      .orderBy(
        sql`case when ${isOpen} then 0 else 1 end`,
        sql`case when ${isOpen} then ${dataRequests.due_at} end asc`,
        desc(dataRequests.created_at),
        asc(dataRequests.id),
      )
      .$dynamic();
    // `overdue` moves with the clock, not only with the table: the minute is part of the shape.
    return selectPage(db, select, query, {
      shape: ['data_requests', query, filter, nowText],
      total,
      present: (row): DataRequestEntry =>
        presentEntry(row.row, { name: row.user_name, role: row.user_role, erasedAt: row.user_erased_at }, row.handler_name, now),
    });
  },

  /** One request as the admin's list shows it. */
  async entry(db: Database, id: number, now: Date): Promise<DataRequestEntry | undefined> {
    const [row] = await db
      .select({
        row: dataRequests,
        user_name: users.name,
        user_role: users.role,
        user_erased_at: users.erased_at,
        handler_name: handler.name,
      })
      .from(dataRequests)
      .innerJoin(users, eq(users.id, dataRequests.user_id))
      .leftJoin(handler, eq(handler.id, dataRequests.handled_by))
      .where(eq(dataRequests.id, id));
    return row && presentEntry(row.row, { name: row.user_name, role: row.user_role, erasedAt: row.user_erased_at }, row.handler_name, now);
  },
};

/** Whether an open request is past its deadline at `now`. */
export const isOverdue = (row: Pick<DataRequestRow, 'status' | 'due_at'>, now: Date) =>
  (openDataRequestStatuses as readonly string[]).includes(row.status) && new Date(toIsoRequired(row.due_at)).getTime() < now.getTime();

function presentEntry(
  row: DataRequestRow,
  user: { name: string; role: string; erasedAt: string | null },
  handlerName: string | null,
  now: Date,
): DataRequestEntry {
  return {
    id: row.id,
    user: { id: row.user_id, name: user.name, role: user.role, erased: user.erasedAt !== null },
    kind: row.kind,
    status: row.status,
    channel: row.channel,
    note: row.note,
    due_at: toIsoRequired(row.due_at),
    overdue: isOverdue(row, now),
    handled_by: row.handled_by === null || handlerName === null ? null : { id: row.handled_by, name: handlerName },
    completed_at: toIso(row.completed_at),
    archive_expires_at: toIso(row.archive_expires_at),
    downloaded_at: toIso(row.downloaded_at),
    last_error: row.last_error,
    created_at: toIsoRequired(row.created_at),
    updated_at: toIsoRequired(row.updated_at),
  };
}
