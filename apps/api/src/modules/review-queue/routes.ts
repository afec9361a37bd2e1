import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import {
  reviewClaimResponse,
  reviewCountsResponse,
  reviewDecisionInputs,
  reviewDecisionResponse,
  reviewNextInput,
  reviewNextResponse,
  reviewQueueMessages as messages,
  reviewQueuePaths,
  reviewRecordSlugList,
} from '@sehha/contract/review-queue';
import { adminRoute } from '../../auth/admin-scope';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createReviewQueueService } from './service';

const tags = ['review queue'];
const decided = { accept: messages.accepted, reject: messages.rejected, hold: messages.held };

/** The review queue (issue 29): counts, the next record (claimed), and per record kind its decision, claim renewal and release. */
export const reviewQueueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const queue = createReviewQueueService({ db: deps.db, signer: deps.signer, timeZone: deps.config.timeZone });

  app.get(
    adminRoute(reviewQueuePaths.counts),
    { schema: { tags, summary: 'How many records wait in each queue', response: { 200: reviewCountsResponse } } },
    async () => ({ data: await queue.counts() }),
  );

  app.post(
    adminRoute(reviewQueuePaths.next),
    {
      schema: {
        tags,
        summary: 'Claim and open the oldest waiting record nobody else holds (after/before a record: J/K), or null',
        body: reviewNextInput,
        response: { 200: reviewNextResponse },
      },
      // Hands out signed links to the documents only: opening one is the read, logged by GET /storage.
      config: { access: 'links' },
    },
    async (request) => ({ data: await queue.next(request.admin, request.body) }),
  );

  for (const slug of reviewRecordSlugList) {
    app.post(
      adminRoute(reviewQueuePaths.decide(slug, ':id')),
      {
        schema: {
          tags,
          summary: 'Decide the record as its own list does; 409 when another admin holds it or decided it since (expected_status)',
          params: idParams,
          body: reviewDecisionInputs[slug],
          response: { 200: reviewDecisionResponse },
        },
      },
      async (request) => {
        const data = await queue.decide(request.admin, slug, request.params.id, request.body);
        return { message: translate(decided[request.body.decision], requestLanguage(request)), data };
      },
    );

    app.put(
      adminRoute(reviewQueuePaths.renew(slug, ':id')),
      {
        schema: {
          tags,
          summary: 'Keep the claim while the admin stays on the record',
          params: idParams,
          response: { 200: reviewClaimResponse },
        },
      },
      async (request) => ({ data: await queue.renew(request.admin, slug, request.params.id) }),
    );

    app.delete(
      adminRoute(reviewQueuePaths.claim(slug, ':id')),
      {
        schema: {
          tags,
          summary: 'Release the claim: the record is free for other admins',
          params: idParams,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await queue.release(request.admin, slug, request.params.id);
        return { message: translate(messages.released, requestLanguage(request)) };
      },
    );
  }
};
