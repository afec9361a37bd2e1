import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AuditLogEntry } from '@sehha/contract/audit-logs';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { auditLogs } from '../../db/schema/audit';
import { countOf, withTotal } from '../../db/totals';
import { columnsOf } from '../../db/sql';
import { newestFirstPage } from '../../db/paging';
import { toIsoRequired } from '../../db/dates';
import { matchesSearch } from '../../db/search';
import { subjectMatches, subjectName } from './subjects';

/** The jsonb `[en, ar]` of subjectName as the entry's names (either language standing in for a missing one). */
function subjectOf(value: unknown): AuditLogEntry['subject'] {
  const names = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(names)) return null;
  const [en, ar] = names.map((name) => (typeof name === 'string' && name.trim() !== '' ? name : null));
  return en || ar ? { name_en: en ?? ar ?? '', name_ar: ar ?? en ?? '' } : null;
}

/** `fromDay`/`toDay` ('YYYY-MM-DD') are whole days of `timeZone`, both included. */
export type AuditFilter = {
  search?: string | undefined;
  actorId?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  timeZone?: string | undefined;
};

/**
 * Decisions on a provider or a licence are recorded as `status` with the new status in `after` (one action for
 * the three outcomes); the filters for accepting and rejecting find them too.
 */
const decidedAs: Record<string, string> = { approve: 'approved', reject: 'rejected' };
const actionIs = (action: string): SQL => {
  const status = decidedAs[action];
  const named = eq(auditLogs.action, action);
  return status === undefined
    ? named
    : (or(named, sql`(${auditLogs.action} = 'status' and ${auditLogs.after} ->> 'status' = ${status})`) as SQL);
};

/** The admin's name or email, or the record's name (subjects.ts), matches the search. */
const searchFor = (term: string | undefined): SQL | undefined => {
  const actors = matchesSearch(users.search, term);
  if (!actors || term === undefined) return undefined;
  return or(sql`${auditLogs.actor_id} in (select ${users.id} from ${users} where ${actors})`, subjectMatches(term.trim()));
};

const matching = (filter: AuditFilter): SQL | undefined =>
  and(
    searchFor(filter.search),
    filter.actorId === undefined ? undefined : eq(auditLogs.actor_id, filter.actorId),
    filter.action === undefined ? undefined : actionIs(filter.action),
    filter.entity === undefined ? undefined : eq(auditLogs.entity, filter.entity),
    filter.entityId === undefined ? undefined : eq(auditLogs.entity_id, filter.entityId),
    filter.fromDay === undefined
      ? undefined
      : sql`${auditLogs.created_at} >= (${filter.fromDay}::date::timestamp at time zone ${filter.timeZone ?? 'UTC'})`,
    filter.toDay === undefined
      ? undefined
      : sql`${auditLogs.created_at} < ((${filter.toDay}::date + 1)::timestamp at time zone ${filter.timeZone ?? 'UTC'})`,
  );

export const auditLogRepository = {
  /** Newest first (created_at, then id), with the acting admin's name and email. */
  page(db: Database, filter: AuditFilter, query: { page: number; perPage: number }) {
    const where = matching(filter);
    const total = countOf(db, auditLogs, where);
    const select = db
      .select(
        withTotal(
          {
            id: auditLogs.id,
            actor_id: users.id,
            actor_name: users.name,
            actor_email: users.email,
            ...columnsOf(auditLogs, 'action', 'entity', 'entity_id', 'before', 'after', 'created_at'),
            subject: sql<unknown>`${subjectName}`,
          },
          total,
        ),
      )
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actor_id))
      .$dynamic();
    return newestFirstPage(db, select, auditLogs, where, query, {
      shape: ['audit_logs', query, filter],
      present: ({ actor_id, actor_name, actor_email, created_at, subject, ...row }): AuditLogEntry => ({
        ...row,
        subject: subjectOf(subject),
        actor:
          actor_id === null || actor_name === null || actor_email === null ? null : { id: actor_id, name: actor_name, email: actor_email },
        created_at: toIsoRequired(created_at),
      }),
      total,
    });
  },
};
