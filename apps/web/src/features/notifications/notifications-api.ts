import { useTranslation } from 'react-i18next';
import { notificationPaths, type NotificationItem } from '@sehha/contract/notifications';
import type { QueryParams } from '../../lib/api-client';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

/** Query-key root of the notifications list. */
export const notificationsKey = 'notifications';

/** GET /api/admin/notifications under the screen's filters (recipients come masked; reading it is access-logged). */
export function useNotifications(query: QueryParams) {
  return usePaginatedQuery<NotificationItem>(notificationsKey, notificationPaths.list, query, {
    errorMessageKey: 'notifications:fetchError',
  });
}

/** Sends a failed message again; the toast names its kind and masked recipient. A 409 toasts the API's reason. */
export function useRetryNotification() {
  const { t } = useTranslation('notifications');
  return useResourceMutation<NotificationItem>({
    resourceKey: notificationsKey,
    request: (item) => ({ path: notificationPaths.retry(item.id) }),
    successToast: (_result, item) => ({
      message: t('retried', { kind: item.kind ? t(`kinds.${item.kind}`) : t('noKind'), recipient: item.recipient }),
    }),
    errorMessage: 'notifications:retryFailed',
  });
}
