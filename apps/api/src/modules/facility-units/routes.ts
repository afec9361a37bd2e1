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
import { toPaginator } from '../../http/paginate';
import type { AppDeps } from '../../app-deps';
import { createProviderService } from '../providers/service';
import { createFacilityUnitService } from './service';

const tags = ['facility units'];

export const facilityUnitRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const units = createFacilityUnitService(deps.db, createProviderService(deps.db, deps.signer));

  app.get(adminRoute(facilityUnitPaths.list(':id')), { schema: { tags, params: idParams, querystring: facilityUnitListQuery, response: { 200: facilityUnitListResponse } } }, async (request) => {
    const { page, per_page, search } = request.query;
    return { data: toPaginator(request, await units.list(request.params.id, { page, perPage: per_page, search })) };
  });

  app.get(adminRoute(facilityUnitPaths.show(':facilityId', ':unitId')), { schema: { tags, params: unitDoctorParams, response: { 200: facilityUnitResponse } } }, async (request) => ({
    data: await units.show(request.params.facilityId, request.params.unitId),
  }));

  app.get(
    adminRoute(facilityUnitPaths.doctors(':facilityId', ':unitId')),
    { schema: { tags, params: unitDoctorParams, querystring: unitDoctorListQuery, response: { 200: unitDoctorListResponse } } },
    async (request) => {
      const { page, per_page, search } = request.query;
      return { data: toPaginator(request, await units.doctors(request.params.facilityId, request.params.unitId, { page, perPage: per_page, search })) };
    },
  );
};
