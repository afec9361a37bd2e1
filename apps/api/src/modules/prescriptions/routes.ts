import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { prescriptionListQuery, prescriptionListResponse, prescriptionPaths } from '@sehha/contract/prescriptions';
import { toPaginator } from '../../http/paginate';
import { requestLanguage } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createPrescriptionService } from './service';

const tags = ['prescriptions'];

export const prescriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const prescriptions = createPrescriptionService(deps.db, deps.signer);

  app.get(
    adminRoute(prescriptionPaths.list),
    { schema: { tags, querystring: prescriptionListQuery, response: { 200: prescriptionListResponse } } },
    async (request, reply) => {
      const { page, per_page, pharmacy_name } = request.query;
      const result = await prescriptions.list({ page, perPage: per_page, pharmacyName: pharmacy_name }, requestLanguage(request));
      // Signed links to health data: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { data: toPaginator(request, result) };
    },
  );
};
