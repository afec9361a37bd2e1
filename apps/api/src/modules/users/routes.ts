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
import { pageQuery, paginated } from '../../http/list-route';
import { requestLanguage, translate, type Message } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createUserService } from './service';
import { userMessages as messages } from '@sehha/contract/messages';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUserService(deps.db);

  app.get(
    adminRoute(userPaths.list),
    { schema: { tags, summary: 'Active ordinary users', querystring: userListQuery, response: { 200: userListResponse } } },
    (request) => paginated(request, users.list(pageQuery(request.query))),
  );

  app.get(
    adminRoute(userPaths.deactivated),
    {
      schema: {
        tags,
        summary: 'Deactivated accounts of every role but admin',
        querystring: deactivatedUserListQuery,
        response: { 200: userListResponse },
      },
    },
    (request) => paginated(request, users.deactivatedList(pageQuery(request.query))),
  );

  app.post(
    adminRoute(userPaths.deactivate(':id')),
    { schema: { tags, summary: 'Deactivate one account and revoke its tokens', params: idParams, response: { 200: accountResponse } } },
    async (request) => {
      const data = await users.deactivate(request.admin.id, request.params.id);
      return { message: translate(messages.deactivated, requestLanguage(request)), data };
    },
  );

  /** A bulk action over every account a list shows under its search (no body: no search). */
  const byListFilter = (path: string, summary: string, run: typeof users.deactivateAll, message: Message) =>
    app.post(
      adminRoute(path),
      { schema: { tags, summary, body: bulkAccountsFilter.nullish(), response: { 200: bulkAccountsResponse } } },
      async (request) => {
        const data = await run(request.admin.id, request.body ?? {});
        return { message: translate(message, requestLanguage(request)), data };
      },
    );

  byListFilter(
    userPaths.deactivateAll,
    'Deactivate every active ordinary user the list shows under its search',
    users.deactivateAll,
    messages.allDeactivated,
  );

  app.post(
    adminRoute(userPaths.reactivate),
    {
      schema: {
        tags,
        summary: 'Reactivate the given deactivated accounts (all or nothing)',
        body: reactivateUsersInput,
        response: { 200: bulkAccountsResponse },
      },
    },
    async (request) => {
      const data = await users.reactivate(request.admin.id, request.body.ids);
      const message = data.count === 1 ? messages.reactivated : messages.selectedReactivated;
      return { message: translate(message, requestLanguage(request)), data };
    },
  );

  byListFilter(
    userPaths.reactivateAll,
    'Reactivate every deactivated account the list shows under its search',
    users.reactivateAll,
    messages.selectedReactivated,
  );
};
