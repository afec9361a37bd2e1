import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import {
  accountResponse,
  accountsAllInput,
  deactivatedAllInput,
  bulkAccountsResponse,
  deactivatedUserListQuery,
  reactivateUsersInput,
  userListQuery,
  userListResponse,
  userPaths,
} from '@sehha/contract/users';
import { pageQuery, paginated } from '../../http/list-route';
import { toIso } from '../../db/dates';
import type { ExportColumn } from '../../http/export';
import { exportRoute, labelOf, subjectAt } from '../../http/export-route';
import { roleLabels } from '@sehha/contract/role-labels';
import { userExportHeaders as headers } from '@sehha/contract/export';
import { requestLanguage, translate, type Message } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createUserService } from './service';
import { bulkResponse } from '@sehha/contract/bulk';
import { accountsBulkInput, bulkMessages, bulkPaths, deactivatedBulkInput } from '@sehha/contract/bulk-actions';
import { allFilter, bulkTarget } from '../../audit/bulk-action';
import { userMessages as messages } from '@sehha/contract/messages';

const tags = ['users'];

/** The users lists' columns in the export; the role and the country in the admin's language. */
const exportColumns: ExportColumn[] = [
  { header: headers.id, value: (row) => row.id as number },
  { header: headers.name, value: (row) => row.name as string },
  { header: headers.email, value: (row) => row.email as string },
  { header: headers.phone, value: (row) => row.phone as string | null },
  { header: headers.whatsapp_phone, value: (row) => row.whatsapp_phone as string | null },
  { header: headers.role, value: (row, language) => labelOf(roleLabels, row.role, language) },
  { header: headers.country, value: (row, language) => row[language === 'ar' ? 'name_ar' : 'name_en'] as string | null },
  { header: headers.is_active, value: (row) => row.is_active as boolean },
  { header: headers.deactivated_at, value: (row) => toIso(row.deactivated_at as string | Date | null) },
  { header: headers.created_at, value: (row) => toIso(row.created_at as string | Date) },
];

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUserService(deps.db);

  app.get(
    adminRoute(userPaths.list),
    {
      schema: { tags, summary: 'Active ordinary users', querystring: userListQuery, response: { 200: userListResponse } },
      config: { keptAnswer: true },
    },
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
      config: { keptAnswer: true },
    },
    (request) => paginated(request, users.deactivatedList(pageQuery(request.query))),
  );

  // Both lists' pages are not one select (the active list seeks by id), so their exports take the list's rows from the repository.
  for (const list of [
    { path: userPaths.list, query: userListQuery, name: 'users', select: users.listExport },
    { path: userPaths.deactivated, query: deactivatedUserListQuery, name: 'deactivated-users', select: users.deactivatedExport },
  ]) {
    exportRoute(app, deps.db, {
      list: list.path,
      query: list.query,
      name: list.name,
      entity: 'user',
      tags,
      columns: exportColumns,
      subject: subjectAt('id'),
      rows: async ({ query }) => ({ select: list.select(query) }),
    });
  }

  app.post(
    adminRoute(userPaths.deactivate(':id')),
    { schema: { tags, summary: 'Deactivate one account and revoke its tokens', params: idParams, response: { 200: accountResponse } } },
    async (request) => {
      const data = await users.deactivate(request.admin.id, request.params.id);
      return { message: translate(messages.deactivated, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(bulkPaths.usersDeactivate),
    {
      schema: {
        tags,
        summary: 'Deactivate the selected users, or all the list shows under its search (tokens revoked)',
        body: accountsBulkInput,
        response: { 200: bulkResponse },
      },
    },
    async (request) => {
      const data = await users.bulkDeactivate(request.admin.id, bulkTarget(request.body));
      return { message: translate(bulkMessages.usersDeactivated, requestLanguage(request), { count: data.count }), data };
    },
  );

  app.post(
    adminRoute(bulkPaths.usersReactivate),
    {
      schema: {
        tags,
        summary: 'Reactivate the selected deactivated accounts, or all the list shows under its search',
        body: deactivatedBulkInput,
        response: { 200: bulkResponse },
      },
    },
    async (request) => {
      const data = await users.bulkReactivate(request.admin.id, bulkTarget(request.body));
      return { message: translate(bulkMessages.usersReactivated, requestLanguage(request), { count: data.count }), data };
    },
  );

  /** A bulk action over every account a list shows under its search (`{"all": true, search?}`). */
  const byListFilter = (
    path: string,
    summary: string,
    run: typeof users.reactivateAll,
    message: Message,
    body: typeof accountsAllInput | typeof deactivatedAllInput = accountsAllInput,
  ) =>
    app.post(adminRoute(path), { schema: { tags, summary, body, response: { 200: bulkAccountsResponse } } }, async (request) => {
      const data = await run(request.admin.id, allFilter(request.body));
      return { message: translate(message, requestLanguage(request)), data };
    });

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
    deactivatedAllInput,
  );
};
