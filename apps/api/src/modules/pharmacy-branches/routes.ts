import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { pharmacyBranchListQuery, pharmacyBranchListResponse, pharmacyBranchPaths } from '@sehha/contract/pharmacy-branches';
import { pageQuery, paginated } from '../../http/list-route';
import { column, exportRoute } from '../../http/export-route';
import type { AppDeps } from '../../app-deps';
import { createPharmacyBranchService } from './service';

/** GET a pharmacy's branches; 404 when the id is not a pharmacy. */
export const pharmacyBranchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const branches = createPharmacyBranchService(deps.db);
  const schema = {
    tags: ['pharmacy branches'],
    params: idParams,
    querystring: pharmacyBranchListQuery,
    response: { 200: pharmacyBranchListResponse },
  };
  app.get(adminRoute(pharmacyBranchPaths.list(':id')), { schema }, (request) =>
    paginated(request, branches.list(request.params.id, pageQuery(request.query))),
  );

  exportRoute(app, deps.db, {
    list: pharmacyBranchPaths.list(':id'),
    params: idParams,
    query: pharmacyBranchListQuery,
    name: 'pharmacy-branches',
    entity: 'pharmacy_branch',
    tags: schema.tags,
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.named('city'),
      column.field('address'),
      column.field('phone'),
      column.field('is_active'),
      column.field('created_at'),
    ],
    rows: ({ params, query }) => branches.list(params.id, pageQuery(query)),
  });
};
