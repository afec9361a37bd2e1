import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicCitiesQuery,
  publicCountriesResponse,
  publicLocationPaths,
  publicLocationsResponse,
  publicStatesQuery,
} from '@sehha/contract/locations';
import type { AppDeps } from '../../app-deps';
import { createPublicLocationService } from './service';

/**
 * The public side (no token, outside the admin scope): active locations only. The admin side of
 * countries, cities and states is declared in catalog.ts.
 */
export const publicLocationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const locations = createPublicLocationService(deps.db);
  const tags = ['public locations'];
  app.get(publicLocationPaths.countries, { schema: { tags, response: { 200: publicCountriesResponse } } }, async () => ({
    data: await locations.countries(),
  }));
  app.get(
    publicLocationPaths.cities,
    { schema: { tags, querystring: publicCitiesQuery, response: { 200: publicLocationsResponse } } },
    async (request) => ({
      data: await locations.cities(request.query.country_id),
    }),
  );
  app.get(
    publicLocationPaths.states,
    { schema: { tags, querystring: publicStatesQuery, response: { 200: publicLocationsResponse } } },
    async (request) => ({
      data: await locations.states(request.query.city_id),
    }),
  );
};
