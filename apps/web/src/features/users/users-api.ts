import type { Account } from '@sehha/contract/users';
import { userPaths } from '@sehha/contract/users';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

/** Query-key root of both account lists: any (de)activation refreshes both. */
export const usersKey = 'users';
export const usersPerPage = 10;

/** A list's URL state as useListParams gives it: page, per_page, search and the chosen sort. */
type ListQuery = { page: number; per_page?: number; search: string; sort?: string; direction?: string; role?: string | undefined };

export function useUsers(query: ListQuery) {
  return usePaginatedQuery<Account>(
    usersKey,
    userPaths.list,
    { per_page: usersPerPage, ...query },
    { errorMessageKey: 'users:fetchError' },
  );
}

export function useDeactivatedUsers(query: ListQuery) {
  return usePaginatedQuery<Account>(
    usersKey,
    userPaths.deactivated,
    { per_page: usersPerPage, ...query },
    { errorMessageKey: 'users:fetchDeactivatedError' },
  );
}

/** Deactivates one account; the toast names it and offers Undo (reactivating it). */
export function useDeactivateUser() {
  const { t } = useTranslation('users');
  return useResourceMutation<Account>({
    resourceKey: usersKey,
    request: (account) => ({ path: userPaths.deactivate(account.id) }),
    successToast: (_result, account) => ({
      message: t('deactivatedNamed', { name: account.name }),
      undo: () => apiRequest(userPaths.reactivate, { method: 'POST', body: { ids: [account.id] } }),
    }),
    errorMessage: 'users:deactivateFailed',
    alwaysErrorMessage: true,
  });
}

/** The list's filter: a bulk action acts on exactly the rows the list shows under it. */
export type UsersFilter = { search: string };

/** The server's message ("Users Deactivated Successfully !") is shown. */
export function useDeactivateAllUsers() {
  return useResourceMutation<UsersFilter>({
    resourceKey: usersKey,
    request: (filter) => ({ path: userPaths.deactivateAll, encoding: 'json', body: { all: true, ...filter } }),
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
  return useResourceMutation<UsersFilter & { role?: string | undefined }>({
    resourceKey: usersKey,
    request: (filter) => ({ path: userPaths.reactivateAll, encoding: 'json', body: { all: true, ...filter } }),
    errorMessage: 'users:reactivateFailed',
  });
}
