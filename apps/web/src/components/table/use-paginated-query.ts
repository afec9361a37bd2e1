import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Envelope, Paginator } from '@sehha/contract/envelope';
import { apiRequest, type QueryParams } from '../../lib/api-client';
import { useQueryErrorToast } from '../feedback/use-query-error-toast';

type PaginatedQueryOptions = {
  /** i18n key of the toast shown when the list cannot be fetched, e.g. 'institution-types:fetchError'. */
  errorMessageKey?: string | undefined;
  /** Toast the response's own `message` (spec: appointment lists), falling back to errorMessageKey. */
  serverMessage?: boolean | undefined;
  /** Extra request headers, e.g. a fixed Accept-Language. */
  headers?: Record<string, string> | undefined;
  /** Refetch this often (ms), e.g. before short-lived signed links in the rows expire. */
  refetchInterval?: number | undefined;
  enabled?: boolean | undefined;
};

/** Query keys of a resource start with its key, so `invalidateQueries({queryKey: [resourceKey]})` refreshes every page. */
export const listQueryKey = (resourceKey: string, path: string, params: QueryParams) => [resourceKey, 'list', path, params] as const;

/** A Laravel paginator (`{data: paginator}`) from `path?page=&per_page=&search=`; the previous page stays shown while the next loads. */
export function usePaginatedQuery<T>(resourceKey: string, path: string, params: QueryParams, options: PaginatedQueryOptions = {}) {
  const query = useQuery<Paginator<T>, Error, Paginator<T>, QueryKey>({
    queryKey: listQueryKey(resourceKey, path, params),
    queryFn: ({ signal }) =>
      apiRequest<Envelope<Paginator<T>>>(path, { query: params, signal, headers: options.headers }).then((body) => body.data),
    refetchInterval: options.refetchInterval ?? false,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

  useQueryErrorToast(query, {
    toastId: `${resourceKey}-fetch-error`,
    messageKey: options.errorMessageKey ?? 'common:loadError',
    serverMessage: options.serverMessage,
  });

  return query;
}
