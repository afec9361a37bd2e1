import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { auditHistoryParams, auditHistoryQuery, auditLogListQuery, auditLogListResponse, auditLogPaths } from '@sehha/contract/audit-logs';
import { toPaginator } from '../../http/paginate';
import type { AppDeps } from '../../app-deps';
import { createAuditLogService } from './service';

const tags = ['audit log'];

export const auditLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const auditLog = createAuditLogService(deps.db, deps.config.timeZone);

  app.get(
    adminRoute(auditLogPaths.list),
    {
      schema: {
        tags,
        summary: 'Every admin change, newest first, by admin, action, record kind and day range',
        querystring: auditLogListQuery,
        response: { 200: auditLogListResponse },
      },
    },
    async (request) => ({ data: toPaginator(request, await auditLog.list(request.query)) }),
  );

  app.get(
    adminRoute(auditLogPaths.history(':entity', ':id')),
    {
      schema: {
        tags,
        summary: "One record's changes, newest first",
        params: auditHistoryParams,
        querystring: auditHistoryQuery,
        response: { 200: auditLogListResponse },
      },
    },
    async (request) => ({ data: toPaginator(request, await auditLog.history(request.params.entity, request.params.id, request.query)) }),
  );
};
