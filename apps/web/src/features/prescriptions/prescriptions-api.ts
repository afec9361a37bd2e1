import { useEffect } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Envelope, Paginator } from '@sehha/contract/envelope';
import { prescriptionPaths, type Prescription } from '@sehha/contract/prescriptions';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { apiRequest } from '../../lib/api-client';

export const prescriptionsKey = 'prescriptions';

/**
 * Image links are signed for 15 minutes (see the API's prescriptions service): lists refetch every
 * 10 minutes so that a thumbnail or the dialog never points at an expired link.
 */
const refreshSignedLinksMs = 10 * 60 * 1000;

/** Spec §7: `GET /api/admin/prescription/index?page=N`; a failure toasts the response's message or "Error fetching data". */
export function usePrescriptionPage(page: number) {
  return usePaginatedQuery<Prescription>(
    prescriptionsKey,
    prescriptionPaths.list,
    { page },
    { serverMessage: true, errorMessageKey: 'prescriptions:fetchError', refetchInterval: refreshSignedLinksMs },
  );
}

/**
 * Spec §7: the same path with `pharmacy_name` and `Accept-Language: ar`. A failed search is only
 * logged (no toast); an expired session still ends in the login screen (api-client).
 */
export function usePrescriptionSearch(pharmacyName: string, page: number) {
  const query = useQuery<Paginator<Prescription>, Error, Paginator<Prescription>, QueryKey>({
    queryKey: [prescriptionsKey, 'search', pharmacyName, page],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<Paginator<Prescription>>>(prescriptionPaths.list, {
        query: { pharmacy_name: pharmacyName, page: page > 1 ? page : undefined },
        headers: { 'Accept-Language': 'ar' },
        signal,
      }).then((body) => body.data),
    enabled: pharmacyName !== '',
    placeholderData: keepPreviousData,
    refetchInterval: refreshSignedLinksMs,
  });
  const { isError, error } = query;
  useEffect(() => {
    if (isError) console.error('Prescription search failed', error);
  }, [isError, error]);
  return query;
}
