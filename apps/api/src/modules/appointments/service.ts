import type { Appointment, PlatformAppointment } from '@sehha/contract/appointments';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import type { Language } from '../../i18n/messages';
import { nameIn } from '../../i18n/localized-name';
import {
  appointmentRepository as repository,
  type AppointmentRow,
  type AppointmentScope,
  type PlatformAppointmentFilter,
  type PlatformAppointmentRow,
} from './repository';
import { appointmentMessages } from '@sehha/contract/messages';

const notFoundMessage = {
  doctor: appointmentMessages.doctorNotFound,
  hospital: appointmentMessages.hospitalNotFound,
  medical_center: appointmentMessages.medicalCenterNotFound,
};

function present(row: AppointmentRow, language: Language): Appointment {
  const { appointable, specialize, facility } = row;
  return {
    id: row.id,
    appointment_time: row.appointment_time,
    type: row.type,
    status: row.status,
    price: row.price === null ? null : Number(row.price),
    user: row.user,
    appointable: {
      id: appointable.id,
      kind: appointable.kind,
      name: nameIn(language, appointable),
      name_ar: appointable.name_ar,
      name_en: appointable.name_en,
      specialize: specialize ? { ...specialize, name: nameIn(language, specialize) ?? '' } : null,
      user: { phone: appointable.phone },
    },
    facility: facility ? { ...facility, name: nameIn(language, facility) ?? '' } : null,
  };
}

export function createAppointmentService(db: Database, timeZone: string) {
  return {
    /** A page of every appointment of the platform under the filter (days are local days of the platform's zone). */
    async platformList(query: PlatformAppointmentFilter & { page: number; perPage: number }, language: Language) {
      const page = await repository.platformPage(db, timeZone, query);
      return {
        ...page,
        items: page.items.map((row: PlatformAppointmentRow): PlatformAppointment => ({
          ...present(row, language),
          created_at: row.created_at,
          cancelled_by: row.cancelled_by,
        })),
      };
    },

    /** A page of the scope's appointments; 404 when the id is not a provider of that kind. */
    async list(scope: AppointmentScope, query: { page: number; perPage: number }, language: Language) {
      // Asked together: their version reads go to the database as one (page-cache.ts). Another kind's
      // page is read for nothing and never shown.
      const [kind, page] = await Promise.all([repository.kindOf(db, scope.id), repository.page(db, scope, query)]);
      if (kind !== scope.kind) throw notFound(notFoundMessage[scope.kind]);
      return { ...page, items: page.items.map((row) => present(row, language)) };
    },

    /** Every appointment of the scope, for the list's export; the same 404 as the list. */
    async listExport(scope: AppointmentScope) {
      const kind = await repository.kindOf(db, scope.id);
      if (kind !== scope.kind) throw notFound(notFoundMessage[scope.kind]);
      return { select: repository.exportSelect(db, scope) };
    },
  };
}
