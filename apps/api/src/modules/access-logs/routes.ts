import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessLogListQuery, accessLogListResponse, accessLogPaths, type AccessLogEntry } from '@sehha/contract/access-logs';
import { adminRoute } from '../../auth/admin-scope';
import { accessed } from '../../access-log/declared-reads';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute } from '../../http/export-route';
import type { AppDeps } from '../../app-deps';
import { createAccessLogService } from './service';

const tags = ['access log'];

/** Who read health data: `privacy.manage` (route-permissions.ts). Reading it is itself a logged read. */
export const accessLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const accessLog = createAccessLogService(deps.db, deps.config.timeZone);

  app.get(
    adminRoute(accessLogPaths.list),
    {
      schema: {
        tags,
        summary: 'Who read health data or documents, newest first, by person, reader, kind and day range',
        querystring: accessLogListQuery,
        response: { 200: accessLogListResponse },
      },
      config: { access: { kind: 'access_log', purpose: 'privacy_audit' } },
    },
    async (request) => {
      const result = await accessLog.list(request.query);
      accessed(request, {
        entity: 'access_log',
        recordIds: result.items.map((row) => row.id),
        subjectUserIds: request.query.subject_user_id === undefined ? [] : [request.query.subject_user_id],
        details: { filters: filtersOf(request.query) },
      });
      return { data: toPaginator(request, result) };
    },
  );

  exportRoute(app, deps.db, {
    list: accessLogPaths.list,
    query: accessLogListQuery,
    name: 'access-log',
    entity: 'access_log',
    tags,
    columns: [
      column.field('id'),
      column.field('created_at'),
      column.field('reader', 'actor.name'),
      column.field('actor_kind'),
      column.field('kind'),
      column.field('purpose'),
      column.computed('subjects', (row) => ((row.subjects ?? []) as AccessLogEntry['subjects']).map((s) => s.name).join(', ')),
      column.field('subject_count'),
      column.field('record_ids'),
      column.field('route'),
      column.field('ip_address', 'address'),
    ],
    rows: ({ query }) => accessLog.list(query),
  });
};

const filtersOf = ({ page: _page, per_page: _perPage, ...filters }: Record<string, unknown>) => filters;
