import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** Spec §8: failed fetches retry up to 3 times with a growing delay; client errors (4xx) are final. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(isApiError(error) && error.isClientError) && failureCount < 3;

export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
