import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { column, exportRoute } from '../../http/export-route';
import {
  subscriptionPlanDeleteResponse,
  subscriptionPlanInput,
  subscriptionPlanListResponse,
  subscriptionPlanMessages as messages,
  subscriptionPlanPaths,
  subscriptionPlanResponse,
} from '@sehha/contract/subscription-plans';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createPlanService } from './service';

const tags = ['subscription plans'];

export const subscriptionPlanRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const plans = createPlanService(deps.db);

  app.get(
    adminRoute(subscriptionPlanPaths.list),
    { schema: { tags, summary: 'Plans on offer with their features', response: { 200: subscriptionPlanListResponse } } },
    async () => ({ data: await plans.list() }),
  );

  exportRoute(app, deps.db, {
    list: subscriptionPlanPaths.list,
    name: 'plans',
    entity: 'subscription_plan',
    tags,
    columns: [
      column.field('id'),
      column.field('name_ar'),
      column.field('name_en'),
      column.field('price'),
      column.field('currency'),
      column.computed('period', (row) => `${String(row.period_length)} ${String(row.period_unit)}`),
      column.field('available_from'),
      column.field('subscriptions_count'),
      column.field('created_at'),
    ],
    rows: () => plans.list(),
  });

  app.get(
    adminRoute(subscriptionPlanPaths.show(':id')),
    { schema: { tags, params: idParams, response: { 200: subscriptionPlanResponse } } },
    async (request) => ({
      data: await plans.show(request.params.id),
    }),
  );

  app.post(
    adminRoute(subscriptionPlanPaths.store),
    { schema: { tags, body: subscriptionPlanInput, response: { 201: subscriptionPlanResponse } } },
    async (request, reply) => {
      const data = await plans.create(request.admin.id, request.body);
      return reply.code(201).send({ message: translate(messages.added, requestLanguage(request)), data });
    },
  );

  app.patch(
    adminRoute(subscriptionPlanPaths.update(':id')),
    { schema: { tags, params: idParams, body: subscriptionPlanInput, response: { 200: subscriptionPlanResponse } } },
    async (request) => {
      const data = await plans.update(request.admin.id, request.params.id, request.body);
      return { message: translate(messages.updated, requestLanguage(request)), data };
    },
  );

  app.delete(
    adminRoute(subscriptionPlanPaths.destroy(':id')),
    {
      schema: {
        tags,
        summary: 'Delete a plan, or archive it when subscriptions use it',
        params: idParams,
        response: { 200: subscriptionPlanDeleteResponse },
      },
    },
    async (request) => {
      const { id, archived, subscriptions } = await plans.remove(request.admin.id, request.params.id);
      const language = requestLanguage(request);
      return {
        message: archived ? translate(messages.archived, language, { count: subscriptions }) : translate(messages.deleted, language),
        data: { id, archived },
      };
    },
  );
};
