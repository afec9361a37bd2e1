import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Envelope } from '@sehha/contract/envelope';
import { apiRequest } from '../../lib/api-client';

type EditRecordOptions<T> = {
  /** Key of the row in navigation state, e.g. 'speciality' for `navigate(path, { state: { speciality } })`. */
  stateKey: string;
  /** The item schema; a state value that does not match it is ignored. */
  schema: z.ZodType<T>;
  /** Query-key root of the resource (its lists refresh with it). */
  resourceKey: string;
  /** GET path of one record, e.g. paths.show; without it only the row in navigation state is edited. */
  showPath?: ((id: number) => string) | undefined;
};

/**
 * The record an add/edit form edits: the row passed in navigation state (as addType does) or,
 * after a reload or from a link, the one named by `?id=` loaded from the API. No id → create mode.
 */
export function useEditRecord<T extends { id: number }>({ stateKey, schema, resourceKey, showPath }: EditRecordOptions<T>) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fromState = schema.safeParse((location.state as Record<string, unknown> | null)?.[stateKey]);
  const rawId = Number(searchParams.get('id'));
  const id = showPath && Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const stateRecord = fromState.success && (id === null || fromState.data.id === id) ? fromState.data : null;

  const query = useQuery({
    queryKey: [resourceKey, 'show', id],
    queryFn: ({ signal }) => apiRequest<Envelope<T>>(showPath!(id!), { signal }).then((body) => body.data),
    enabled: id !== null && stateRecord === null,
  });

  const record = stateRecord ?? query.data ?? null;
  return {
    record,
    /** An id was asked for and is still loading. */
    loading: record === null && id !== null && query.isPending,
    /** An id was asked for and could not be loaded (e.g. 404). */
    error: record === null && id !== null && query.isError,
    refetch: () => void query.refetch(),
  };
}
