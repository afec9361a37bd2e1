import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import {
  directoryCountriesResponse,
  directoryHomeAdsResponse,
  directoryListResponse,
  directoryPageQuery,
  directoryPageResponse,
  directoryParentParams,
} from '@sehha/contract/directory';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { toPaginator } from '../../http/paginate';
import { createDirectoryService } from './service';

const tags = ['app: directory'];

/** The catalogs the apps' home and search screens read: public routes of the app scope (no token). */
export const directoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const directory = createDirectoryService(deps.db);

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
};
