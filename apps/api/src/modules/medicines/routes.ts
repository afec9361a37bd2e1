import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { medicineListQuery, medicineListResponse, medicinePaths } from '@sehha/contract/medicines';
import { toPaginator } from '../../http/paginate';
import type { AppDeps } from '../../app-deps';
import { createProviderService } from '../providers/service';
import { medicineRepository as repository } from './repository';

/** GET a pharmacy's medicines; 404 when the id is not a pharmacy. */
export const medicineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const providers = createProviderService(deps.db, deps.signer);
  app.get(
    adminRoute(medicinePaths.list(':id')),
    { schema: { tags: ['medicines'], params: idParams, querystring: medicineListQuery, response: { 200: medicineListResponse } } },
    async (request) => {
      const { page, per_page, search } = request.query;
      await providers.findOfKinds(request.params.id, ['pharmacy']);
      return { data: toPaginator(request, await repository.page(deps.db, request.params.id, { page, perPage: per_page, search })) };
    },
  );
};
