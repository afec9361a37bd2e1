import type { InstitutionType } from '@sehha/contract/institution-types';
import { institutionTypePaths } from '@sehha/contract/institution-types';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import type { MutationRequest } from '../../components/form/mutation-request';

/** Query-key root of every institution-type list. */
export const institutionTypesKey = 'institution-types';
export const institutionTypesPerPage = 10;

export function useInstitutionTypes(params: { page: number; per_page?: number; search: string }) {
  return usePaginatedQuery<InstitutionType>(
    institutionTypesKey,
    institutionTypePaths.list,
    { per_page: institutionTypesPerPage, ...params },
    { errorMessageKey: 'types:fetchError' },
  );
}

export function useDeleteInstitutionType() {
  return useResourceMutation<InstitutionType>({
    resourceKey: institutionTypesKey,
    request: (type) => ({ path: institutionTypePaths.destroy(type.id), method: 'DELETE' }),
    successMessage: 'types:deleted',
  });
}

export const institutionTypeStatusRequest =
  (type: InstitutionType) =>
  (next: boolean): MutationRequest => ({
    path: institutionTypePaths.status(type.id),
    method: 'PATCH',
    encoding: 'json',
    body: { is_active: next },
  });
