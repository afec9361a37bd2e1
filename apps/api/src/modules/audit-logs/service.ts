import type { AuditLogListQuery } from '@sehha/contract/audit-logs';
import type { Database } from '../../db/database';
import { auditLogRepository } from './repository';

export function createAuditLogService(db: Database, timeZone: string) {
  return {
    /** The log under the filters; `from`/`to` are whole days of the platform's time zone, both included. */
    list(query: AuditLogListQuery) {
      return auditLogRepository.page(
        db,
        {
          search: query.search,
          actorId: query.actor_id,
          action: query.action,
          entity: query.entity,
          fromDay: query.from,
          toDay: query.to,
          timeZone,
        },
        { page: query.page, perPage: query.per_page },
      );
    },

    /** One record's history, newest first. */
    history(entity: string, id: number, query: { page: number; per_page: number }) {
      return auditLogRepository.page(db, { entity, entityId: String(id) }, { page: query.page, perPage: query.per_page });
    },
  };
}
