import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { pharmacyBranchListQuery, pharmacyBranchListResponse, pharmacyBranchPaths } from '@sehha/contract/pharmacy-branches';
import { toPaginator } from '../../http/paginate';
import type { AppDeps } from '../../app-deps';
import { createProviderService } from '../providers/service';
import { pharmacyBranchRepository as repository } from './repository';

/** GET a pharmacy's branches; 404 when the id is not a pharmacy. Read-only, so no service layer of its own. */
export const pharmacyBranchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const providers = createProviderService(deps.db, deps.signer);
  app.get(
    adminRoute(pharmacyBranchPaths.list(':id')),
    { schema: { tags: ['pharmacy branches'], params: idParams, querystring: pharmacyBranchListQuery, response: { 200: pharmacyBranchListResponse } } },
    async (request) => {
      const { page, per_page, search } = request.query;
      await providers.findOfKinds(request.params.id, ['pharmacy']);
      return { data: toPaginator(request, await repository.page(deps.db, request.params.id, { page, perPage: per_page, search })) };
    },
  );
};
