import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { column, exportRoute } from '../../http/export-route';
import {
  changeRequestDecisionInput,
  changeRequestListResponse,
  changeRequestPaths,
  changeRequestResponse,
} from '@sehha/contract/change-requests';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createChangeRequestService } from './service';
import { undoneMessage } from '../../audit/undo-decision';
import { bulkResponse } from '@sehha/contract/bulk';
import {
  bulkMessages,
  bulkPaths,
  changeRequestBulkDecisionList,
  changeRequestBulkDecisions,
  changeRequestBulkInput,
  changeRequestBulkRejectInput,
} from '@sehha/contract/bulk-actions';
import { bulkTarget } from '../../audit/bulk-action';
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

  exportRoute(app, deps.db, {
    list: changeRequestPaths.list,
    name: 'change-requests',
    entity: 'change_request',
    tags,
    columns: [
      column.field('id'),
      column.field('user', 'user.name'),
      column.field('user_email', 'user.email'),
      column.status('change_request'),
      column.computed('changes', (row) =>
        (row.changes as Array<{ field: string; requested: unknown }>)
          .map(({ field, requested }) => `${field}: ${typeof requested === 'string' ? requested : JSON.stringify(requested)}`)
          .join('\n'),
      ),
      column.field('reason'),
      column.field('created_at'),
      column.field('decided_at'),
    ],
    rows: () => requests.list(),
  });

  for (const decision of changeRequestBulkDecisionList) {
    app.post(
      adminRoute(bulkPaths.changeRequests(decision)),
      {
        schema: {
          tags,
          summary: `Bulk ${decision}: the selected requests, or every waiting one the list shows`,
          body: decision === 'reject' ? changeRequestBulkRejectInput : changeRequestBulkInput,
          response: { 200: bulkResponse },
        },
      },
      async (request) => {
        // Only the reject body has a reason (changeRequestBulkRejectInput); an approve body with one is a 422.
        const reason = (request.body as { reason?: string | undefined }).reason ?? null;
        const data = await requests.bulkDecide(request.admin.id, bulkTarget(request.body), changeRequestBulkDecisions[decision], reason);
        const message = decision === 'approve' ? bulkMessages.changeRequestsApproved : bulkMessages.changeRequestsRejected;
        return { message: translate(message, requestLanguage(request), { count: data.count }), data };
      },
    );
  }

  app.patch(
    adminRoute(changeRequestPaths.decide(':id')),
    {
      schema: {
        tags,
        summary: 'Accept (1) or reject (2, with an optional reason) a waiting request; the requester is notified',
        params: idParams,
        body: changeRequestDecisionInput,
        response: { 200: changeRequestResponse },
      },
    },
    async (request) => {
      const data = await requests.decide(request.admin.id, request.params.id, request.body.status, request.body.reason ?? null);
      return { message: translate(data.status === 1 ? messages.approved : messages.rejected, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(changeRequestPaths.undoDecision(':id')),
    {
      schema: {
        tags,
        summary: "Undo the admin's own decision on the request (within seconds): it waits again, an acceptance's change is taken back",
        params: idParams,
        response: { 200: changeRequestResponse },
      },
    },
    async (request) => {
      const undone = await requests.undoDecision(request.admin.id, request.params.id);
      return { message: translate(undoneMessage(undone), requestLanguage(request)), data: undone.record };
    },
  );
};
