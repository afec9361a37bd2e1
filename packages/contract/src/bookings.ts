import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { dateField, idParam, pageField, perPageField } from './fields';
import { defineMessages } from './messages';
import { appointmentCancellers, appointmentStatuses } from './status-codes';

/**
 * Booking from the patient app (issue 27): `POST /api/v1/appointments` with an Idempotency-Key header, the
 * account's own appointments, cancel and reschedule; and the provider's day with its status changes.
 */

/** How the patient pays: `online` (held until paid through the payment driver), or `cash` at the visit. */
export const bookingTypes = ['online', 'cash'] as const;
export type BookingType = (typeof bookingTypes)[number];

/** An instant with its offset (or Z), e.g. 2026-04-24T09:00:00+03:00, as the slots list answers it. */
export const instantField = z.iso.datetime({ offset: true, error: 'invalid' });

export const bookingInput = z
  .object({
    doctor_id: idParam,
    starts_at: instantField,
    type: z.enum(bookingTypes, { error: 'invalid' }),
  })
  .strict();
export type BookingInput = z.infer<typeof bookingInput>;

/** The Idempotency-Key header: what the app generates once per booking attempt and resends on retry. */
export const idempotencyKeyField = z
  .string({ error: 'required' })
  .min(8, { error: 'invalid' })
  .max(255, { error: 'invalid' })
  .regex(/^[\x21-\x7e]+$/, { error: 'invalid' });

export const rescheduleInput = z.object({ starts_at: instantField }).strict();
export const patientCancelInput = z
  .object({ reason: z.string({ error: 'invalid' }).trim().max(500, { error: 'invalid' }).optional() })
  .strict();
export const providerCancelInput = z
  .object({ reason: z.string({ error: 'required' }).trim().min(2, { error: 'required' }).max(500, { error: 'invalid' }) })
  .strict();

export const myAppointmentsQuery = z.object({
  when: z.enum(['upcoming', 'past'], { error: 'invalid' }).default('upcoming'),
  page: pageField,
  per_page: perPageField(15),
});
export const providerAppointmentsQuery = z.object({ date: dateField.optional() });

const named = z.object({ id: z.number().int(), name_ar: z.string(), name_en: z.string() });

export const bookedAppointment = z.object({
  id: z.number().int(),
  doctor: named,
  facility: named.nullable(),
  /** ISO 8601 with the offset of the doctor's zone at that instant. */
  starts_at: z.string(),
  ends_at: z.string(),
  type: z.enum(bookingTypes),
  status: z.enum(appointmentStatuses),
  price: z.number().nullable(),
  hold_expires_at: z.string().nullable(),
  cancelled_by: z.enum(appointmentCancellers).nullable(),
  cancel_reason: z.string().nullable(),
  /** An online booking's checkout: where to pay, until when, and how it stands. */
  payment: z.object({ url: z.string(), expires_at: z.string(), status: z.string() }).nullable(),
});
export type BookedAppointment = z.infer<typeof bookedAppointment>;
export const bookedAppointmentResponse = envelope(bookedAppointment);
export const bookedAppointmentPageResponse = envelope(paginator(bookedAppointment));

/** The provider's view adds the patient. */
export const providerAppointment = bookedAppointment.extend({
  patient: z.object({ id: z.number().int(), name: z.string().nullable(), phone: z.string().nullable() }),
});
export type ProviderAppointment = z.infer<typeof providerAppointment>;
export const providerAppointmentResponse = envelope(providerAppointment);
export const providerAppointmentDayResponse = envelope(
  z.object({ date: z.string(), time_zone: z.string(), appointments: z.array(providerAppointment) }),
);

export const bookingMessages = defineMessages({
  booked: { en: 'Your appointment is booked.', ar: 'تم حجز موعدك.' },
  held: {
    en: 'Your appointment is held for you: pay within {minutes} minutes to confirm it.',
    ar: 'تم حجز موعدك مؤقتًا: ادفع خلال {minutes} دقيقة لتأكيده.',
  },
  slotTaken: {
    en: 'This time was just booked by someone else. Please choose another time.',
    ar: 'تم حجز هذا الموعد للتو من شخص آخر. يرجى اختيار موعد آخر.',
  },
  patientOverlap: { en: 'You already have an appointment at this time.', ar: 'لديك موعد آخر في هذا الوقت بالفعل.' },
  notASlot: { en: 'This time is not one of the doctor’s available times.', ar: 'هذا الوقت ليس من المواعيد المتاحة لدى الطبيب.' },
  doctorUnavailable: { en: 'This doctor cannot be booked.', ar: 'لا يمكن الحجز لدى هذا الطبيب.' },
  noOnlinePayment: {
    en: 'This doctor does not take online payment: book with cash.',
    ar: 'هذا الطبيب لا يقبل الدفع الإلكتروني: احجز بالدفع نقدًا.',
  },
  idempotencyKeyRequired: {
    en: 'Send an Idempotency-Key header (8–255 characters).',
    ar: 'أرسل الترويسة Idempotency-Key (من ٨ إلى ٢٥٥ حرفًا).',
  },
  idempotencyKeyReused: {
    en: 'This Idempotency-Key was already used for another booking.',
    ar: 'تم استخدام مفتاح Idempotency-Key هذا لحجز آخر بالفعل.',
  },
  tooLate: {
    en: 'Appointments can only be changed up to {minutes} minutes before the visit.',
    ar: 'لا يمكن تغيير الموعد إلا قبل {minutes} دقيقة على الأقل من موعد الزيارة.',
  },
  notActive: { en: 'This appointment can no longer be changed.', ar: 'لم يعد من الممكن تغيير هذا الموعد.' },
  cancelled: { en: 'The appointment was cancelled.', ar: 'تم إلغاء الموعد.' },
  rescheduled: { en: 'The appointment was moved.', ar: 'تم تغيير موعد الزيارة.' },
  completed: { en: 'The visit was marked completed.', ar: 'تم تسجيل اكتمال الزيارة.' },
  noShow: { en: 'The visit was marked as a no-show.', ar: 'تم تسجيل عدم حضور المريض.' },
  transitionRefused: {
    en: 'An appointment that is {status} cannot change this way.',
    ar: 'لا يمكن تغيير موعد حالته {status} بهذه الطريقة.',
  },
});
