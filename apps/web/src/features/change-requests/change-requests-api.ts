import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChangeRequest } from '@sehha/contract/change-requests';
import { changeRequestPaths } from '@sehha/contract/change-requests';
import type { Envelope } from '@sehha/contract/envelope';
import { apiRequest } from '../../lib/api-client';
import { useQueryErrorToast } from '../../components/feedback/use-query-error-toast';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

export const changeRequestsKey = 'change-requests';

/** Spec §7: `data` is the full list; a failure toasts the response's message. */
export function useChangeRequests() {
  const query = useQuery({
    queryKey: [changeRequestsKey, 'list'],
    queryFn: ({ signal }) => apiRequest<Envelope<ChangeRequest[]>>(changeRequestPaths.list, { signal }).then((body) => body.data),
  });
  useQueryErrorToast(query, { toastId: 'change-requests-fetch-error', messageKey: 'change-requests:fetchError', serverMessage: true });
  return query;
}

/**
 * Spec §7: POST multipart `status` (+ a rejection's optional `reason`) + `_method` patch. The toast names the
 * account (`name`, not sent) and offers Undo, which takes the decision back through the API's undo route.
 */
export function useDecideChangeRequest(onDecided: () => void) {
  const { t } = useTranslation('change-requests');
  return useResourceMutation<{ id: number; name: string; status: 1 | 2; reason?: string | undefined }>({
    resourceKey: changeRequestsKey,
    request: ({ id, status, reason }) => ({
      path: changeRequestPaths.decide(id),
      body: status === 2 && reason?.trim() ? { status, reason: reason.trim() } : { status },
      methodOverride: 'patch',
    }),
    successToast: (_result, { id, name, status }) => ({
      message: t(`decided.${status}`, { name }),
      undo: () => apiRequest(changeRequestPaths.undoDecision(id), { method: 'POST' }),
    }),
    onSuccess: onDecided,
  });
}
