import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appPaths } from '@sehha/contract/app-paths';
import { idParams } from '@sehha/contract/fields';
import {
  dataRequestMessages as messages,
  erasureRequest,
  erasureResponse,
  myDataDownloadQuery,
  myDataResponse,
} from '@sehha/contract/data-requests';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { accessed } from '../../access-log/declared-reads';
import { attachmentDisposition } from '../../storage/storage-routes';
import { requestLanguage, translate } from '../../i18n/messages';
import { createRightsService } from './app-service';

const tags = ['app: my data'];

/** A signed-in account's rights over its data: the export of everything held about it, and its erasure (account scope). */
export const myDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const rights = createRightsService(deps);

  app.get(
    appRoute(appPaths.myData),
    {
      schema: {
        tags,
        summary:
          'Start an export of everything held about the account (202), or follow the one under way or still downloadable (200); the link arrives by SMS/email',
        response: { 200: myDataResponse, 202: myDataResponse },
      },
      config: { access: 'own' },
    },
    async (request, reply) => {
      const { created, data } = await rights.requestExport(request.account.id);
      reply.header('cache-control', 'private, no-store');
      const message = translate(created ? messages.exportStarted : messages.exportFollowing, requestLanguage(request));
      return reply.code(created ? 202 : 200).send({ message, data });
    },
  );

  app.post(
    appRoute(appPaths.erasure),
    {
      schema: {
        tags,
        summary:
          'Erase the account, once the person confirmed it in the app (`{"confirm": "ERASE"}`): its name, phone, email and images are deleted or pseudonymised and its tokens revoked (the app signs out); 409 for a provider with future appointments',
        body: erasureRequest,
        response: { 200: erasureResponse },
      },
    },
    async (request) => {
      const data = await rights.requestErasure(request.account.id);
      return { message: translate(messages.erased, requestLanguage(request)), data };
    },
  );
};

/** The archive's signed link, opened from the SMS/email in a browser: public, the signature is the key (once, until it expires). */
export const myDataDownloadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const rights = createRightsService(deps);

  app.get(
    appRoute(appPaths.myDataDownload(':id')),
    {
      schema: {
        tags,
        summary: 'Download the data archive once through its signed link: 403 for a bad signature, 410 once used or expired',
        params: idParams,
        querystring: myDataDownloadQuery,
        response: { 200: z.any() },
      },
      // Whoever holds the link reads everything held about the person: logged, as read by the person it was sent to.
      config: { access: { kind: 'data_archive', purpose: 'data_subject_request' } },
    },
    async (request, reply) => {
      const file = await rights.download(request.params.id, Number(request.query.expires), request.query.signature);
      accessed(request, {
        entity: 'data_request',
        recordIds: [request.params.id],
        subjectUserIds: [file.userId],
        actorAccountId: file.userId,
      });
      reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(file.name));
      return reply.send(file.stream);
    },
  );
};
