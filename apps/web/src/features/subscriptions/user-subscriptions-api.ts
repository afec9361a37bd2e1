import { userSubscriptionPaths, type UserSubscription } from '@sehha/contract/user-subscriptions';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';

export const userSubscriptionsKey = 'user-subscriptions';
export const userSubscriptionsPerPage = 10;

export function useUserSubscriptions({ page, search }: { page: number; search: string }) {
  return usePaginatedQuery<UserSubscription>(
    userSubscriptionsKey,
    userSubscriptionPaths.list,
    { page, per_page: userSubscriptionsPerPage, search },
    { errorMessageKey: 'subscriptions:fetchError' },
  );
}
