import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { globalSearchPaths, globalSearchQuery, globalSearchResponse } from '@sehha/contract/search';
import type { AppDeps } from '../../app-deps';
import { createGlobalSearchService } from './service';

const tags = ['search'];

export const globalSearchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const search = createGlobalSearchService(deps.db);

  app.get(
    adminRoute(globalSearchPaths.search),
    {
      schema: {
        tags,
        summary:
          'Global search (⌘K): the first 5 active doctors, pharmacies, medical institutions, medical centers, companies and users matching a name, email or phone',
        querystring: globalSearchQuery,
        response: { 200: globalSearchResponse },
      },
      config: { keptAnswer: true },
    },
    async (request) => ({ data: await search.search(request.query.q) }),
  );
};
