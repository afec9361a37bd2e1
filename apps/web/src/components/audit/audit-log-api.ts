import { auditLogPaths, type AuditLogEntry } from '@sehha/contract/audit-logs';
import type { QueryParams } from '../../lib/api-client';
import { usePaginatedQuery } from '../table/use-paginated-query';

/** Query-key root of the audit log: the audit-log screen and every record's history dialog. */
export const auditLogKey = 'audit-log';

/** GET /api/admin/audit-logs under the list's filters. */
export function useAuditLog(query: QueryParams) {
  return usePaginatedQuery<AuditLogEntry>(auditLogKey, auditLogPaths.list, query, { errorMessageKey: 'audit-logs:fetchError' });
}
