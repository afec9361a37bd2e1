import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { dataRequestPaths, type DataRequestEntry, type DataRequestStore } from '@sehha/contract/data-requests';
import type { dataRequestActions } from '@sehha/contract/data-requests';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

export const dataRequestsKey = 'data-requests';

export type DataRequestAction = (typeof dataRequestActions)[number];

export type DataRequestListParams = {
  page: number;
  per_page?: number | undefined;
  status?: string | undefined;
  kind?: string | undefined;
  user_id?: string | undefined;
  overdue?: string | undefined;
};

export function useDataRequests(query: DataRequestListParams) {
  return usePaginatedQuery<DataRequestEntry>(dataRequestsKey, dataRequestPaths.list, query, {
    errorMessageKey: 'data-requests:fetchError',
  });
}

/** Records a request received by another channel; a 422 lands on the dialog's fields. */
export function useRecordDataRequest<F extends FieldValues>(setError: UseFormSetError<F>, onRecorded: () => void) {
  return useResourceMutation<DataRequestStore, { message?: string }, F>({
    resourceKey: dataRequestsKey,
    request: (values) => ({ path: dataRequestPaths.store, encoding: 'json', body: values }),
    setError,
    onSuccess: onRecorded,
  });
}

/** Run, reject or note a request (PATCH, sent as POST with _method like every dashboard update). */
export function useDataRequestAction() {
  return useResourceMutation<{ request: DataRequestEntry; action: DataRequestAction; note: string }>({
    resourceKey: dataRequestsKey,
    request: ({ request, action, note }) => ({
      path: dataRequestPaths.update(request.id),
      encoding: 'json',
      body: { action, note },
      methodOverride: 'PATCH',
    }),
  });
}
