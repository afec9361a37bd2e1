import { and, asc, eq, inArray, sql, sum } from 'drizzle-orm';
import { bulkUpdateAudited, idIn } from '../../db/bulk-update';
import type { Database } from '../../db/database';
import { licenses, providers } from '../../db/schema/providers';
import { columnsOf } from '../../db/sql';
import { newestFirstPage } from '../../db/paging';
import { matchesSearch } from '../../db/search';
import { toIsoRequired } from '../../db/dates';
import { withTotal, cappedCount } from '../../db/totals';
import { licenseCounts } from '../../db/schema/counters';

export type LicenseStatus = 'pending' | 'approved' | 'rejected';
export type LicenseFilter = {
  status?: LicenseStatus | undefined;
  search?: string | undefined;
  expired?: boolean | undefined;
  /** Still valid, expiring within this many days (today included). */
  expiringWithin?: number | undefined;
};

type ExpiryColumn = typeof licenses.expires_on | typeof licenseCounts.expires_on;

/** The list's expiry filters on `column`, against `day` (the platform's today). */
function expiryFilter(column: ExpiryColumn, day: string, { expired, expiringWithin }: LicenseFilter) {
  const today = sql`${day}::date`;
  return and(
    expired === undefined ? undefined : expired ? sql`${column} < ${today}` : sql`${column} >= ${today}`,
    expiringWithin === undefined ? undefined : sql`${column} between ${today} and ${today} + ${expiringWithin}::int`,
  );
}

/** A formatter per time zone: making one costs more than a kept page's whole answer. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `at`'s calendar date in `timeZone`, as 'YYYY-MM-DD'. */
export function localDate(timeZone: string, at: Date): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * A license as its list shows it (the list's rows and the one record of item(), the review queue's), `expired`
 * against `day` ('YYYY-MM-DD', the platform's today).
 */
const listColumns = (day: string) => ({
  ...columnsOf(licenses, 'id', 'number', 'path', 'original_name', 'mime_type', 'expires_on'),
  expired: sql<boolean>`${licenses.expires_on} < ${day}::date`.mapWith(Boolean),
  ...columnsOf(licenses, 'status', 'created_at'),
  provider_id: providers.id,
  provider_kind: providers.kind,
  provider_name_ar: providers.name_ar,
  provider_name_en: providers.name_en,
  // Whose document it is: signed into its link, so opening it is access-logged without a query.
  provider_user_id: providers.user_id,
});

export const licenseRepository = {
  page(db: Database, timeZone: string, query: LicenseFilter & { page: number; perPage: number }) {
    // Today's date where the platform operates (a license expiring today is still valid today): a parameter
    // read from this process's clock rather than `now()` in the statement, so that a statement names its day
    // and the page cache (db/page-cache.ts) may keep its page until the day changes.
    const day = localDate(timeZone, new Date());
    const expiry = (column: ExpiryColumn) => expiryFilter(column, day, query);
    const where = and(
      query.status ? eq(licenses.status, query.status) : undefined,
      matchesSearch(providers.search, query.search),
      expiry(licenses.expires_on),
    );
    // Without a search: the maintained counts per status and expiry date, summed over the filter.
    const total = query.search?.trim()
      ? cappedCount(db.select({ id: licenses.id }).from(licenses).innerJoin(providers, eq(providers.id, licenses.provider_id)).where(where))
      : db
          .select({ total: sum(licenseCounts.total) })
          .from(licenseCounts)
          .where(and(query.status ? eq(licenseCounts.status, query.status) : undefined, expiry(licenseCounts.expires_on)));
    const select = db
      .select(withTotal(listColumns(day), total))
      .from(licenses)
      .innerJoin(providers, eq(providers.id, licenses.provider_id))
      .$dynamic();
    return newestFirstPage(db, select, licenses, where, query, {
      shape: ['licenses', query, day],
      present: (row) => ({ ...row, created_at: toIsoRequired(row.created_at) }),
      total,
      oldestFirst: query.status === 'pending',
    });
  },

  /** One license as its list shows it (the review queue's record), or undefined. */
  item(db: Database, timeZone: string, id: number) {
    return db
      .select(listColumns(localDate(timeZone, new Date())))
      .from(licenses)
      .innerJoin(providers, eq(providers.id, licenses.provider_id))
      .where(eq(licenses.id, id))
      .then((rows) => (rows[0] ? { ...rows[0], created_at: toIsoRequired(rows[0].created_at) } : undefined));
  },

  find(db: Database, id: number, lock = false) {
    const query = db
      .select({ id: licenses.id, status: licenses.status, provider_id: licenses.provider_id })
      .from(licenses)
      .where(eq(licenses.id, id));
    return (lock ? query.for('update') : query).then((rows) => rows[0]);
  },

  /** Which of `ids` are licenses (any status), locked for a bulk decision. */
  lockIds(db: Database, ids: number[]) {
    return db
      .select({ id: licenses.id })
      .from(licenses)
      .where(idIn(licenses.id, ids))
      .orderBy(asc(licenses.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /** Every license the list shows under its filter (the provider's search, status, expiry as the page counts them), locked. */
  lockMatching(db: Database, timeZone: string, filter: LicenseFilter) {
    const { status, search } = filter;
    const term = search?.trim();
    return db
      .select({ id: licenses.id })
      .from(licenses)
      .where(
        and(
          status ? eq(licenses.status, status) : undefined,
          expiryFilter(licenses.expires_on, localDate(timeZone, new Date()), filter),
          // The page joins the provider to search it; the same rows, as a subquery beside the licenses.
          term
            ? sql`${licenses.provider_id} in (select ${providers.id} from ${providers} where ${matchesSearch(providers.search, term)})`
            : undefined,
        ),
      )
      .orderBy(asc(licenses.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /**
   * Moves the licenses among `ids` (locked by the caller) whose status may move to `to`, one `status`
   * audit row each, in ONE statement; the others are skipped. Must run in the caller's transaction.
   */
  async bulkSetStatus(db: Database, actorId: number, ids: number[], to: LicenseStatus, from: readonly LicenseStatus[]) {
    const scope = idIn(licenses.id, ids);
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: 'status',
      entity: 'license',
      changed: sql`update ${licenses} set status = ${to}, updated_at = now()
        from ${licenses} as previous
        where previous.id = ${licenses.id} and ${inArray(licenses.status, [...from])} and ${scope}
        returning ${licenses.id}::text as entity_id, jsonb_build_object('status', previous.status) as before,
          jsonb_build_object('status', ${to}::text, 'bulk', true) as after`,
    });
    return changed.length;
  },

  /**
   * Accepting a provider approves the licenses its application sent that are still pending and not expired
   * (the reviewer read them with the application); one `status` audit row per license. In the caller's transaction.
   * Answers the ids approved (undoing the acceptance returns them to pending: returnToPending).
   */
  async approvePendingOf(db: Database, actorId: number, providerIds: readonly number[]) {
    if (providerIds.length === 0) return [];
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: 'status',
      entity: 'license',
      changed: sql`update ${licenses} set status = 'approved', updated_at = now()
        from ${licenses} as previous
        where previous.id = ${licenses.id} and ${licenses.status} = 'pending' and ${licenses.expires_on} >= current_date
          and ${idIn(licenses.provider_id, [...providerIds])}
        returning ${licenses.id}::text as entity_id, jsonb_build_object('status', previous.status) as before,
          jsonb_build_object('status', 'approved', 'with_provider', true) as after`,
    });
    return changed.map(Number);
  },

  /**
   * The licenses `ids` that an undone acceptance approved and that are still approved go back to pending, one
   * `undo` audit row each; one decided since stays. In the caller's transaction.
   */
  async returnToPending(db: Database, actorId: number, ids: readonly number[]) {
    if (ids.length === 0) return 0;
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: 'undo',
      entity: 'license',
      changed: sql`update ${licenses} set status = 'pending', updated_at = now()
        where ${licenses.status} = 'approved' and ${idIn(licenses.id, [...ids])}
        returning ${licenses.id}::text as entity_id, jsonb_build_object('status', 'approved') as before,
          jsonb_build_object('status', 'pending', 'with_provider', true) as after`,
    });
    return changed.length;
  },

  setStatus(db: Database, id: number, status: LicenseStatus) {
    return db
      .update(licenses)
      .set({ status, updated_at: sql`now()` })
      .where(eq(licenses.id, id));
  },
};
