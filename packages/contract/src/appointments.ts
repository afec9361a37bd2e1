import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { nameFields, pageField, perPageField } from './fields';
import { appointmentStatusSchema, providerKindSchema } from './status-codes';

/**
 * Appointments of a doctor, a medical institution (hospital) or a medical center: spec §3
 * Appointment, calls of spec §7. Read-only for admins.
 */
export const appointmentsPerPage = 8;

/** `?per_page=8&page=N`; per_page is bounded to 1..100. */
export const appointmentListQuery = z.object({ page: pageField, per_page: perPageField(appointmentsPerPage) });

export const appointment = z.object({
  id: z.number().int(),
  /** Local wall-clock time 'YYYY-MM-DD HH:MM:SS' (no zone): characters 1-10 the date, 12-19 the time. */
  appointment_time: z.string(),
  /** One of appointmentTypes: 'website' = paid online, 'cash' = paid at the visit (a client reads anything else as cash). */
  type: z.string(),
  status: appointmentStatusSchema,
  price: z.number().nullable(),
  /** The patient. */
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  /** The doctor or facility booked; `name` is in the request's language (Accept-Language). */
  appointable: z.object({
    id: z.number().int(),
    kind: providerKindSchema,
    name: z.string().nullable(),
    ...nameFields,
    specialize: z.object({ id: z.number().int(), name: z.string(), ...nameFields }).nullable(),
    /** The provider's account: its phone stands in when the provider has no name. */
    user: z.object({ phone: z.string().nullable() }),
  }),
  /** Where a doctor's appointment takes place (hospital or medical center), if anywhere. */
  facility: z.object({ id: z.number().int(), name: z.string(), ...nameFields }).nullable(),
});
export type Appointment = z.infer<typeof appointment>;

export const appointmentListResponse = envelope(paginator(appointment));

export const appointmentOwners = ['doctor', 'hospital', 'medical-center'] as const;
export type AppointmentOwner = (typeof appointmentOwners)[number];

export const appointmentPaths = {
  doctor: (id: number | string) => `/api/admin/appointments/doctor/${id}`,
  hospital: (id: number | string) => `/api/admin/appointments/hospital/${id}`,
  medicalCenter: (id: number | string) => `/api/admin/appointments/medical-center/${id}`,
};
