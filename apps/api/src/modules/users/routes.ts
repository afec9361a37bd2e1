import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import {
  accountResponse,
  bulkAccountsFilter,
  bulkAccountsResponse,
  deactivatedUserListQuery,
  reactivateUsersInput,
  userListQuery,
  userListResponse,
  userPaths,
} from '@sehha/contract/users';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createUserService, userMessages as messages } from './service';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUserService(deps.db);

  app.get(adminRoute(userPaths.list), { schema: { tags, summary: 'Active ordinary users', querystring: userListQuery, response: { 200: userListResponse } } }, async (request) => {
    const { page, per_page, search, sort, direction } = request.query;
    return { data: toPaginator(request, await users.list({ page, perPage: per_page, search, sort, direction })) };
  });

  app.get(
    adminRoute(userPaths.deactivated),
    { schema: { tags, summary: 'Deactivated accounts of every role but admin', querystring: deactivatedUserListQuery, response: { 200: userListResponse } } },
    async (request) => {
      const { page, per_page, search, sort, direction } = request.query;
      return { data: toPaginator(request, await users.deactivatedList({ page, perPage: per_page, search, sort, direction })) };
    },
  );

  app.post(adminRoute(userPaths.deactivate(':id')), { schema: { tags, summary: 'Deactivate one account and revoke its tokens', params: idParams, response: { 200: accountResponse } } }, async (request) => {
    const data = await users.deactivate(request.admin.id, request.params.id);
    return { message: translate(messages.deactivated, requestLanguage(request)), data };
  });

  app.post(
    adminRoute(userPaths.deactivateAll),
    { schema: { tags, summary: 'Deactivate every active ordinary user the list shows under its search', body: bulkAccountsFilter.nullish(), response: { 200: bulkAccountsResponse } } },
    async (request) => {
      const data = await users.deactivateAll(request.admin.id, request.body ?? {});
      return { message: translate(messages.allDeactivated, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(userPaths.reactivate),
    { schema: { tags, summary: 'Reactivate the given deactivated accounts (all or nothing)', body: reactivateUsersInput, response: { 200: bulkAccountsResponse } } },
    async (request) => {
      const data = await users.reactivate(request.admin.id, request.body.ids);
      const message = data.count === 1 ? messages.reactivated : messages.selectedReactivated;
      return { message: translate(message, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(userPaths.reactivateAll),
    { schema: { tags, summary: 'Reactivate every deactivated account the list shows under its search', body: bulkAccountsFilter.nullish(), response: { 200: bulkAccountsResponse } } },
    async (request) => {
      const data = await users.reactivateAll(request.admin.id, request.body ?? {});
      return { message: translate(messages.selectedReactivated, requestLanguage(request)), data };
    },
  );
};
