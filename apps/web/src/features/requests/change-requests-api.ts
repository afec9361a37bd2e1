import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import type { ChangeRequest } from '@sehha/contract/change-requests';
import { changeRequestPaths } from '@sehha/contract/change-requests';
import type { Envelope } from '@sehha/contract/envelope';
import { apiRequest, isApiError } from '../../lib/api-client';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

export const changeRequestsKey = 'change-requests';

/** Spec §7: `data` is the full list; a failure toasts the response's message. */
export function useChangeRequests() {
  const { t } = useTranslation('requests');
  const query = useQuery({
    queryKey: [changeRequestsKey, 'list'],
    queryFn: ({ signal }) => apiRequest<Envelope<ChangeRequest[]>>(changeRequestPaths.list, { signal }).then((body) => body.data),
  });
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || (isApiError(error) && error.status === 401)) return;
    toast.error(isApiError(error) && error.status !== 0 && error.message ? error.message : t('fetchError'), { toastId: 'change-requests-fetch-error' });
  }, [isError, error, errorUpdatedAt, t]);
  return query;
}

/** Spec §7: POST multipart `status` + `_method` patch; the response's message is the success toast. */
export function useDecideChangeRequest(onDecided: () => void) {
  return useResourceMutation<{ id: number; status: 1 | 2 }>({
    resourceKey: changeRequestsKey,
    request: ({ id, status }) => ({ path: changeRequestPaths.decide(id), body: { status }, methodOverride: 'patch' }),
    onSuccess: onDecided,
  });
}
