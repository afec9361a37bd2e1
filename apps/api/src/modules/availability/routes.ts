import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import {
  availabilityExceptionInput,
  availabilityExceptionParams,
  availabilityHoursInput,
  availabilityMessages,
  availabilityQuery,
  availabilityResponse,
  slotsQuery,
  slotsResponse,
} from '@sehha/contract/availability';
import { idParams } from '@sehha/contract/fields';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { requestLanguage, translate } from '../../i18n/messages';
import { createAvailabilityService } from './service';

const tags = ['app: availability'];

/** A doctor's free slots, public (the directory's doctors). */
export const slotRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const availability = createAvailabilityService(deps.db, deps.clock, deps.config.timeZone);
  app.get(
    appRoute(appPaths.doctorSlots(':id')),
    {
      schema: {
        tags,
        summary:
          "A bookable doctor's free slots by local date (from defaults to today, to to from + 6 days, at most 31 days), each with its zone's offset",
        params: idParams,
        querystring: slotsQuery,
        response: { 200: slotsResponse },
      },
      config: { keptAnswer: true },
    },
    async (request) => ({ data: await availability.slots(request.params.id, request.query) }),
  );
};

/** Weekly hours and exceptions: a doctor's own, or a facility's for the doctors of its units. */
export const availabilityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const availability = createAvailabilityService(deps.db, deps.clock, deps.config.timeZone);

  app.get(
    appRoute(appPaths.providerAvailability),
    {
      schema: {
        tags,
        summary: 'The weekly hours, settings and coming exceptions (a facility names doctor_id)',
        querystring: availabilityQuery,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => ({ data: await availability.get(request.account, request.query.doctor_id) }),
  );

  app.put(
    appRoute(appPaths.providerAvailability),
    {
      schema: {
        tags,
        summary: 'Replace the weekly hours and slot settings (a facility: those of a doctor at its units)',
        body: availabilityHoursInput,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => ({
      message: translate(availabilityMessages.saved, requestLanguage(request)),
      data: await availability.setHours(request.account, request.body),
    }),
  );

  app.post(
    appRoute(appPaths.providerAvailabilityExceptions),
    {
      schema: {
        tags,
        summary: "Replace a date's hours: its own ranges, or none for a day off",
        body: availabilityExceptionInput,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => ({
      message: translate(availabilityMessages.exceptionSaved, requestLanguage(request)),
      data: await availability.setException(request.account, request.body),
    }),
  );

  app.delete(
    appRoute(appPaths.providerAvailabilityException(':date')),
    {
      schema: {
        tags,
        summary: "Remove a date's exception: the day follows the weekly hours again",
        params: availabilityExceptionParams,
        querystring: availabilityQuery,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => ({
      message: translate(availabilityMessages.exceptionRemoved, requestLanguage(request)),
      data: await availability.removeException(request.account, request.params.date, request.query.doctor_id),
    }),
  );
};
