import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditLogEntry } from '@sehha/contract/audit-logs';
import type { Database } from '../../db/connection';
import { users } from '../../db/schema/accounts';
import { auditLogs } from '../../db/schema/audit';
import { fetchPage, toIsoRequired } from '../../db/paged';

/** `fromDay`/`toDay` ('YYYY-MM-DD') are whole days of `timeZone`, both included. */
export type AuditFilter = { actorId?: number; action?: string; entity?: string; entityId?: string; fromDay?: string; toDay?: string; timeZone?: string };

const matching = (filter: AuditFilter): SQL | undefined =>
  and(
    filter.actorId === undefined ? undefined : eq(auditLogs.actor_id, filter.actorId),
    filter.action === undefined ? undefined : eq(auditLogs.action, filter.action),
    filter.entity === undefined ? undefined : eq(auditLogs.entity, filter.entity),
    filter.entityId === undefined ? undefined : eq(auditLogs.entity_id, filter.entityId),
    filter.fromDay === undefined ? undefined : sql`${auditLogs.created_at} >= (${filter.fromDay}::date::timestamp at time zone ${filter.timeZone ?? 'UTC'})`,
    filter.toDay === undefined ? undefined : sql`${auditLogs.created_at} < ((${filter.toDay}::date + 1)::timestamp at time zone ${filter.timeZone ?? 'UTC'})`,
  );

export const auditLogRepository = {
  /** Newest first (created_at, then id), with the acting admin's name and email. */
  page(db: Database, filter: AuditFilter, query: { page: number; perPage: number }) {
    const where = matching(filter);
    return fetchPage<AuditLogEntry>({
      ...query,
      rows: async (limit, offset) => {
        const rows = await db
          .select({
            id: auditLogs.id,
            actor_id: users.id,
            actor_name: users.name,
            actor_email: users.email,
            action: auditLogs.action,
            entity: auditLogs.entity,
            entity_id: auditLogs.entity_id,
            before: auditLogs.before,
            after: auditLogs.after,
            created_at: auditLogs.created_at,
          })
          .from(auditLogs)
          .leftJoin(users, eq(users.id, auditLogs.actor_id))
          .where(where)
          .orderBy(desc(auditLogs.created_at), desc(auditLogs.id))
          .limit(limit)
          .offset(offset);
        return rows.map(({ actor_id, actor_name, actor_email, created_at, ...row }) => ({
          ...row,
          actor: actor_id === null || actor_name === null || actor_email === null ? null : { id: actor_id, name: actor_name, email: actor_email },
          created_at: toIsoRequired(created_at),
        }));
      },
      count: async () => {
        const [row] = await db.select({ total: count() }).from(auditLogs).where(where);
        return Number(row?.total ?? 0);
      },
    });
  },
};
