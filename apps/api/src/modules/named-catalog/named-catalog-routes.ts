import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import type { z } from 'zod';
import { idParams, type ListQuery } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import type { NamedCatalogRepository } from './named-catalog-repository';
import { createNamedCatalogService, type NamedCatalogMessages } from './named-catalog-service';

type Paths = { list: string; show: (id: string) => string; store: string; update: (id: string) => string; destroy: (id: string) => string };

export type NamedCatalogConfig = {
  tag: string;
  entity: string;
  paths: Paths;
  repository: NamedCatalogRepository;
  messages: NamedCatalogMessages;
  schemas: { input: z.ZodType<{ name_ar: string; name_en: string }>; listQuery: z.ZodType<ListQuery>; item: z.ZodType; list: z.ZodType };
};

/**
 * The Laravel-style routes of a bilingual-name catalog: GET list, GET show/{id}, POST store,
 * PATCH update/{id} (or POST + _method), DELETE delete/{id}.
 */
export function namedCatalogRoutes(config: NamedCatalogConfig): FastifyPluginAsyncZod<AppDeps> {
  const { paths, schemas, messages } = config;
  const tags = [config.tag];

  return async (app, deps) => {
    const service = createNamedCatalogService(deps.db, config.repository, { entity: config.entity, messages });

    app.get(adminRoute(paths.list), { schema: { tags, querystring: schemas.listQuery, response: { 200: schemas.list } } }, async (request) => {
      const { page, per_page, search } = request.query;
      return { data: toPaginator(request, await service.list({ page, perPage: per_page, search })) };
    });

    app.get(adminRoute(paths.show(':id')), { schema: { tags, params: idParams, response: { 200: schemas.item } } }, async (request) => ({
      data: await service.show(request.params.id),
    }));

    app.post(adminRoute(paths.store), { schema: { tags, body: schemas.input, response: { 201: schemas.item } } }, async (request, reply) => {
      const data = await service.create(request.admin.id, request.body);
      return reply.code(201).send({ message: translate(messages.added, requestLanguage(request)), data });
    });

    app.patch(adminRoute(paths.update(':id')), { schema: { tags, params: idParams, body: schemas.input, response: { 200: schemas.item } } }, async (request) => {
      const data = await service.update(request.admin.id, request.params.id, request.body);
      return { message: translate(messages.updated, requestLanguage(request)), data };
    });

    app.delete(adminRoute(paths.destroy(':id')), { schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (request) => {
      await service.remove(request.admin.id, request.params.id);
      return { message: translate(messages.deleted, requestLanguage(request)) };
    });
  };
}
