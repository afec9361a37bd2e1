import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { userSubscriptionListQuery, userSubscriptionListResponse, userSubscriptionPaths } from '@sehha/contract/user-subscriptions';
import { pageQuery, paginated } from '../../http/list-route';
import { column, exportRoute } from '../../http/export-route';
import type { AppDeps } from '../../app-deps';
import { createUserSubscriptionService } from './service';

export const userSubscriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const subscriptions = createUserSubscriptionService(deps.db);
  app.get(
    adminRoute(userSubscriptionPaths.list),
    {
      schema: { tags: ['user subscriptions'], querystring: userSubscriptionListQuery, response: { 200: userSubscriptionListResponse } },
      config: { keptAnswer: true },
    },
    (request) => paginated(request, subscriptions.list(pageQuery(request.query))),
  );

  exportRoute(app, deps.db, {
    list: userSubscriptionPaths.list,
    query: userSubscriptionListQuery,
    name: 'user-subscriptions',
    entity: 'user_subscription',
    tags: ['user subscriptions'],
    columns: [
      column.field('id'),
      column.field('user', 'user.name'),
      column.field('user_email', 'user.email'),
      column.named('plan'),
      column.field('price_paid'),
      column.field('currency', 'plan.currency'),
      column.field('starts_at'),
      column.field('ends_at'),
      column.status('subscription'),
      column.field('created_at'),
    ],
    rows: ({ query }) => subscriptions.list(pageQuery(query)),
  });
};
