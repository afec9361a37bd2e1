import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@sehha/contract/fields';
import {
  adminListQuery,
  adminListResponse,
  adminMessages as messages,
  adminPaths,
  adminResponse,
  adminWithPasswordResponse,
  changeAdminRoleInput,
  createAdminInput,
} from '@sehha/contract/admins';
import { adminRoute } from '../../auth/admin-scope';
import { pageQuery, paginated } from '../../http/list-route';
import { column, exportRoute } from '../../http/export-route';
import { adminRoleLabels } from '@sehha/contract/role-labels';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createAdminService } from './service';

const tags = ['admins'];

/** Admin accounts and their roles (super admins only: permission `admins.manage`). */
export const adminAccountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const admins = createAdminService(deps.db);

  app.get(
    adminRoute(adminPaths.list),
    { schema: { tags, summary: 'Admin accounts, by name', querystring: adminListQuery, response: { 200: adminListResponse } } },
    (request) => paginated(request, admins.list(pageQuery(request.query))),
  );

  exportRoute(app, deps.db, {
    list: adminPaths.list,
    query: adminListQuery,
    name: 'admins',
    entity: 'admin',
    tags,
    columns: [
      column.field('id'),
      column.field('name'),
      column.field('email'),
      column.labelled('admin_role', adminRoleLabels),
      column.field('is_active'),
      column.field('deactivated_at'),
      column.field('created_at'),
    ],
    rows: ({ query }) => admins.list(pageQuery(query)),
  });

  app.post(
    adminRoute(adminPaths.create),
    {
      schema: {
        tags,
        summary: 'Create an admin; answers its temporary password once',
        body: createAdminInput,
        response: { 201: adminWithPasswordResponse },
      },
    },
    async (request, reply) => {
      const data = await admins.create(request.admin.id, request.body);
      void reply.code(201);
      return { message: translate(messages.created, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(adminPaths.deactivate(':id')),
    { schema: { tags, summary: 'Deactivate an admin and revoke their tokens', params: idParams, response: { 200: adminResponse } } },
    async (request) => {
      const data = await admins.deactivate(request.admin.id, request.params.id);
      return { message: translate(messages.deactivated, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(adminPaths.reactivate(':id')),
    { schema: { tags, summary: 'Reactivate an admin', params: idParams, response: { 200: adminResponse } } },
    async (request) => {
      const data = await admins.reactivate(request.admin.id, request.params.id);
      return { message: translate(messages.reactivated, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(adminPaths.resetPassword(':id')),
    {
      schema: {
        tags,
        summary: "Give an admin a new temporary password (answered once) and revoke the admin's tokens",
        params: idParams,
        response: { 200: adminWithPasswordResponse },
      },
    },
    async (request) => {
      const data = await admins.resetPassword(request.admin.id, request.params.id);
      return { message: translate(messages.passwordReset, requestLanguage(request)), data };
    },
  );

  app.post(
    adminRoute(adminPaths.role(':id')),
    { schema: { tags, summary: "Change an admin's role", params: idParams, body: changeAdminRoleInput, response: { 200: adminResponse } } },
    async (request) => {
      const data = await admins.changeRole(request.admin.id, request.params.id, request.body.admin_role);
      return { message: translate(messages.roleChanged, requestLanguage(request)), data };
    },
  );
};
