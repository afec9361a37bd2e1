import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { specialities } from '../../db/schema/catalogs';
import { providers } from '../../db/schema/providers';
import { fetchPage } from '../../db/paged';

const patient = alias(users, 'patient');
const providerAccount = alias(users, 'provider_account');
const facility = alias(providers, 'facility');

const columns = {
  id: appointments.id,
  // Formatted by the database: the wall-clock value leaves untouched by any driver or time zone.
  appointment_time: sql<string>`to_char(${appointments.appointment_time}, 'YYYY-MM-DD HH24:MI:SS')`.as('appointment_time_text'),
  type: appointments.type,
  status: appointments.status,
  price: appointments.price,
  user: { id: patient.id, name: patient.name, phone: patient.phone },
  appointable: {
    id: providers.id,
    kind: providers.kind,
    name_ar: providers.name_ar,
    name_en: providers.name_en,
    phone: providerAccount.phone,
  },
  specialize: { id: specialities.id, name_ar: specialities.name_ar, name_en: specialities.name_en },
  facility: { id: facility.id, name_ar: facility.name_ar, name_en: facility.name_en },
};

/** Whose appointments: a doctor's own, or a facility's (booked with it, or with a doctor working there). */
export type AppointmentScope = { kind: 'doctor' | 'hospital' | 'medical_center'; id: number };

const scopeFilter = (scope: AppointmentScope): SQL | undefined =>
  scope.kind === 'doctor'
    ? eq(appointments.provider_id, scope.id)
    : or(eq(appointments.provider_id, scope.id), eq(appointments.facility_id, scope.id));

export const appointmentRepository = {
  /** One page, newest visit first; each filter is answered by the provider or facility time index. */
  page(db: Database, scope: AppointmentScope, query: { page: number; perPage: number }) {
    const where = and(scopeFilter(scope));
    return fetchPage({
      page: query.page,
      perPage: query.perPage,
      rows: (limit, offset) =>
        db
          .select(columns)
          .from(appointments)
          .innerJoin(patient, eq(patient.id, appointments.user_id))
          .innerJoin(providers, eq(providers.id, appointments.provider_id))
          .innerJoin(providerAccount, eq(providerAccount.id, providers.user_id))
          .leftJoin(specialities, eq(specialities.id, providers.speciality_id))
          .leftJoin(facility, eq(facility.id, appointments.facility_id))
          .where(where)
          .orderBy(desc(appointments.appointment_time), desc(appointments.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ total: count() }).from(appointments).where(where).then((rows) => rows[0]?.total ?? 0),
    });
  },

  /** The kind of a provider, or undefined when there is none with this id. */
  kindOf(db: Database, id: number) {
    return db
      .select({ kind: providers.kind })
      .from(providers)
      .where(eq(providers.id, id))
      .then((rows) => rows[0]?.kind);
  },
};

export type AppointmentRow = Awaited<ReturnType<typeof appointmentRepository.page>>['items'][number];
