import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import {
  institutionTypeInput,
  institutionTypeListQuery,
  institutionTypeListResponse,
  institutionTypePaths,
  institutionTypeResponse,
  institutionTypeStatusInput,
} from '@sehha/contract/institution-types';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createInstitutionTypeService, institutionTypeMessages as messages } from './service';

const tags = ['institution types'];

export const institutionTypeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const types = createInstitutionTypeService(deps.db);

  app.get(adminRoute(institutionTypePaths.list), { schema: { tags, querystring: institutionTypeListQuery, response: { 200: institutionTypeListResponse } } }, async (request) => {
    const { page, per_page, search } = request.query;
    return { data: toPaginator(request, await types.list({ page, perPage: per_page, search })) };
  });

  app.post(adminRoute(institutionTypePaths.store), { schema: { tags, body: institutionTypeInput, response: { 201: institutionTypeResponse } } }, async (request, reply) => {
    const data = await types.create(request.admin.id, request.body);
    return reply.code(201).send({ message: translate(messages.added, requestLanguage(request)), data });
  });

  app.patch(adminRoute(institutionTypePaths.update(':id')), { schema: { tags, params: idParams, body: institutionTypeInput, response: { 200: institutionTypeResponse } } }, async (request) => {
    const data = await types.update(request.admin.id, request.params.id, request.body);
    return { message: translate(messages.updated, requestLanguage(request)), data };
  });

  app.patch(adminRoute(institutionTypePaths.status(':id')), { schema: { tags, params: idParams, body: institutionTypeStatusInput, response: { 200: institutionTypeResponse } } }, async (request) => {
    const data = await types.setActive(request.admin.id, request.params.id, request.body.is_active);
    return { message: translate(messages.statusUpdated, requestLanguage(request)), data };
  });

  app.delete(adminRoute(institutionTypePaths.destroy(':id')), { schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (request) => {
    await types.remove(request.admin.id, request.params.id);
    return { message: translate(messages.deleted, requestLanguage(request)) };
  });
};
