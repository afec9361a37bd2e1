import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import {
  directoryCountriesResponse,
  directoryDoctorResponse,
  directoryDoctorsQuery,
  directoryDoctorsResponse,
  directoryHomeAdsResponse,
  directoryListResponse,
  directoryPageQuery,
  directoryPageResponse,
  directoryParentParams,
} from '@sehha/contract/directory';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { toPaginator, toSimplePaginator } from '../../http/paginate';
import { pageQuery } from '../../http/list-route';
import { createDirectoryDoctorsService } from './doctors-service';
import { createDirectoryService } from './service';

const tags = ['app: directory'];

/** The catalogs the apps' home and search screens read: public routes of the app scope (no token). */
export const directoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const directory = createDirectoryService(deps.db);
  const doctors = createDirectoryDoctorsService(deps.db, deps.config.timeZone);

  app.get(
    appRoute(appPaths.specialities),
    { schema: { tags, summary: 'Medical specialities, whole', response: { 200: directoryListResponse } } },
    async () => ({ data: await directory.specialities() }),
  );

  app.get(
    appRoute(appPaths.pharmacyCategories),
    { schema: { tags, summary: 'Pharmacy (medicine) categories, whole', response: { 200: directoryListResponse } } },
    async () => ({ data: await directory.pharmacyCategories() }),
  );

  app.get(
    appRoute(appPaths.countries),
    { schema: { tags, summary: 'Active countries, whole, with their flags', response: { 200: directoryCountriesResponse } } },
    async () => ({ data: await directory.countries() }),
  );

  app.get(
    appRoute(appPaths.cities(':id')),
    {
      schema: {
        tags,
        summary: "A page of an active country's active cities",
        params: directoryParentParams,
        querystring: directoryPageQuery,
        response: { 200: directoryPageResponse },
      },
    },
    async (request) => ({ data: toPaginator(request, await directory.cities(request.params.id, request.query)) }),
  );

  app.get(
    appRoute(appPaths.states(':id')),
    {
      schema: {
        tags,
        summary: "A page of an active city's active states",
        params: directoryParentParams,
        querystring: directoryPageQuery,
        response: { 200: directoryPageResponse },
      },
    },
    async (request) => ({ data: toPaginator(request, await directory.states(request.params.id, request.query)) }),
  );

  app.get(
    appRoute(appPaths.homeAds),
    { schema: { tags, summary: 'Active home ads in their order', response: { 200: directoryHomeAdsResponse } } },
    async () => ({ data: await directory.homeAds() }),
  );

  app.get(
    appRoute(appPaths.doctors),
    {
      schema: {
        tags,
        summary: 'A page of the doctors the public may see (approved, active, license valid), without a total',
        querystring: directoryDoctorsQuery,
        response: { 200: directoryDoctorsResponse },
      },
    },
    async (request) => ({ data: toSimplePaginator(request, await doctors.page(pageQuery(request.query))) }),
  );

  app.get(
    appRoute(appPaths.doctor(':id')),
    {
      schema: {
        tags,
        summary: "A doctor's public profile, with the facilities they work in",
        params: directoryParentParams,
        response: { 200: directoryDoctorResponse },
      },
    },
    async (request) => ({ data: await doctors.profile(request.params.id) }),
  );
};
