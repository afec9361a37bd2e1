import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { auditHistoryParams, auditHistoryQuery, auditLogListQuery, auditLogListResponse, auditLogPaths } from '@sehha/contract/audit-logs';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute, labelOf } from '../../http/export-route';
import { auditActionLabels, auditActionOf, auditEntityLabels } from '@sehha/contract/audit-labels';
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

  const auditColumns = [
    column.field('id'),
    column.field('created_at'),
    column.field('admin', 'actor.name'),
    column.field('email', 'actor.email'),
    // The screen's words: a decision stored as a status change reads as the decision.
    column.computed('action', (row, language) =>
      labelOf(auditActionLabels, auditActionOf(row as { action: string; after: unknown }), language),
    ),
    column.labelled('entity', auditEntityLabels),
    column.field('entity_id'),
    column.named('record_name', 'subject'),
    column.field('before'),
    column.field('after'),
  ];
  exportRoute(app, deps.db, {
    list: auditLogPaths.list,
    query: auditLogListQuery,
    name: 'audit-log',
    entity: 'audit_log',
    tags,
    columns: auditColumns,
    rows: ({ query }) => auditLog.list(query),
  });
  exportRoute(app, deps.db, {
    list: auditLogPaths.history(':entity', ':id'),
    params: auditHistoryParams,
    query: auditHistoryQuery,
    name: 'audit-history',
    entity: 'audit_log',
    tags,
    columns: auditColumns,
    rows: ({ params, query }) => auditLog.history(params.entity, params.id, query),
  });
};
