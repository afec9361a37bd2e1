import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { prescriptionListQuery, prescriptionListResponse, prescriptionPaths } from '@sehha/contract/prescriptions';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute, subjectAt } from '../../http/export-route';
import { accessed } from '../../access-log/declared-reads';
import { requestLanguage } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createPrescriptionService } from './service';

const tags = ['prescriptions'];

export const prescriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const prescriptions = createPrescriptionService(deps.db, deps.signer);

  app.get(
    adminRoute(prescriptionPaths.list),
    {
      schema: { tags, querystring: prescriptionListQuery, response: { 200: prescriptionListResponse } },
      config: { access: { kind: 'prescription_list', purpose: 'platform_oversight' }, keptAnswer: true },
    },
    async (request, reply) => {
      const { page, per_page, pharmacy_name } = request.query;
      const result = await prescriptions.list(
        { page, perPage: per_page, pharmacyName: pharmacy_name },
        requestLanguage(request),
        request.admin.id,
      );
      accessed(request, {
        entity: 'prescription',
        recordIds: result.items.map((row) => row.id),
        subjectUserIds: result.items.map((row) => row.user.id),
      });
      // Signed links to health data: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { data: toPaginator(request, result) };
    },
  );

  // The file is patient data: the export names the prescription, the pharmacy and the user, not a link to the image.
  exportRoute(app, deps.db, {
    list: prescriptionPaths.list,
    query: prescriptionListQuery,
    name: 'prescriptions',
    entity: 'prescription',
    tags,
    columns: [
      column.field('id'),
      column.named('pharmacy'),
      column.field('user', 'user.name'),
      column.field('note'),
      column.field('created_at'),
    ],
    subject: subjectAt('user.id'),
    rows: ({ query: { page, per_page, pharmacy_name }, language, request }) =>
      prescriptions.list({ page, perPage: per_page, pharmacyName: pharmacy_name }, language, request.admin.id),
  });
};
