import type { Account } from '@sehha/contract/users';
import { userPaths } from '@sehha/contract/users';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

/** Query-key root of both account lists: any (de)activation refreshes both. */
export const usersKey = 'users';
export const usersPerPage = 10;

type ListParams = { page: number; search: string };

export function useUsers({ page, search }: ListParams) {
  return usePaginatedQuery<Account>(usersKey, userPaths.list, { page, per_page: usersPerPage, search }, { errorMessageKey: 'users:fetchError' });
}

export function useDeactivatedUsers({ page, search }: ListParams) {
  return usePaginatedQuery<Account>(usersKey, userPaths.deactivated, { page, per_page: usersPerPage, search }, { errorMessageKey: 'users:fetchDeactivatedError' });
}

export function useDeactivateUser() {
  return useResourceMutation<Account>({
    resourceKey: usersKey,
    request: (account) => ({ path: userPaths.deactivate(account.id) }),
    successMessage: 'users:deactivated',
    errorMessage: 'users:deactivateFailed',
    alwaysErrorMessage: true,
  });
}

/** The server's message ("Users Deactivated Successfully !") is shown. */
export function useDeactivateAllUsers() {
  return useResourceMutation<void>({
    resourceKey: usersKey,
    request: () => ({ path: userPaths.deactivateAll }),
    errorMessage: 'users:deactivateFailed',
    alwaysErrorMessage: true,
  });
}

export function useReactivateUsers() {
  return useResourceMutation<number[]>({
    resourceKey: usersKey,
    request: (ids) => ({ path: userPaths.reactivate, encoding: 'json', body: { ids } }),
    errorMessage: 'users:reactivateFailed',
  });
}

export function useReactivateAllUsers() {
  return useResourceMutation<void>({
    resourceKey: usersKey,
    request: () => ({ path: userPaths.reactivateAll }),
    errorMessage: 'users:reactivateFailed',
  });
}
