import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { medicineListQuery, medicineListResponse, medicinePaths } from '@sehha/contract/medicines';
import { pageQuery, paginated } from '../../http/list-route';
import { column, exportRoute } from '../../http/export-route';
import type { AppDeps } from '../../app-deps';
import { createMedicineService } from './service';

/** GET a pharmacy's medicines; 404 when the id is not a pharmacy. */
export const medicineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const medicines = createMedicineService(deps.db);
  const schema = { tags: ['medicines'], params: idParams, querystring: medicineListQuery, response: { 200: medicineListResponse } };
  app.get(adminRoute(medicinePaths.list(':id')), { schema }, (request) =>
    paginated(request, medicines.list(request.params.id, pageQuery(request.query))),
  );

  exportRoute(app, deps.db, {
    list: medicinePaths.list(':id'),
    params: idParams,
    query: medicineListQuery,
    name: 'medicines',
    entity: 'medicine',
    tags: schema.tags,
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.named('category'),
      column.field('price'),
      column.field('in_stock'),
      column.field('created_at'),
    ],
    rows: ({ params, query }) => medicines.list(params.id, pageQuery(query)),
  });
};
