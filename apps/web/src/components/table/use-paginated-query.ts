import { useEffect } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Envelope, Paginator } from '@sehha/contract/envelope';
import { apiRequest, isApiError, type QueryParams } from '../../lib/api-client';

type PaginatedQueryOptions = {
  /** i18n key of the toast shown when the list cannot be fetched, e.g. 'types:fetchError'. */
  errorMessageKey?: string;
  /** Toast the response's own `message` (spec: appointment lists), falling back to errorMessageKey. */
  serverMessage?: boolean;
  /** Extra request headers, e.g. a fixed Accept-Language. */
  headers?: Record<string, string>;
  /** Refetch this often (ms), e.g. before short-lived signed links in the rows expire. */
  refetchInterval?: number;
  enabled?: boolean;
};

/** Query keys of a resource start with its key, so `invalidateQueries({queryKey: [resourceKey]})` refreshes every page. */
export const listQueryKey = (resourceKey: string, path: string, params: QueryParams) => [resourceKey, 'list', path, params] as const;

/** A Laravel paginator (`{data: paginator}`) from `path?page=&per_page=&search=`; the previous page stays shown while the next loads. */
export function usePaginatedQuery<T>(resourceKey: string, path: string, params: QueryParams, options: PaginatedQueryOptions = {}) {
  const { t } = useTranslation();
  const query = useQuery<Paginator<T>, Error, Paginator<T>, QueryKey>({
    queryKey: listQueryKey(resourceKey, path, params),
    queryFn: ({ signal }) => apiRequest<Envelope<Paginator<T>>>(path, { query: params, signal, headers: options.headers }).then((body) => body.data),
    refetchInterval: options.refetchInterval,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });

  const { isError, error, errorUpdatedAt } = query;
  const { errorMessageKey, serverMessage } = options;
  useEffect(() => {
    // A 401 already sends the user to the login screen: no toast for it.
    if (!isError || (isApiError(error) && error.status === 401)) return;
    const fallback = errorMessageKey ? t(errorMessageKey) : t('common:loadError');
    const message = serverMessage && isApiError(error) && error.status > 0 && error.message ? error.message : fallback;
    toast.error(message, { toastId: `${resourceKey}-fetch-error` });
  }, [isError, error, errorUpdatedAt, errorMessageKey, serverMessage, resourceKey, t]);

  return query;
}
