import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentAdminPaths, paymentListQuery, paymentListResponse } from '@sehha/contract/payments';
import { adminRoute } from '../../auth/admin-scope';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute, subjectAt } from '../../http/export-route';
import { accessed } from '../../access-log/declared-reads';
import type { AppDeps } from '../../app-deps';
import { createPaymentAdminService } from './admin-service';

const tags = ['payments'];

/** The admin's list of checkouts and its export (the public payment routes are routes.ts, in the public scope). */
export const paymentAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const payments = createPaymentAdminService(deps.db, deps.config.timeZone);

  app.get(
    adminRoute(paymentAdminPaths.list),
    {
      schema: { tags, querystring: paymentListQuery, response: { 200: paymentListResponse } },
      // A checkout names the patient and the provider booked: an appointment's read, logged as one.
      config: { access: { kind: 'appointment_list', purpose: 'platform_oversight' }, keptAnswer: true },
    },
    async (request) => {
      const { page, per_page, search, status, date } = request.query;
      const result = await payments.list({ page, perPage: per_page, search, status, date });
      accessed(request, {
        entity: 'payment',
        recordIds: result.items.map((row) => row.id),
        subjectUserIds: result.items.map((row) => row.patient.id),
      });
      return { data: toPaginator(request, result) };
    },
  );

  exportRoute(app, deps.db, {
    list: paymentAdminPaths.list,
    query: paymentListQuery,
    name: 'payments',
    entity: 'payment',
    tags,
    columns: [
      column.field('id'),
      column.field('reference'),
      column.status('payment'),
      column.field('amount'),
      column.field('currency'),
      column.field('user', 'patient.name'),
      column.named('provider', 'appointment.provider'),
      column.field('updated_at'),
    ],
    subject: subjectAt('patient.id'),
    rows: ({ query: { page, per_page, search, status, date } }) => payments.list({ page, perPage: per_page, search, status, date }),
  });
};
