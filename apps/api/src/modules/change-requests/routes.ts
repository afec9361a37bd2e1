import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import {
  changeRequestDecisionInput,
  changeRequestListResponse,
  changeRequestPaths,
  changeRequestResponse,
} from '@sehha/contract/change-requests';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createChangeRequestService } from './service';
import { changeRequestMessages as messages } from '@sehha/contract/messages';

const tags = ['change requests'];

export const changeRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const requests = createChangeRequestService(deps.db);

  app.get(
    adminRoute(changeRequestPaths.list),
    { schema: { tags, summary: 'Every change request (spec §7: data is the full list)', response: { 200: changeRequestListResponse } } },
    async () => ({
      data: await requests.list(),
    }),
  );

  app.patch(
    adminRoute(changeRequestPaths.decide(':id')),
    {
      schema: {
        tags,
        summary: 'Accept (1) or reject (2) a waiting request',
        params: idParams,
        body: changeRequestDecisionInput,
        response: { 200: changeRequestResponse },
      },
    },
    async (request) => {
      const data = await requests.decide(request.admin.id, request.params.id, request.body.status);
      return { message: translate(data.status === 1 ? messages.approved : messages.rejected, requestLanguage(request)), data };
    },
  );
};
