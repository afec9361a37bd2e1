import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import {
  deactivateAllInput,
  deactivateAllResponse,
  providerAttachmentsResponse,
  providerBulkDecisionInputs,
  providerBulkDecisionList,
  providerBulkDecisions,
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
import { column, exportRoute } from '../../http/export-route';
import { bulkResponse } from '@sehha/contract/bulk';
import { bulkMessages, bulkPaths, providerDeactivateInput } from '@sehha/contract/bulk-actions';
import { allFilter, bulkTarget } from '../../audit/bulk-action';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createProviderService } from './service';
import { decisionOf } from './decision-notice';
import { undoneMessage } from '../../audit/undo-decision';
import { deactivateAllMessages, providerMessages as messages } from '@sehha/contract/messages';

const tags = ['providers'];

/** Doctors, pharmacies, medical institutions, medical centers and companies: one set of routes per kind slug. */
export const providerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const providers = createProviderService(deps.db, deps.signer);

  for (const slug of providerKindSlugList) {
    const kind = providerKindSlugs[slug];

    app.get(
      adminRoute(providerPaths.list(slug)),
      { schema: { tags, querystring: providerListQuery, response: { 200: providerListResponse } }, config: { keptAnswer: true } },
      (request) => paginated(request, providers.list(kind, pageQuery(request.query))),
    );

    exportRoute(app, deps.db, {
      list: providerPaths.list(slug),
      query: providerListQuery,
      name: slug,
      entity: 'provider',
      tags,
      columns: [
        column.field('id'),
        column.field('name_ar'),
        column.field('name_en'),
        column.field('email'),
        column.field('phone'),
        column.field('whatsapp_phone'),
        column.field('address'),
        column.named('country'),
        column.named('speciality'),
        column.status('provider'),
        column.field('is_active'),
        column.field('is_special'),
        ...(kind === 'doctor' ? [column.field('appointments_count')] : []),
        column.field('created_at'),
      ],
      rows: ({ query }) => providers.list(kind, pageQuery(query)),
    });

    app.post(
      adminRoute(providerPaths.deactivateAll(slug)),
      { schema: { tags, body: deactivateAllInput, response: { 200: deactivateAllResponse } } },
      async (request) => {
        const data = await providers.deactivateAll(request.admin.id, kind, allFilter(request.body));
        return { message: translate(deactivateAllMessages[slug], requestLanguage(request)), data };
      },
    );

    for (const decision of providerBulkDecisionList) {
      app.post(
        adminRoute(providerPaths.bulk(slug, decision)),
        { schema: { tags, body: providerBulkDecisionInputs[decision], response: { 200: bulkResponse } } },
        async (request) => {
          const decided = decisionOf(providerBulkDecisions[decision], request.body);
          const data = await providers.bulkChangeStatus(request.admin.id, kind, bulkTarget(request.body), decided);
          const message = { approve: messages.bulkApproved, reject: messages.bulkRejected, hold: messages.bulkHeld }[decision];
          return { message: translate(message, requestLanguage(request), { count: data.count }), data };
        },
      );
    }

    app.post(
      adminRoute(bulkPaths.providerDeactivate(slug)),
      {
        schema: {
          tags,
          summary: 'Deactivate the selected providers, or all the list shows',
          body: providerDeactivateInput,
          response: { 200: bulkResponse },
        },
      },
      async (request) => {
        const data = await providers.bulkDeactivate(request.admin.id, kind, bulkTarget(request.body));
        return { message: translate(bulkMessages.providersDeactivated, requestLanguage(request), { count: data.count }), data };
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
      const data = await providers.changeStatus(request.admin.id, request.params.id, decisionOf(request.body.status, request.body));
      return { message: translate(messages.statusChanged, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(providerPaths.undoStatus(':id')),
    {
      schema: {
        tags,
        summary: "Undo the admin's own latest decision (within seconds)",
        params: idParams,
        response: { 200: providerResponse },
      },
    },
    async (request) => {
      const undone = await providers.undoStatus(request.admin.id, request.params.id);
      return { message: translate(undoneMessage(undone), requestLanguage(request)), data: undone.record };
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
    {
      schema: { tags, params: idParams, response: { 200: providerAttachmentsResponse } },
      // Hands out signed links only: opening one is the read, logged by GET /storage (access-log/file-reads.ts).
      config: { access: 'links' },
    },
    async (request) => ({
      data: await providers.attachments(request.params.id, request.admin.id),
    }),
  );
};
