import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { homePaths, homeStatsResponse, revenueQuery, revenueResponse } from '@sehha/contract/home';
import type { AppDeps } from '../../app-deps';

const tags = ['home'];

import { createHomeService } from './service';

export const homeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const home = createHomeService(deps.db, deps.config.timeZone);

  app.get(adminRoute(homePaths.stats), { schema: { tags, response: { 200: homeStatsResponse } } }, async (request) => ({
    data: await home.stats(request.admin.name),
  }));

  app.get(
    adminRoute(homePaths.revenue),
    { schema: { tags, querystring: revenueQuery, response: { 200: revenueResponse } } },
    async (request) => ({
      data: await home.revenue(request.query.period),
    }),
  );
};
