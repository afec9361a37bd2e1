import type { FastifyRequest } from 'fastify';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, type ListQuery } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import type { Message } from '@sehha/contract/messages';
import { adminRoute } from '../../auth/admin-scope';
import { toPaginator } from '../../http/paginate';
import { exportRoute } from '../../http/export-route';
import { withStoredFile } from '../../storage/replace-upload';
import { requestLanguage, translate } from '../../i18n/messages';
import { acceptUpload, imageFormats, requireUpload } from '../../storage/uploads';
import type { AppDeps } from '../../app-deps';
import type { CatalogDeclaration } from './declaration';
import { createCatalogService } from './service';

const say = (request: FastifyRequest, message: Message) => translate(message, requestLanguage(request));

/**
 * The Laravel-style routes of a catalog: GET list, GET show/{id}, POST store, PATCH update/{id}
 * (or POST + _method), PATCH status/{id}, DELETE delete/{id}; show and status where the contract has them.
 */
export function catalogRoutes<Q extends PgSelect, L extends ListQuery, I extends object>(
  catalog: CatalogDeclaration<Q, L, I>,
): FastifyPluginAsyncZod<AppDeps> {
  const { paths, input, listQuery, item, list, statusInput, messages } = catalog.contract;
  const { file } = catalog;
  const tags = [catalog.tag];
  /** A record with the public URL of its file: `flag` → `flag_url`. */
  const present = <T extends object>(record: T): T => {
    if (!file) return record;
    const key = (record as Record<string, unknown>)[file.field] as string | null;
    return { ...record, [`${file.field}_url`]: key ? `/storage/${key}` : null };
  };

  return async (app, deps) => {
    const service = createCatalogService(deps.db, catalog);

    /** The form's file: checked by content, stored under a server-chosen name; undefined when none was sent. */
    const storeFile = async (request: FastifyRequest, required: boolean) => {
      if (!file) return undefined;
      const upload = required ? requireUpload(request.uploads, file.field, file.required) : request.uploads.get(file.field);
      if (!upload || upload.size === 0) return undefined;
      return acceptUpload(deps, file.folder, upload, { formats: imageFormats });
    };
    const withFile = (values: I, key: string | undefined) =>
      (file ? { ...values, [file.field]: key } : values) as I & Record<string, unknown>;

    app.get(adminRoute(paths.list), { schema: { tags, querystring: listQuery, response: { 200: list } } }, async (request) => {
      const page = await service.list(request.query as L);
      return { data: toPaginator(request, { ...page, items: page.items.map(present) }) };
    });

    exportRoute(app, deps.db, {
      list: paths.list,
      query: listQuery as unknown as Parameters<typeof exportRoute>[2]['query'],
      name: catalog.export.name,
      entity: catalog.entity,
      tags,
      columns: catalog.export.columns,
      rows: ({ query }) => service.list(query as unknown as L),
    });

    if (paths.show) {
      app.get(adminRoute(paths.show(':id')), { schema: { tags, params: idParams, response: { 200: item } } }, async (request) => ({
        data: present(await service.show(request.params.id)),
      }));
    }

    const storeConfig = file ? { config: { requiredUploads: { [file.field]: file.required } } } : {};
    app.post(
      adminRoute(paths.store),
      { ...storeConfig, schema: { tags, body: input, response: { 201: item } } },
      async (request, reply) => {
        const key = await storeFile(request, true);
        const data = await withStoredFile(deps.storage, request.log, key, () =>
          service.create(request.admin.id, withFile(request.body as I, key)),
        );
        return reply.code(201).send({ message: say(request, messages.added), data: present(data) });
      },
    );

    app.patch(
      adminRoute(paths.update(':id')),
      { schema: { tags, params: idParams, body: input, response: { 200: item } } },
      async (request) => {
        const key = await storeFile(request, false);
        const data = await withStoredFile(deps.storage, request.log, key, () =>
          service.update(request.admin.id, request.params.id, withFile(request.body as I, key)),
        );
        return { message: say(request, messages.updated), data: present(data) };
      },
    );

    if (paths.status && statusInput && messages.statusUpdated) {
      const statusUpdated = messages.statusUpdated;
      app.patch(
        adminRoute(paths.status(':id')),
        { schema: { tags, params: idParams, body: statusInput, response: { 200: item } } },
        async (request) => {
          const data = await service.setActive(request.admin.id, request.params.id, request.body.is_active);
          return { message: say(request, statusUpdated), data: present(data) };
        },
      );
    }

    app.delete(
      adminRoute(paths.destroy(':id')),
      { schema: { tags, params: idParams, response: { 200: messageResponse } } },
      async (request) => {
        await withStoredFile(deps.storage, request.log, undefined, () => service.remove(request.admin.id, request.params.id));
        return { message: say(request, messages.deleted) };
      },
    );
  };
}
