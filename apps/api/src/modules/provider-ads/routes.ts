import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import { providerAdListQuery, providerAdListResponse, providerAdPaths } from '@sehha/contract/provider-ads';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createProviderService } from '../providers/service';
import { createProviderAdService, providerAdMessages as messages } from './service';

const tags = ['provider ads'];

export const providerAdRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ads = createProviderAdService(deps.db, deps.storage, createProviderService(deps.db, deps.signer));

  app.get(adminRoute(providerAdPaths.list(':id')), { schema: { tags, params: idParams, querystring: providerAdListQuery, response: { 200: providerAdListResponse } } }, async (request) => {
    const { page, per_page, search } = request.query;
    return { data: toPaginator(request, await ads.list(request.params.id, { page, perPage: per_page, search })) };
  });

  app.delete(adminRoute(providerAdPaths.destroy(':id')), { schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (request) => {
    await ads.remove(request.admin.id, request.params.id);
    return { message: translate(messages.deleted, requestLanguage(request)) };
  });
};
