import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { medicineListQuery, medicineListResponse, medicinePaths } from '@sehha/contract/medicines';
import { pageQuery, paginated } from '../../http/list-route';
import type { AppDeps } from '../../app-deps';
import { createMedicineService } from './service';

/** GET a pharmacy's medicines; 404 when the id is not a pharmacy. */
export const medicineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const medicines = createMedicineService(deps.db);
  const schema = { tags: ['medicines'], params: idParams, querystring: medicineListQuery, response: { 200: medicineListResponse } };
  app.get(adminRoute(medicinePaths.list(':id')), { schema }, (request) =>
    paginated(request, medicines.list(request.params.id, pageQuery(request.query))),
  );
};
