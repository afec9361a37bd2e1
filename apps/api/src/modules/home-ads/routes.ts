import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import type { FastifyRequest } from 'fastify';
import { idParams } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import {
  homeAdInput,
  homeAdListQuery,
  homeAdListResponse,
  homeAdMessages as messages,
  homeAdPaths,
  homeAdResponse,
} from '@sehha/contract/home-ads';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute } from '../../http/export-route';
import { requestLanguage, translate } from '../../i18n/messages';
import { acceptUpload, imageFormats, requireUpload } from '../../storage/uploads';
import { withStoredFile } from '../../storage/replace-upload';
import type { AppDeps } from '../../app-deps';
import { createHomeAdService } from './service';

const tags = ['home ads'];
const withImageUrl = <T extends { image: string }>(ad: T) => ({ ...ad, image_url: `/storage/${ad.image}` });

export const homeAdRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ads = createHomeAdService(deps.db);

  /** The ad's image: PNG, JPEG or WebP by content, at most 5 MB, wider than tall. */
  const storeImage = async (request: FastifyRequest, required: boolean) => {
    const file = required ? requireUpload(request.uploads, 'image', 'imageRequired') : request.uploads.get('image');
    if (!file || file.size === 0) return undefined;
    return acceptUpload(deps, 'home-ads', file, { formats: imageFormats, horizontal: true });
  };

  app.get(
    adminRoute(homeAdPaths.list),
    { schema: { tags, querystring: homeAdListQuery, response: { 200: homeAdListResponse } } },
    async (request) => {
      const { page, per_page } = request.query;
      const result = await ads.list({ page, perPage: per_page });
      return { data: toPaginator(request, { ...result, items: result.items.map(withImageUrl) }) };
    },
  );

  exportRoute(app, deps.db, {
    list: homeAdPaths.list,
    query: homeAdListQuery,
    name: 'home-ads',
    entity: 'home_ad',
    tags,
    columns: [
      column.field('id'),
      column.field('title'),
      column.field('link'),
      column.field('sort_order'),
      column.field('is_active'),
      column.field('created_at'),
    ],
    rows: ({ query: { page, per_page } }) => ads.list({ page, perPage: per_page }),
  });

  app.get(
    adminRoute(homeAdPaths.show(':id')),
    { schema: { tags, params: idParams, response: { 200: homeAdResponse } } },
    async (request) => ({
      data: withImageUrl(await ads.show(request.params.id)),
    }),
  );

  app.post(
    adminRoute(homeAdPaths.store),
    { config: { requiredUploads: { image: 'imageRequired' } }, schema: { tags, body: homeAdInput, response: { 201: homeAdResponse } } },
    async (request, reply) => {
      const image = (await storeImage(request, true))!;
      const data = await withStoredFile(deps.storage, request.log, image, () => ads.create(request.admin.id, image));
      return reply.code(201).send({ message: translate(messages.added, requestLanguage(request)), data: withImageUrl(data) });
    },
  );

  app.patch(
    adminRoute(homeAdPaths.update(':id')),
    { schema: { tags, params: idParams, body: homeAdInput, response: { 200: homeAdResponse } } },
    async (request) => {
      const image = await storeImage(request, false);
      const data = await withStoredFile(deps.storage, request.log, image, () => ads.update(request.admin.id, request.params.id, image));
      return { message: translate(messages.updated, requestLanguage(request)), data: withImageUrl(data) };
    },
  );

  app.delete(
    adminRoute(homeAdPaths.destroy(':id')),
    { schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      await withStoredFile(deps.storage, request.log, undefined, () => ads.remove(request.admin.id, request.params.id));
      return { message: translate(messages.deleted, requestLanguage(request)) };
    },
  );
};
