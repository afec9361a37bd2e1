import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@sehha/contract/fields';
import {
  dataRequestListQuery,
  dataRequestListResponse,
  dataRequestMessages as messages,
  dataRequestPaths,
  dataRequestResponse,
  dataRequestStore,
  dataRequestUpdate,
} from '@sehha/contract/data-requests';
import type { AppDeps } from '../../app-deps';
import { adminRoute } from '../../auth/admin-scope';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute } from '../../http/export-route';
import { requestLanguage, translate } from '../../i18n/messages';
import { createDataRequestService } from './service';

const tags = ['data requests'];

/** The "Data requests" screen's API (privacy.manage): a person's requests with their legal deadlines, and the admin's actions. */
export const dataRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const requests = createDataRequestService(deps);

  app.get(
    adminRoute(dataRequestPaths.list),
    {
      schema: {
        tags,
        summary: 'Every data request: open ones first, oldest deadline first; by status, kind, person, and overdue',
        querystring: dataRequestListQuery,
        response: { 200: dataRequestListResponse },
      },
      // Who asked for what and when: no health data (the archive's download is the logged read).
      config: { access: 'no_health_data' },
    },
    async (request) => ({ data: toPaginator(request, await requests.list(request.query)) }),
  );

  // The list as a file (every admin list has one): who asked for what, by when, and what became of it.
  exportRoute(app, deps.db, {
    list: dataRequestPaths.list,
    query: dataRequestListQuery,
    name: 'data-requests',
    entity: 'data_request',
    tags,
    columns: [
      column.field('id'),
      column.field('created_at'),
      column.field('user', 'user.name'),
      column.field('kind'),
      column.status('data_request'),
      column.field('channel'),
      column.field('due_at'),
      column.field('overdue'),
      column.field('handled_by', 'handled_by.name'),
      column.field('completed_at'),
      column.field('note'),
    ],
    rows: ({ query }) => requests.list(query),
  });

  app.post(
    adminRoute(dataRequestPaths.store),
    {
      schema: {
        tags,
        summary:
          "Record a request received by another channel (email, phone, letter, in person) with a note; the person's open one of that kind is answered instead (200)",
        body: dataRequestStore,
        response: { 200: dataRequestResponse, 201: dataRequestResponse },
      },
    },
    async (request, reply) => {
      const { created, data } = await requests.store(request.admin.id, request.body);
      const message = translate(created ? messages.recorded : messages.alreadyOpen, requestLanguage(request));
      return reply.code(created ? 201 : 200).send({ message, data });
    },
  );

  app.patch(
    adminRoute(dataRequestPaths.update(':id')),
    {
      schema: {
        tags,
        summary:
          'Act on a request with a note: run (access: build the archive again; erasure: erase now; correction: done), reject, or note',
        params: idParams,
        body: dataRequestUpdate,
        response: { 200: dataRequestResponse },
      },
    },
    async (request) => {
      const { message, data } = await requests.update(request.admin.id, request.params.id, request.body);
      return { message: translate(message, requestLanguage(request)), data };
    },
  );
};
