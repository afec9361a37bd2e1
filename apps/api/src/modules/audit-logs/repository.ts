import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditLogEntry } from '@sehha/contract/audit-logs';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { auditLogs } from '../../db/schema/audit';
import { countOf, withTotal } from '../../db/totals';
import { columnsOf } from '../../db/sql';
import { newestFirstPage } from '../../db/paging';
import { toIsoRequired } from '../../db/dates';

/** `fromDay`/`toDay` ('YYYY-MM-DD') are whole days of `timeZone`, both included. */
export type AuditFilter = {
  actorId?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  timeZone?: string | undefined;
};

const matching = (filter: AuditFilter): SQL | undefined =>
  and(
    filter.actorId === undefined ? undefined : eq(auditLogs.actor_id, filter.actorId),
    filter.action === undefined ? undefined : eq(auditLogs.action, filter.action),
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
          },
          total,
        ),
      )
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actor_id))
      .$dynamic();
    return newestFirstPage(db, select, auditLogs, where, query, {
      shape: ['audit_logs', query, filter],
      present: ({ actor_id, actor_name, actor_email, created_at, ...row }): AuditLogEntry => ({
        ...row,
        actor:
          actor_id === null || actor_name === null || actor_email === null ? null : { id: actor_id, name: actor_name, email: actor_email },
        created_at: toIsoRequired(created_at),
      }),
      total,
    });
  },
};
