import { accessLogPaths, type AccessLogEntry } from '@sehha/contract/access-logs';
import type { QueryParams } from '../../lib/api-client';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';

/** Query-key root of the access log. */
export const accessLogKey = 'access-log';

/** GET /api/admin/access-logs under the screen's filters (reading it is itself logged, kind `access_log`). */
export function useAccessLog(query: QueryParams) {
  return usePaginatedQuery<AccessLogEntry>(accessLogKey, accessLogPaths.list, query, { errorMessageKey: 'access-logs:fetchError' });
}
