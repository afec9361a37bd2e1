import { userSubscriptionPaths, type UserSubscription } from '@sehha/contract/user-subscriptions';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';

export const userSubscriptionsKey = 'user-subscriptions';
export const userSubscriptionsPerPage = 10;

export function useUserSubscriptions(params: { page: number; per_page?: number; search: string }) {
  return usePaginatedQuery<UserSubscription>(
    userSubscriptionsKey,
    userSubscriptionPaths.list,
    { per_page: userSubscriptionsPerPage, ...params },
    { errorMessageKey: 'user-subscriptions:fetchError' },
  );
}
