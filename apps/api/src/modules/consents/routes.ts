import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appPaths } from '@sehha/contract/app-paths';
import { consentInput, consentMessages, consentsResponse, legalDocumentResponse, legalParams, legalQuery } from '@sehha/contract/legal';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { requestLanguage, translate } from '../../i18n/messages';
import { createConsentService } from './service';

const tags = ['app: privacy'];
/** The texts change only with a release: a phone may keep one for an hour, and revalidates it with its ETag. */
const legalCacheControl = 'public, max-age=3600';

/** The privacy notice and the terms in force (public: the app shows them before the account exists). */
export const legalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const consents = createConsentService({ db: deps.db, legal: deps.legal });

  app.get(
    appRoute(appPaths.legal(':document')),
    {
      schema: {
        tags,
        summary: 'The current privacy notice or terms (document: privacy | terms), in ?lang= or Accept-Language, with its version',
        params: legalParams,
        querystring: legalQuery,
        // 304: the phone's copy (If-None-Match) is still the text in force.
        response: { 200: legalDocumentResponse, 304: z.null() },
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? requestLanguage(request);
      const data = consents.document(request.params.document, language);
      const etag = `"${data.document}-${data.version}-${language}"`;
      reply.header('cache-control', legalCacheControl).header('etag', etag).header('vary', 'Accept-Language');
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
        return reply.code(304).send(null);
      return { data };
    },
  );
};

/** The signed-in account's consents: what it gave, and what it must give again. */
export const consentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const consents = createConsentService({ db: deps.db, legal: deps.legal });

  app.get(
    appRoute(appPaths.consents),
    {
      schema: {
        tags,
        summary: "The account's consent to each purpose (last decision), and `required`: the purposes to ask for again",
        response: { 200: consentsResponse },
      },
    },
    async (request) => ({ data: await consents.list(request.account.id) }),
  );

  app.post(
    appRoute(appPaths.consents),
    {
      schema: {
        tags,
        summary:
          'Give (to the current version of its document) or withdraw a consent; a retry in the same state records nothing. Withdrawing does not delete data',
        body: consentInput,
        response: { 200: consentsResponse },
      },
    },
    async (request) => ({
      message: translate(request.body.given ? consentMessages.given : consentMessages.withdrawn, requestLanguage(request)),
      data: await consents.change(request.account.id, request.body, request.ip),
    }),
  );
};
