import type { AccessLogListQuery } from '@sehha/contract/access-logs';
import type { Database } from '../../db/database';
import { accessLogRepository } from './repository';

export function createAccessLogService(db: Database, timeZone: string) {
  return {
    /** The log under the filters; `from`/`to` are whole days of the platform's time zone, both included. */
    list(query: AccessLogListQuery) {
      return accessLogRepository.page(
        db,
        {
          subjectUserId: query.subject_user_id,
          actorId: query.actor_id,
          kind: query.kind,
          fromDay: query.from,
          toDay: query.to,
          timeZone,
        },
        { page: query.page, perPage: query.per_page },
      );
    },
  };
}
