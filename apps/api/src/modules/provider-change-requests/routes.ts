import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import {
  providerChangeInput,
  providerChangeRequestMessages,
  providerChangeRequestPageResponse,
  providerChangeRequestQuery,
  providerChangeRequestResponse,
} from '@sehha/contract/provider-change-requests';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import { createProviderChangeRequestService } from './service';

const tags = ['app: provider change requests'];

/** A provider's own profile change requests: registered in every provider kind's scope (app-modules.ts). */
export const providerChangeRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const requests = createProviderChangeRequestService(deps.db);

  app.post(
    appRoute(appPaths.providerChangeRequests),
    {
      schema: {
        tags,
        summary: 'Ask to change the approved profile (one waiting request at a time); an admin accepts or rejects it',
        body: providerChangeInput,
        response: { 201: providerChangeRequestResponse },
      },
    },
    async (request, reply) => {
      const data = await requests.request(request.account, request.body);
      return reply.code(201).send({ message: translate(providerChangeRequestMessages.submitted, requestLanguage(request)), data });
    },
  );

  app.get(
    appRoute(appPaths.providerChangeRequests),
    {
      schema: {
        tags,
        summary: "The account's own change requests, newest first, with each answer's reason",
        querystring: providerChangeRequestQuery,
        response: { 200: providerChangeRequestPageResponse },
      },
    },
    async (request) => ({ data: toPaginator(request, await requests.list(request.account, request.query)) }),
  );
};
