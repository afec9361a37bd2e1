import { sql, type SQL } from 'drizzle-orm';
import { providerKindSlugs } from '@sehha/contract/providers';
import { reviewClaimSeconds, type ReviewQueueKind, type ReviewRecordRef } from '@sehha/contract/review-queue';
import type { ReviewRecordKind } from '@sehha/contract/status-codes';
import { queryRows, type Database } from '../../db/database';
import { counterNames } from '../../db/totals';

/** Where a record stands in the queue's order: its created_at as the database wrote it (microseconds kept), its kind and id. */
export type QueuePosition = { record: ReviewRecordKind; id: number; at: string };
export type Candidate = QueuePosition & { queue: ReviewQueueKind };
export type Direction = 'after' | 'before';

/** Ties on created_at across the three tables: providers, then licenses, then change requests. */
const rank: Record<ReviewRecordKind, number> = { provider: 0, license: 1, change_request: 2 };
const tables: Record<ReviewRecordKind, SQL> = {
  provider: sql.raw('providers'),
  license: sql.raw('licenses'),
  change_request: sql.raw('change_requests'),
};

const isProviderQueue = (kind: ReviewQueueKind): kind is keyof typeof providerKindSlugs => kind in providerKindSlugs;
const recordOfQueue = (kind: ReviewQueueKind): ReviewRecordKind =>
  isProviderQueue(kind) ? 'provider' : kind === 'licenses' ? 'license' : 'change_request';

/**
 * What waits in one queue, on the row `t`: a listed provider of the kind still pending; a pending license whose
 * provider is not itself pending (those are decided with the application: accepting it approves them); a waiting
 * change request. Each is walked by its (status, created_at) index.
 */
function waiting(kind: ReviewQueueKind): SQL {
  if (isProviderQueue(kind)) return sql`t.kind = ${providerKindSlugs[kind]} and t.status = 'pending' and t.account_active`;
  if (kind === 'licenses')
    return sql`t.status = 'pending' and not exists (select 1 from providers p where p.id = t.provider_id and p.status = 'pending')`;
  return sql`t.status = 0`;
}

/**
 * The (created_at, rank, id) order past `from` on one table, written per table so that each stays a walk of its
 * created_at index: a table ranked before the cursor's starts strictly after its moment, one ranked after at it.
 */
function past(record: ReviewRecordKind, from: QueuePosition | undefined, direction: Direction): SQL {
  if (!from) return sql`true`;
  const at = sql`${from.at}::timestamptz`;
  const [strict, loose] = direction === 'after' ? [sql.raw('>'), sql.raw('>=')] : [sql.raw('<'), sql.raw('<=')];
  if (rank[record] === rank[from.record]) return sql`(t.created_at, t.id) ${strict} (${at}, ${from.id}::bigint)`;
  const beforeCursor = rank[record] < rank[from.record];
  return sql`t.created_at ${(direction === 'after') === beforeCursor ? strict : loose} ${at}`;
}

export const reviewQueueRepository = {
  /** Where `ref` stands in the order (decided or not), or undefined when there is no such record. */
  async position(db: Database, ref: ReviewRecordRef): Promise<QueuePosition | undefined> {
    const rows = await queryRows<{ at: string }>(db, sql`select created_at::text as at from ${tables[ref.record]} where id = ${ref.id}`);
    return rows[0] ? { ...ref, at: rows[0].at } : undefined;
  },

  /**
   * Up to `limit` waiting records of the queues `kinds` no other admin holds a live claim on, next in the order
   * (oldest first) after or before `from`: one index walk per queue, merged.
   */
  async candidates(
    db: Database,
    kinds: readonly ReviewQueueKind[],
    adminId: number,
    from: QueuePosition | undefined,
    direction: Direction,
    limit: number,
  ): Promise<Candidate[]> {
    const way = sql.raw(direction === 'after' ? 'asc' : 'desc');
    const sources = kinds.map((kind) => {
      const record = recordOfQueue(kind);
      return sql`(select ${record}::text as record, ${kind}::text as queue, t.id, t.created_at, t.created_at::text as at, ${rank[record]}::int as rank
        from ${tables[record]} t
        where ${waiting(kind)} and ${past(record, from, direction)}
          and not exists (select 1 from review_claims c where c.kind = ${record} and c.record_id = t.id and c.expires_at > now() and c.admin_id <> ${adminId})
        order by t.created_at ${way}, t.id ${way} limit ${limit})`;
    });
    const rows = await queryRows<{ record: ReviewRecordKind; queue: ReviewQueueKind; id: string | number; at: string }>(
      db,
      sql`select record, queue, id, at from (${sql.join(sources, sql` union all `)}) as q
        order by created_at ${way}, rank ${way}, id ${way} limit ${limit}`,
    );
    return rows.map((row) => ({ record: row.record, queue: row.queue, id: Number(row.id), at: row.at }));
  },

  /**
   * Takes or renews the claim on a record for `adminId`, in ONE statement: the unique (kind, record_id) index
   * makes a second admin's insert wait for the first and then find the row taken (nothing returned); an expired
   * claim, or the admin's own, is overwritten. Answers when it expires, or undefined when another admin holds it.
   */
  async claim(db: Database, record: ReviewRecordKind, id: number, adminId: number): Promise<string | undefined> {
    const rows = await queryRows<{ expires_at: string | Date }>(
      db,
      sql`insert into review_claims (kind, record_id, admin_id, expires_at)
        values (${record}, ${id}, ${adminId}, now() + make_interval(secs => ${reviewClaimSeconds}))
        on conflict (kind, record_id) do update set admin_id = excluded.admin_id, expires_at = excluded.expires_at
        where review_claims.expires_at <= now() or review_claims.admin_id = excluded.admin_id
        returning expires_at`,
    );
    const expires = rows[0]?.expires_at;
    return expires === undefined ? undefined : new Date(expires).toISOString();
  },

  /** Lets go of the admin's claim on a record (another admin's claim is left alone). */
  release(db: Database, record: ReviewRecordKind, id: number, adminId: number) {
    return db.execute(sql`delete from review_claims where kind = ${record} and record_id = ${id} and admin_id = ${adminId}`);
  },

  /** Lets go of every claim of the admin but the one on `keep`: an admin reviews one record at a time. */
  releaseOthers(db: Database, adminId: number, keep: { record: ReviewRecordKind; id: number }) {
    return db.execute(
      sql`delete from review_claims where admin_id = ${adminId} and not (kind = ${keep.record} and record_id = ${keep.id})`,
    );
  },

  /** How many records wait in each queue: providers from their maintained counters, licenses and change requests by their status index. */
  async counts(db: Database): Promise<Record<ReviewQueueKind, number>> {
    const providerCounts = Object.entries(providerKindSlugs).map(
      ([slug, kind]) =>
        sql`(select coalesce(sum(value), 0) from list_counters where name = ${counterNames.provider(kind, 'pending')}) as ${sql.identifier(slug)}`,
    );
    const [row] = await queryRows<Record<string, string | number>>(
      db,
      sql`select ${sql.join(providerCounts, sql`, `)},
        (select count(*) from licenses t where ${waiting('licenses')}) as licenses,
        (select count(*) from change_requests t where ${waiting('change-requests')}) as "change-requests"`,
    );
    return Object.fromEntries(Object.entries(row ?? {}).map(([kind, value]) => [kind, Number(value)])) as Record<ReviewQueueKind, number>;
  },
};
