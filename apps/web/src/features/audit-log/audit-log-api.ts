import { auditLogPaths, type AuditLogEntry } from '@sehha/contract/audit-logs';
import type { QueryParams } from '../../lib/api-client';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';

export const auditLogKey = 'audit-log';

/** GET /api/admin/audit-logs under the list's filters. */
export function useAuditLog(query: QueryParams) {
  return usePaginatedQuery<AuditLogEntry>(auditLogKey, auditLogPaths.list, query, { errorMessageKey: 'audit:fetchError' });
}
