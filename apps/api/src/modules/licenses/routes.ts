import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { licenseListQuery, licenseListResponse, licensePaths, licenseResponse, licenseStatusInput } from '@sehha/contract/licenses';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute } from '../../http/export-route';
import { roleLabels } from '@sehha/contract/role-labels';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createLicenseService } from './service';
import { undoneMessage } from '../../audit/undo-decision';
import { bulkResponse } from '@sehha/contract/bulk';
import { bulkMessages, bulkPaths, licenseBulkDecisionList, licenseBulkDecisions, licenseBulkInput } from '@sehha/contract/bulk-actions';
import { licenseMessages as messages } from '@sehha/contract/messages';

const tags = ['licenses'];

/** The list's query as the service reads it: the list and its export take the same rows. */
const listFilter = ({ page, per_page, search, status, expired, expiring }: z.infer<typeof licenseListQuery>) => ({
  page,
  perPage: per_page,
  search,
  status,
  expired: expired === undefined ? undefined : expired === '1',
  expiringWithin: expiring === undefined ? undefined : Number(expiring),
});

export const licenseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const licenses = createLicenseService(deps.db, deps.signer, deps.config.timeZone);

  app.get(
    adminRoute(licensePaths.list),
    {
      schema: { tags, querystring: licenseListQuery, response: { 200: licenseListResponse } },
      // Hands out signed links only: opening one is the read, logged by GET /storage (access-log/file-reads.ts).
      config: { access: 'links', keptAnswer: true },
    },
    async (request) => {
      const result = await licenses.list(listFilter(request.query), request.admin.id);
      return { data: toPaginator(request, result) };
    },
  );

  exportRoute(app, deps.db, {
    list: licensePaths.list,
    query: licenseListQuery,
    name: 'licenses',
    entity: 'license',
    tags,
    columns: [
      column.field('id'),
      column.field('number'),
      column.computed('provider', (row, language) => row[`provider_name_${language}`] ?? row.provider_name_en),
      column.labelled('provider_kind', roleLabels),
      column.field('expires_on'),
      column.field('expired'),
      column.status('provider'),
      column.field('created_at'),
    ],
    rows: ({ query, request }) => licenses.list(listFilter(query), request.admin.id),
  });

  for (const decision of licenseBulkDecisionList) {
    app.post(
      adminRoute(bulkPaths.licenses(decision)),
      {
        schema: {
          tags,
          summary: `Bulk ${decision}: the selected licenses, or all the list shows under its filter`,
          body: licenseBulkInput,
          response: { 200: bulkResponse },
        },
      },
      async (request) => {
        const { ids, filter } = request.body;
        // The filter as the list's query reads it: `expired` '1'/'0' becomes a boolean.
        const target = ids
          ? { ids }
          : {
              filter: {
                search: filter?.search,
                status: filter?.status,
                expired: filter?.expired === undefined ? undefined : filter.expired === '1',
                expiringWithin: filter?.expiring === undefined ? undefined : Number(filter.expiring),
              },
            };
        const data = await licenses.bulkChangeStatus(request.admin.id, target, licenseBulkDecisions[decision]);
        const message = decision === 'approve' ? bulkMessages.licensesApproved : bulkMessages.licensesRejected;
        return { message: translate(message, requestLanguage(request), { count: data.count }), data };
      },
    );
  }

  app.patch(
    adminRoute(licensePaths.status(':id')),
    { schema: { tags, params: idParams, body: licenseStatusInput, response: { 200: licenseResponse } } },
    async (request) => {
      const data = await licenses.changeStatus(request.admin.id, request.params.id, request.body.status);
      return { message: translate(messages.statusChanged, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(licensePaths.undoStatus(':id')),
    {
      schema: {
        tags,
        summary: "Undo the admin's own latest decision on the license (within seconds)",
        params: idParams,
        response: { 200: licenseResponse },
      },
    },
    async (request) => {
      const undone = await licenses.undoStatus(request.admin.id, request.params.id);
      return { message: translate(undoneMessage(undone), requestLanguage(request)), data: undone.record };
    },
  );
};
