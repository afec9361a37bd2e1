import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { dateField, nameFields, pageField, perPageField, searchField } from './fields';
import { appointmentCancellers, appointmentStatusSchema, appointmentTypes, providerKindSchema } from './status-codes';

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

/** The kinds that take appointments (the all-appointments list's provider filter). */
export const appointableKinds = ['doctor', 'hospital', 'medical_center'] as const;

/**
 * What `date` is the day of, in the platform's time zone: `booked`, the day the booking was made (its creation; an
 * online hold still waiting for its payment is not booked yet); `cancelled`, the day a patient or a provider
 * cancelled it. These are the operations home's "bookings today" and "cancellations today" (hourly_activity).
 */
export const appointmentDayKinds = ['booked', 'cancelled'] as const;

/**
 * The platform's appointments (issue 29), newest booking first: `date` (YYYY-MM-DD, a local day of the platform's
 * zone; the home's cards send their own today) of `date_of`, and status, type, provider kind, and a search over the
 * patient's and the provider's names.
 */
export const platformAppointmentListQuery = z.object({
  page: pageField,
  per_page: perPageField(15),
  search: searchField,
  status: appointmentStatusSchema.optional(),
  type: z.enum(appointmentTypes, { error: 'invalid' }).optional(),
  provider_kind: z.enum(appointableKinds, { error: 'invalid' }).optional(),
  date: dateField.optional(),
  date_of: z.enum(appointmentDayKinds, { error: 'invalid' }).default('booked'),
});
export type PlatformAppointmentListQuery = z.infer<typeof platformAppointmentListQuery>;

/** An appointment as the per-provider lists show it, with when it was booked and who cancelled it. */
export const platformAppointment = appointment.extend({
  created_at: z.string(),
  cancelled_by: z.enum(appointmentCancellers).nullable(),
});
export type PlatformAppointment = z.infer<typeof platformAppointment>;
export const platformAppointmentListResponse = envelope(paginator(platformAppointment));

export const appointmentPaths = {
  /** Every appointment of the platform (issue 29); the per-provider lists below are the spec's. */
  list: '/api/admin/appointments',
  doctor: (id: number | string) => `/api/admin/appointments/doctor/${id}`,
  hospital: (id: number | string) => `/api/admin/appointments/hospital/${id}`,
  medicalCenter: (id: number | string) => `/api/admin/appointments/medical-center/${id}`,
};
