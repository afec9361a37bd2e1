import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { userSubscriptionListQuery, userSubscriptionListResponse, userSubscriptionPaths } from '@sehha/contract/user-subscriptions';
import { toPaginator } from '../../http/paginate';
import type { AppDeps } from '../../app-deps';
import { userSubscriptionRepository as repository } from './repository';

export const userSubscriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    adminRoute(userSubscriptionPaths.list),
    { schema: { tags: ['user subscriptions'], querystring: userSubscriptionListQuery, response: { 200: userSubscriptionListResponse } } },
    async (request) => {
      const { page, per_page, search } = request.query;
      return { data: toPaginator(request, await repository.page(deps.db, { page, perPage: per_page, search })) };
    },
  );
};
