import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
import { idParams } from '@sehha/contract/fields';
import {
  appointmentListQuery,
  appointmentListResponse,
  appointmentPaths,
  platformAppointmentListQuery,
  platformAppointmentListResponse,
  type PlatformAppointmentListQuery,
} from '@sehha/contract/appointments';
import { toPaginator } from '../../http/paginate';
import { column, exportRoute, subjectAt } from '../../http/export-route';
import { accessed } from '../../access-log/declared-reads';
import { requestLanguage } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import type { AppointmentScope } from './repository';
import { createAppointmentService } from './service';

const tags = ['appointments'];

const owners: Array<{ path: string; kind: AppointmentScope['kind'] }> = [
  { path: appointmentPaths.doctor(':id'), kind: 'doctor' },
  { path: appointmentPaths.hospital(':id'), kind: 'hospital' },
  { path: appointmentPaths.medicalCenter(':id'), kind: 'medical_center' },
];

/** The list's query as the service takes it. */
const platformFilter = ({
  search,
  status,
  type,
  provider_kind,
  date,
  date_of,
}: Omit<PlatformAppointmentListQuery, 'page' | 'per_page'>) => ({
  search,
  status,
  type,
  providerKind: provider_kind,
  date,
  dateOf: date_of,
});

/** The columns every appointments export starts with: the visit, its payment, the patient and the provider. */
const visitColumns = [
  column.field('id'),
  column.field('appointment_time'),
  column.field('type'),
  column.status('appointment'),
  column.field('price'),
  column.field('user', 'user.name'),
  column.field('user_phone', 'user.phone'),
  column.named('provider', 'appointable'),
];

export const appointmentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const appointments = createAppointmentService(deps.db, deps.config.timeZone);

  app.get(
    adminRoute(appointmentPaths.list),
    {
      schema: { tags, querystring: platformAppointmentListQuery, response: { 200: platformAppointmentListResponse } },
      config: { access: { kind: 'appointment_list', purpose: 'platform_oversight' }, keptAnswer: true },
    },
    async (request) => {
      const { page, per_page, ...filter } = request.query;
      const result = await appointments.platformList({ ...platformFilter(filter), page, perPage: per_page }, requestLanguage(request));
      accessed(request, {
        entity: 'appointment',
        recordIds: result.items.map((row) => row.id),
        subjectUserIds: result.items.map((row) => row.user.id),
      });
      return { data: toPaginator(request, result) };
    },
  );

  exportRoute(app, deps.db, {
    list: appointmentPaths.list,
    query: platformAppointmentListQuery,
    name: 'appointments',
    entity: 'appointment',
    tags,
    columns: [...visitColumns, column.named('facility'), column.field('created_at')],
    subject: subjectAt('user.id'),
    rows: ({ query: { page, per_page, ...filter }, request }) =>
      appointments.platformList({ ...platformFilter(filter), page, perPage: per_page }, requestLanguage(request)),
  });

  for (const { path, kind } of owners) {
    app.get(
      adminRoute(path),
      {
        schema: { tags, params: idParams, querystring: appointmentListQuery, response: { 200: appointmentListResponse } },
        config: { access: { kind: 'appointment_list', purpose: 'platform_oversight' }, keptAnswer: true },
      },
      async (request) => {
        const { page, per_page } = request.query;
        const result = await appointments.list({ kind, id: request.params.id }, { page, perPage: per_page }, requestLanguage(request));
        accessed(request, {
          entity: 'appointment',
          recordIds: result.items.map((row) => row.id),
          subjectUserIds: result.items.map((row) => row.user.id),
          details: { provider_id: request.params.id },
        });
        return { data: toPaginator(request, result) };
      },
    );

    exportRoute(app, deps.db, {
      list: path,
      params: idParams,
      name: `appointments-${kind.replace('_', '-')}`,
      entity: 'appointment',
      tags,
      columns: [...visitColumns, column.named('speciality', 'specialize'), column.named('facility')],
      subject: subjectAt('user.id'),
      rows: ({ params }) => appointments.listExport({ kind, id: params.id }),
    });
  }
};
