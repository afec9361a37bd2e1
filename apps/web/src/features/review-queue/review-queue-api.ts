import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '@sehha/contract/envelope';
import {
  reviewQueuePaths,
  type ReviewCounts,
  type ReviewItem,
  type ReviewNextInput,
  type ReviewRecordSlug,
} from '@sehha/contract/review-queue';
import type { ReviewRecordKind } from '@sehha/contract/status-codes';
import { apiRequest } from '../../lib/api-client';

export const reviewQueueKey = 'review-queue';

/** The path slug of a record kind (the contract's reviewRecordSlugs, turned around). */
export const slugOf: Record<ReviewRecordKind, ReviewRecordSlug> = {
  provider: 'providers',
  license: 'licenses',
  change_request: 'change-requests',
};

/** How many records wait in each queue. */
export function useReviewCounts() {
  return useQuery({
    queryKey: [reviewQueueKey, 'counts'],
    queryFn: ({ signal }) => apiRequest<Envelope<ReviewCounts>>(reviewQueuePaths.counts, { signal }).then((body) => body.data),
  });
}

/** Claims and answers the next record (or the one before, for K), or null when nothing waits there. */
export const fetchNext = (input: ReviewNextInput) =>
  apiRequest<Envelope<ReviewItem | null>>(reviewQueuePaths.next, { method: 'POST', body: input }).then((body) => body.data);

export const decideRecord = (item: ReviewItem, body: Record<string, unknown>) =>
  apiRequest<Envelope<{ status: string | number }> & { message?: string }>(reviewQueuePaths.decide(slugOf[item.record], item.id), {
    method: 'POST',
    body,
  });

export const renewClaim = (item: ReviewItem) => apiRequest(reviewQueuePaths.renew(slugOf[item.record], item.id), { method: 'PUT' });

export const releaseClaim = (item: ReviewItem) =>
  apiRequest(reviewQueuePaths.claim(slugOf[item.record], item.id), { method: 'DELETE' }).catch(() => undefined);
