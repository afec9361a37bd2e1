import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import {
  bookedAppointmentPageResponse,
  bookedAppointmentResponse,
  bookingInput,
  bookingMessages,
  idempotencyKeyField,
  myAppointmentsQuery,
  patientCancelInput,
  providerAppointmentDayResponse,
  providerAppointmentResponse,
  providerAppointmentsQuery,
  providerCancelInput,
  rescheduleInput,
} from '@sehha/contract/bookings';
import { idParams } from '@sehha/contract/fields';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { accessed } from '../../access-log/declared-reads';
import { ValidationError } from '../../http/errors';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import { createBookingService, createProviderBookingService, type ProviderAction } from './service';
import { requireHealthConsent } from '../consents/guard';

const tags = ['app: appointments'];

/** The patient's side: book (Idempotency-Key), list, cancel, reschedule. Any signed-in app account. */
export const bookingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const bookings = createBookingService({ db: deps.db, clock: deps.clock, settings: deps.booking, timeZone: deps.config.timeZone });
  const healthConsent = requireHealthConsent(deps.legal);

  app.post(
    appRoute(appPaths.appointments),
    {
      onRequest: healthConsent,
      schema: {
        tags,
        summary:
          'Book a slot (Idempotency-Key header required: the same key and body answer the same booking). online: held until paid (payment.url); cash: booked. 409 when the time was just taken',
        body: bookingInput,
        response: { 201: bookedAppointmentResponse },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyField.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new ValidationError({ idempotency_key: [bookingMessages.idempotencyKeyRequired] });
      const { booking } = await bookings.book(
        request.account,
        request.body,
        key.data,
        (reference) => `${request.publicOrigin}/api/v1/payments/${reference}`,
      );
      const language = requestLanguage(request);
      const message =
        booking.status === 'held'
          ? translate(bookingMessages.held, language, { minutes: deps.booking.holdMinutes })
          : translate(bookingMessages.booked, language);
      return reply.code(201).send({ message, data: booking });
    },
  );

  app.get(
    appRoute(appPaths.appointments),
    {
      schema: {
        tags,
        summary: "The account's appointments: upcoming (soonest first) or past (latest first)",
        querystring: myAppointmentsQuery,
        response: { 200: bookedAppointmentPageResponse },
      },
      // The account's own data: not access-logged (docs/privacy.md).
      config: { access: 'own' },
    },
    async (request) => ({ data: toPaginator(request, await bookings.list(request.account, request.query)) }),
  );

  app.post(
    appRoute(appPaths.appointmentCancel(':id')),
    {
      schema: {
        tags,
        summary: 'Cancel an own appointment, up to BOOKING_CANCEL_CUTOFF_MINUTES before the visit',
        params: idParams,
        body: patientCancelInput,
        response: { 200: bookedAppointmentResponse },
      },
    },
    async (request) => ({
      message: translate(bookingMessages.cancelled, requestLanguage(request)),
      data: await bookings.cancel(request.account, request.params.id, request.body.reason),
    }),
  );

  app.post(
    appRoute(appPaths.appointmentReschedule(':id')),
    {
      onRequest: healthConsent,
      schema: {
        tags,
        summary: 'Move an own appointment to another slot of the same doctor, up to the cutoff before the visit',
        params: idParams,
        body: rescheduleInput,
        response: { 200: bookedAppointmentResponse },
      },
    },
    async (request) => ({
      message: translate(bookingMessages.rescheduled, requestLanguage(request)),
      data: await bookings.reschedule(request.account, request.params.id, request.body.starts_at),
    }),
  );
};

/** The provider's side: its day's visits, and their outcome. Doctors, hospitals and medical centers. */
export const providerBookingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const bookings = createProviderBookingService({ db: deps.db, clock: deps.clock });

  app.get(
    appRoute(appPaths.providerAppointments),
    {
      schema: {
        tags,
        summary: "The visits of one day in the provider's zone (today by default): a facility's are those at its units",
        querystring: providerAppointmentsQuery,
        response: { 200: providerAppointmentDayResponse },
      },
      config: { access: { kind: 'appointment_list', purpose: 'care_delivery' } },
    },
    async (request) => {
      const data = await bookings.day(request.account, request.query.date);
      accessed(request, {
        entity: 'appointment',
        recordIds: data.appointments.map((row) => row.id),
        subjectUserIds: data.appointments.map((row) => row.patient.id),
        details: { date: data.date },
      });
      return { data };
    },
  );

  const actions = [
    [appPaths.providerAppointmentComplete(':id'), 'complete', 'Mark a booked visit completed', bookingMessages.completed],
    [appPaths.providerAppointmentNoShow(':id'), 'no_show', 'Mark a booked visit as a no-show', bookingMessages.noShow],
  ] as const;
  for (const [path, action, summary, done] of actions)
    app.post(
      appRoute(path),
      { schema: { tags, summary, params: idParams, response: { 200: providerAppointmentResponse } } },
      async (request) => ({
        message: translate(done, requestLanguage(request)),
        data: await bookings.change(request.account, request.params.id, action satisfies ProviderAction),
      }),
    );

  app.post(
    appRoute(appPaths.providerAppointmentCancel(':id')),
    {
      schema: {
        tags,
        summary: 'Cancel a held or booked visit, with a reason the patient sees',
        params: idParams,
        body: providerCancelInput,
        response: { 200: providerAppointmentResponse },
      },
    },
    async (request) => ({
      message: translate(bookingMessages.cancelled, requestLanguage(request)),
      data: await bookings.change(request.account, request.params.id, 'cancel', request.body.reason),
    }),
  );
};
