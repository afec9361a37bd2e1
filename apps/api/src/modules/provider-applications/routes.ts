import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import {
  providerApplicationMessages as messages,
  providerApplicationRequest,
  providerApplicationResponse,
} from '@sehha/contract/provider-applications';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { requestLanguage, translate } from '../../i18n/messages';
import { createProviderApplicationService } from './service';

const tags = ['app: provider application'];

/** A signed-in account applies as a provider and follows its application: account scope (it is not a provider yet). */
export const providerApplicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const applications = createProviderApplicationService({
    db: deps.db,
    storage: deps.storage,
    metrics: deps.metrics,
    timeZone: deps.config.timeZone,
    settings: deps.applications,
  });

  app.post(
    appRoute(appPaths.providerApplication),
    {
      schema: {
        tags,
        summary:
          'Apply as a provider, or resubmit a rejected or held application (multipart: the profile as fields, documents as files named by kind, optional photo; rate limited)',
        body: providerApplicationRequest,
        response: { 200: providerApplicationResponse, 201: providerApplicationResponse },
      },
      // Before the schema's 422: a pending or approved provider is told so, not asked to fix fields.
      preValidation: async (request) => applications.refuseUnlessOpen(request.account),
    },
    async (request, reply) => {
      const { resubmitted } = await applications.apply(
        request.account,
        request.body,
        request.uploads,
        { address: request.ip },
        request.log,
      );
      const language = requestLanguage(request);
      return reply.code(resubmitted ? 200 : 201).send({
        message: translate(resubmitted ? messages.resubmitted : messages.submitted, language),
        data: await applications.show(request.account, language),
      });
    },
  );

  app.get(
    appRoute(appPaths.providerApplication),
    {
      schema: {
        tags,
        summary: 'The account’s application: status, last decision with its reasons, history',
        response: { 200: providerApplicationResponse },
      },
    },
    async (request) => ({ data: await applications.show(request.account, requestLanguage(request)) }),
  );
};
