import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import { idParams } from '@sehha/contract/fields';
import {
  pharmacyPrescriptionPageResponse,
  pharmacyPrescriptionQuery,
  pharmacyPrescriptionResponse,
  prescriptionMessages as messages,
  prescriptionReplyRequest,
} from '@sehha/contract/prescriptions';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { accessed } from '../../access-log/declared-reads';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import { createPharmacyPrescriptionService } from './pharmacy-service';

const tags = ['app: pharmacy prescriptions'];

/** A pharmacy's received prescriptions and its replies: the pharmacy accounts' scope (app-modules.ts). */
export const pharmacyPrescriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const prescriptions = createPharmacyPrescriptionService({ db: deps.db, signer: deps.signer, settings: deps.prescriptions });

  app.get(
    appRoute(appPaths.pharmacyPrescriptions),
    {
      schema: {
        tags,
        summary:
          'The prescriptions sent to this pharmacy: `status=waiting` oldest first (the queue), `replied` newest reply first, none newest first; images as links valid a few minutes',
        querystring: pharmacyPrescriptionQuery,
        response: { 200: pharmacyPrescriptionPageResponse },
      },
      config: { access: { kind: 'prescription_list', purpose: 'prescription_fulfilment' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const page = await prescriptions.list(request.account, request.query);
      accessed(request, {
        entity: 'prescription',
        recordIds: page.items.map((row) => row.id),
        subjectUserIds: page.items.map((row) => row.patient.id),
      });
      return { data: toPaginator(request, page) };
    },
  );

  app.get(
    appRoute(appPaths.pharmacyPrescription(':id')),
    {
      schema: {
        tags,
        summary: "One prescription sent to this pharmacy; another pharmacy's is a 404",
        params: idParams,
        response: { 200: pharmacyPrescriptionResponse },
      },
      // One prescription is a list of one: the vocabulary has no narrower kind.
      config: { access: { kind: 'prescription_list', purpose: 'prescription_fulfilment' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await prescriptions.show(request.account, request.params.id);
      accessed(request, { entity: 'prescription', recordIds: [data.id], subjectUserIds: [data.patient.id] });
      return { data };
    },
  );

  app.post(
    appRoute(appPaths.pharmacyPrescriptionReply(':id')),
    {
      schema: {
        tags,
        summary:
          'Reply once: available or partly_available with a price (EGP), or unavailable without one, and an optional note; the patient gets an SMS in their language. A second reply is a 409',
        params: idParams,
        body: prescriptionReplyRequest,
        response: { 200: pharmacyPrescriptionResponse },
      },
    },
    async (request, reply) => {
      const data = await prescriptions.reply(request.account, request.params.id, request.body);
      reply.header('cache-control', 'private, no-store');
      return { message: translate(messages.replied, requestLanguage(request)), data };
    },
  );
};
