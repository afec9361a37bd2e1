import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { homePaths, homeStatsResponse, operationsHomeResponse, revenueQuery, revenueResponse } from '@sehha/contract/home';
import { roleAllows } from '@sehha/contract/permissions';
import type { AppDeps } from '../../app-deps';

const tags = ['home'];

import { createHomeService } from './service';
import { createOperationsService } from './operations-service';

export const homeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const home = createHomeService(deps.db, deps.config.timeZone);
  const operations = createOperationsService(deps.db, deps.config.timeZone, deps.clock);

  app.get(
    adminRoute(homePaths.stats),
    { schema: { tags, response: { 200: homeStatsResponse } }, config: { keptAnswer: true } },
    async (request) => ({
      data: await home.stats(request.admin.name),
    }),
  );

  app.get(
    adminRoute(homePaths.revenue),
    { schema: { tags, querystring: revenueQuery, response: { 200: revenueResponse } }, config: { keptAnswer: true } },
    async (request) => ({
      data: await home.revenue(request.query.period),
    }),
  );

  app.get(
    adminRoute(homePaths.operations),
    {
      schema: {
        tags,
        summary: 'What waits and since when; today against yesterday at the same time',
        response: { 200: operationsHomeResponse },
      },
      config: { keptAnswer: true },
    },
    async (request) => ({
      data: await operations.overview((permission) => roleAllows(request.admin.adminRole, permission)),
    }),
  );
};
