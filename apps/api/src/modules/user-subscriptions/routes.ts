import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { userSubscriptionListQuery, userSubscriptionListResponse, userSubscriptionPaths } from '@sehha/contract/user-subscriptions';
import { pageQuery, paginated } from '../../http/list-route';
import type { AppDeps } from '../../app-deps';
import { createUserSubscriptionService } from './service';

export const userSubscriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const subscriptions = createUserSubscriptionService(deps.db);
  app.get(
    adminRoute(userSubscriptionPaths.list),
    { schema: { tags: ['user subscriptions'], querystring: userSubscriptionListQuery, response: { 200: userSubscriptionListResponse } } },
    (request) => paginated(request, subscriptions.list(pageQuery(request.query))),
  );
};
