import type { UseFormSetError } from 'react-hook-form';
import { adminPaths, type AdminAccount, type CreateAdminInput } from '@sehha/contract/admins';
import type { AdminRole } from '@sehha/contract/status-codes';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

export const adminsKey = 'admins';

/** What creating an admin or resetting a password answers: the account and its temporary password, once. */
export type WithTemporaryPassword = { message?: string; data: AdminAccount & { temporary_password: string } };

export function useAdmins(query: { page: number; per_page?: number; search: string }) {
  return usePaginatedQuery<AdminAccount>(adminsKey, adminPaths.list, query, { errorMessageKey: 'admins:fetchError' });
}

export function useCreateAdmin(setError: UseFormSetError<CreateAdminInput>, onCreated: (result: WithTemporaryPassword) => void) {
  return useResourceMutation<CreateAdminInput, WithTemporaryPassword, CreateAdminInput>({
    resourceKey: adminsKey,
    request: (values) => ({ path: adminPaths.create, encoding: 'json', body: values }),
    setError,
    onSuccess: onCreated,
  });
}

/** One row action on an admin (the server's message is the toast). */
const useAdminAction = (path: (id: number) => string) =>
  useResourceMutation<AdminAccount, WithTemporaryPassword>({ resourceKey: adminsKey, request: (admin) => ({ path: path(admin.id) }) });

export const useDeactivateAdmin = () => useAdminAction(adminPaths.deactivate);
export const useReactivateAdmin = () => useAdminAction(adminPaths.reactivate);
export const useResetAdminPassword = () => useAdminAction(adminPaths.resetPassword);

export function useChangeAdminRole() {
  return useResourceMutation<{ admin: AdminAccount; role: AdminRole }>({
    resourceKey: adminsKey,
    request: ({ admin, role }) => ({ path: adminPaths.role(admin.id), encoding: 'json', body: { admin_role: role } }),
  });
}
