import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { homePaths, type HomeStats, type RevenueSeries } from '@sehha/contract/home';
import type { Envelope } from '@sehha/contract/envelope';
import { apiRequest, isApiError } from '../../lib/api-client';

export type RevenuePeriod = RevenueSeries['period'];

function useErrorToast(isError: boolean, error: unknown, messageKey: string, id: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (isError && !(isApiError(error) && error.status === 401)) toast.error(t(messageKey), { toastId: id });
  }, [isError, error, messageKey, id, t]);
}

export function useHomeStats() {
  const query = useQuery({
    queryKey: ['home', 'stats'],
    queryFn: ({ signal }) => apiRequest<Envelope<HomeStats>>(homePaths.stats, { signal }).then((body) => body.data),
  });
  useErrorToast(query.isError, query.error, 'home:statsError', 'home-stats-error');
  return query;
}

export function useRevenue(period: RevenuePeriod, enabled = true) {
  const query = useQuery({
    queryKey: ['home', 'revenue', period],
    enabled,
    queryFn: ({ signal }) => apiRequest<Envelope<RevenueSeries>>(homePaths.revenue, { query: { period }, signal }).then((body) => body.data),
  });
  useErrorToast(query.isError, query.error, 'home:revenueError', 'home-revenue-error');
  return query;
}
