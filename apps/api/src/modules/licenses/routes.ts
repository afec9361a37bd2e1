import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import { licenseListQuery, licenseListResponse, licensePaths, licenseResponse, licenseStatusInput } from '@sehha/contract/licenses';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createLicenseService } from './service';
import { licenseMessages as messages } from '@sehha/contract/messages';

const tags = ['licenses'];

export const licenseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const licenses = createLicenseService(deps.db, deps.signer, deps.config.timeZone);

  app.get(
    adminRoute(licensePaths.list),
    { schema: { tags, querystring: licenseListQuery, response: { 200: licenseListResponse } } },
    async (request) => {
      const { page, per_page, search, status, expired } = request.query;
      const result = await licenses.list({
        page,
        perPage: per_page,
        search,
        status,
        expired: expired === undefined ? undefined : expired === '1',
      });
      return { data: toPaginator(request, result) };
    },
  );

  app.patch(
    adminRoute(licensePaths.status(':id')),
    { schema: { tags, params: idParams, body: licenseStatusInput, response: { 200: licenseResponse } } },
    async (request) => {
      const data = await licenses.changeStatus(request.admin.id, request.params.id, request.body.status);
      return { message: translate(messages.statusChanged, requestLanguage(request)), data };
    },
  );
};
