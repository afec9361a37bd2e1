import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import {
  facilityUnitListQuery,
  facilityUnitListResponse,
  facilityUnitPaths,
  facilityUnitResponse,
  unitDoctorListQuery,
  unitDoctorListResponse,
  unitDoctorParams,
} from '@sehha/contract/facility-units';
import { pageQuery, paginated } from '../../http/list-route';
import { column, exportRoute } from '../../http/export-route';
import type { AppDeps } from '../../app-deps';
import { createFacilityUnitService } from './service';

const tags = ['facility units'];

export const facilityUnitRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const units = createFacilityUnitService(deps.db);

  app.get(
    adminRoute(facilityUnitPaths.list(':id')),
    { schema: { tags, params: idParams, querystring: facilityUnitListQuery, response: { 200: facilityUnitListResponse } } },
    (request) => paginated(request, units.list(request.params.id, pageQuery(request.query))),
  );

  app.get(
    adminRoute(facilityUnitPaths.show(':facilityId', ':unitId')),
    { schema: { tags, params: unitDoctorParams, response: { 200: facilityUnitResponse } } },
    async (request) => ({
      data: await units.show(request.params.facilityId, request.params.unitId),
    }),
  );

  app.get(
    adminRoute(facilityUnitPaths.doctors(':facilityId', ':unitId')),
    { schema: { tags, params: unitDoctorParams, querystring: unitDoctorListQuery, response: { 200: unitDoctorListResponse } } },
    (request) => paginated(request, units.doctors(request.params.facilityId, request.params.unitId, pageQuery(request.query))),
  );

  exportRoute(app, deps.db, {
    list: facilityUnitPaths.list(':id'),
    params: idParams,
    query: facilityUnitListQuery,
    name: 'facility-units',
    entity: 'facility_unit',
    tags,
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.named('speciality'),
      column.field('doctors_count'),
      column.field('created_at'),
    ],
    rows: ({ params, query }) => units.list(params.id, pageQuery(query)),
  });
  exportRoute(app, deps.db, {
    list: facilityUnitPaths.doctors(':facilityId', ':unitId'),
    params: unitDoctorParams,
    query: unitDoctorListQuery,
    name: 'unit-doctors',
    entity: 'provider',
    tags,
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.field('email'),
      column.field('phone'),
      column.named('speciality'),
      column.status('provider'),
      column.field('is_active'),
    ],
    rows: ({ params, query }) => units.doctors(params.facilityId, params.unitId, pageQuery(query)),
  });
};
