import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import {
  deactivateAllInput,
  deactivateAllResponse,
  providerAttachmentsResponse,
  providerKindSlugList,
  providerKindSlugs,
  providerListQuery,
  providerListResponse,
  providerPaths,
  providerResponse,
  providerStatusInput,
  providerSummaryResponse,
} from '@sehha/contract/providers';
import { pageQuery, paginated } from '../../http/list-route';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createProviderService } from './service';
import { deactivateAllMessages, providerMessages as messages } from '@sehha/contract/messages';

const tags = ['providers'];

/** Doctors, pharmacies, medical institutions, medical centers and companies: one set of routes per kind slug. */
export const providerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const providers = createProviderService(deps.db, deps.signer);

  for (const slug of providerKindSlugList) {
    const kind = providerKindSlugs[slug];

    app.get(
      adminRoute(providerPaths.list(slug)),
      { schema: { tags, querystring: providerListQuery, response: { 200: providerListResponse } } },
      (request) => paginated(request, providers.list(kind, pageQuery(request.query))),
    );

    app.post(
      adminRoute(providerPaths.deactivateAll(slug)),
      { schema: { tags, body: deactivateAllInput.optional(), response: { 200: deactivateAllResponse } } },
      async (request) => {
        const data = await providers.deactivateAll(request.admin.id, kind, request.body ?? {});
        return { message: translate(deactivateAllMessages[slug], requestLanguage(request)), data };
      },
    );
  }

  app.get(
    adminRoute(providerPaths.show(':id')),
    { schema: { tags, params: idParams, response: { 200: providerSummaryResponse } } },
    async (request) => ({
      data: await providers.show(request.params.id),
    }),
  );

  app.patch(
    adminRoute(providerPaths.status(':id')),
    { schema: { tags, params: idParams, body: providerStatusInput, response: { 200: providerResponse } } },
    async (request) => {
      const data = await providers.changeStatus(request.admin.id, request.params.id, request.body.status);
      return { message: translate(messages.statusChanged, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(providerPaths.deactivate(':id')),
    { schema: { tags, params: idParams, response: { 200: providerResponse } } },
    async (request) => {
      const data = await providers.deactivate(request.admin.id, request.params.id);
      return { message: translate(messages.deactivated, requestLanguage(request)), data };
    },
  );

  app.get(
    adminRoute(providerPaths.attachments(':id')),
    { schema: { tags, params: idParams, response: { 200: providerAttachmentsResponse } } },
    async (request) => ({
      data: await providers.attachments(request.params.id),
    }),
  );
};
