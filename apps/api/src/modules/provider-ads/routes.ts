import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import { providerAdListQuery, providerAdListResponse, providerAdPaths } from '@sehha/contract/provider-ads';
import { pageQuery, paginated } from '../../http/list-route';
import { column, exportRoute } from '../../http/export-route';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { withStoredFile } from '../../storage/replace-upload';
import { createProviderAdService } from './service';
import { providerAdMessages as messages } from '@sehha/contract/messages';

const tags = ['provider ads'];

export const providerAdRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ads = createProviderAdService(deps.db);

  app.get(
    adminRoute(providerAdPaths.list(':id')),
    { schema: { tags, params: idParams, querystring: providerAdListQuery, response: { 200: providerAdListResponse } } },
    (request) => paginated(request, ads.list(request.params.id, pageQuery(request.query))),
  );

  exportRoute(app, deps.db, {
    list: providerAdPaths.list(':id'),
    params: idParams,
    query: providerAdListQuery,
    name: 'provider-ads',
    entity: 'provider_ad',
    tags,
    columns: [
      column.field('id'),
      column.field('title_ar'),
      column.field('title_en'),
      column.field('is_active'),
      column.field('created_at'),
    ],
    rows: ({ params, query }) => ads.list(params.id, pageQuery(query)),
  });

  app.delete(
    adminRoute(providerAdPaths.destroy(':id')),
    { schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      await withStoredFile(deps.storage, request.log, undefined, () => ads.remove(request.admin.id, request.params.id));
      return { message: translate(messages.deleted, requestLanguage(request)) };
    },
  );
};
