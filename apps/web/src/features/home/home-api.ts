import { useQuery } from '@tanstack/react-query';
import type { HomeStats, OperationsHome, RevenueSeries } from '@sehha/contract/home';
import { homePaths } from '@sehha/contract/home-paths';
import type { Envelope } from '@sehha/contract/envelope';
import { apiRequest } from '../../lib/api-client';
import { useQueryErrorToast } from '../../components/feedback/use-query-error-toast';

export type RevenuePeriod = RevenueSeries['period'];

export function useHomeStats() {
  const query = useQuery({
    queryKey: ['home', 'stats'],
    queryFn: ({ signal }) => apiRequest<Envelope<HomeStats>>(homePaths.stats, { signal }).then((body) => body.data),
  });
  useQueryErrorToast(query, { toastId: 'home-stats-error', messageKey: 'home:statsError' });
  return query;
}

export function useRevenue(period: RevenuePeriod, enabled = true) {
  const query = useQuery({
    queryKey: ['home', 'revenue', period],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<Envelope<RevenueSeries>>(homePaths.revenue, { query: { period }, signal }).then((body) => body.data),
  });
  useQueryErrorToast(query, { toastId: 'home-revenue-error', messageKey: 'home:revenueError' });
  return query;
}

/** What waits and since when, and today against yesterday at the same time (refreshed each minute, as the API keeps it). */
export function useOperations() {
  const query = useQuery({
    queryKey: ['home', 'operations'],
    queryFn: ({ signal }) => apiRequest<Envelope<OperationsHome>>(homePaths.operations, { signal }).then((body) => body.data),
    refetchInterval: 60_000,
  });
  useQueryErrorToast(query, { toastId: 'home-operations-error', messageKey: 'home:operationsError' });
  return query;
}
