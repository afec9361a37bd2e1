import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListQuery,
  notificationListResponse,
  notificationMessages,
  notificationPaths,
  notificationRetryParams,
  notificationRetryResponse,
} from '@sehha/contract/notifications';
import { adminRoute } from '../../auth/admin-scope';
import { accessed } from '../../access-log/declared-reads';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate } from '../../i18n/messages';
import type { AppDeps } from '../../app-deps';
import { createNotificationService } from './service';

const tags = ['notifications'];

/** The outbox as admins see it (issue 29): masked recipients, no message text; a failed message sent again. */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const notifications = createNotificationService(deps.db, deps.config.timeZone, (id) => deps.outbox.deliverSoon(id));

  app.get(
    adminRoute(notificationPaths.list),
    {
      schema: {
        tags,
        summary: 'Messages sent or to send, newest first, by status, channel, kind and day; recipients masked',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse },
      },
      // Who was told what kind of thing (an appointment reminder, a prescription reply) is about their care.
      config: { access: { kind: 'notification_list', purpose: 'platform_oversight' } },
    },
    async (request) => {
      const result = await notifications.list(request.query);
      accessed(request, {
        entity: 'notification',
        recordIds: result.items.map((row) => row.id),
        subjectUserIds: result.items.map((row) => row.account?.id),
      });
      return { data: toPaginator(request, result) };
    },
  );

  app.post(
    adminRoute(notificationPaths.retry(':id')),
    {
      schema: {
        tags,
        summary: 'Sends a failed message again, once (409 when it is no longer failed)',
        params: notificationRetryParams,
        response: { 200: notificationRetryResponse },
      },
    },
    async (request) => {
      const { recipient, ...data } = await notifications.retry(request.admin.id, request.params.id);
      return { message: translate(notificationMessages.retried, requestLanguage(request), { recipient }), data };
    },
  );
};
