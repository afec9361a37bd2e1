import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import { idParams } from '@sehha/contract/fields';
import {
  myPrescriptionPageResponse,
  myPrescriptionQuery,
  myPrescriptionResponse,
  prescriptionMessages as messages,
  prescriptionUploadRequest,
} from '@sehha/contract/prescriptions';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import { createPatientPrescriptionService, idempotencyKey } from './patient-service';
import { requireHealthConsent } from '../consents/guard';

const tags = ['app: prescriptions'];

/** A signed-in account sends prescriptions to pharmacies and follows the replies: account scope. */
export const patientPrescriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const prescriptions = createPatientPrescriptionService({
    db: deps.db,
    storage: deps.storage,
    signer: deps.signer,
    metrics: deps.metrics,
    timeZone: deps.config.timeZone,
    settings: deps.prescriptions,
  });

  app.post(
    appRoute(appPaths.prescriptions),
    {
      // Before the images are read: without consent to the privacy notice, no health data is taken.
      onRequest: requireHealthConsent(deps.legal),
      schema: {
        tags,
        summary:
          'Send a prescription to an approved pharmacy (multipart: pharmacy_id, optional note, 1–5 images as `images`; optional Idempotency-Key: a retry answers the same prescription; rate limited)',
        body: prescriptionUploadRequest,
        response: { 201: myPrescriptionResponse },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers['idempotency-key']);
      const language = requestLanguage(request);
      const { id, replayed } = await prescriptions.send(request.account, request.body, request.uploadList, key, request.log);
      // Patient data with signed links: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .code(201)
        .send({ message: translate(messages.sent, language), data: await prescriptions.show(request.account, id, language) });
    },
  );

  app.get(
    appRoute(appPaths.prescriptions),
    {
      schema: {
        tags,
        summary: "The account's prescriptions, newest first, with the pharmacy's name and its reply (null: waiting)",
        querystring: myPrescriptionQuery,
        response: { 200: myPrescriptionPageResponse },
      },
      // The account's own data: not access-logged (docs/privacy.md).
      config: { access: 'own' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: toPaginator(request, await prescriptions.list(request.account, request.query, requestLanguage(request))) };
    },
  );

  app.get(
    appRoute(appPaths.prescription(':id')),
    {
      schema: {
        tags,
        summary: "One of the account's prescriptions, its images as links valid a few minutes; another account's is a 404",
        params: idParams,
        response: { 200: myPrescriptionResponse },
      },
      config: { access: 'own' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await prescriptions.show(request.account, request.params.id, requestLanguage(request)) };
    },
  );
};
