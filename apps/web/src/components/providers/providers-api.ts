import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userPaths } from '@sehha/contract/users';
import type { Envelope } from '@sehha/contract/envelope';
import {
  providerPaths,
  type DecisionDetails,
  type ProviderAttachment,
  type ProviderItem,
  type ProviderKindSlug,
  type ProviderSummary,
} from '@sehha/contract/providers';
import type { ProviderStatus } from '@sehha/contract/status-codes';
import { apiRequest } from '../../lib/api-client';
import { usePaginatedQuery } from '../table/use-paginated-query';
import { useResourceMutation } from '../form/use-resource-mutation';

/** Query-key root of every provider list (all kinds): a status change or deactivation refreshes them. */
export const providersKey = 'providers';
export const providersPerPage = 10;

export type ProviderListParams = {
  page: number;
  per_page?: number | undefined;
  search: string;
  status?: ProviderStatus | undefined;
  sort?: string | undefined;
  direction?: string | undefined;
};

export function useProviders(slug: ProviderKindSlug, params: ProviderListParams) {
  return usePaginatedQuery<ProviderItem>(
    providersKey,
    providerPaths.list(slug),
    { per_page: providersPerPage, ...params },
    { errorMessageKey: `providers:kinds.${slug}.fetchError` },
  );
}

/** One provider's name and kind, for titles and breadcrumbs of the screens under it. */
export function useProvider(id: number | undefined) {
  return useQuery({
    queryKey: [providersKey, 'show', id],
    queryFn: ({ signal }) => apiRequest<Envelope<ProviderSummary>>(providerPaths.show(id!), { signal }).then((body) => body.data),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
  });
}

export function useProviderAttachments(id: number | null) {
  return useQuery({
    queryKey: [providersKey, 'attachments', id],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<ProviderAttachment[]>>(providerPaths.attachments(id!), { signal }).then((body) => body.data),
    enabled: id !== null,
    // Signed URLs expire after 15 minutes: fetch fresh ones every time the modal opens.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * A review decision, with its reasons when it is a rejection or a hold (the API requires them). Its toast names
 * the provider (`name`, not sent) and offers Undo, which takes the decision back through the API's undo route.
 */
export function useProviderStatus() {
  const { t } = useTranslation('providers');
  return useResourceMutation<{ id: number; name: string; status: Exclude<ProviderStatus, 'pending'> } & DecisionDetails>({
    resourceKey: providersKey,
    request: ({ id, name: _name, ...decision }) => ({ path: providerPaths.status(id), method: 'PATCH', encoding: 'json', body: decision }),
    successToast: (_result, { id, name, status }) => ({
      message: t(`decided.${status}`, { name }),
      undo: () => apiRequest(providerPaths.undoStatus(id), { method: 'POST' }),
    }),
    errorMessage: 'common:somethingWrong',
  });
}

/** Deactivates one provider's account; the toast names it and offers Undo (reactivating the account). */
export function useDeactivateProvider(slug: ProviderKindSlug) {
  const { t } = useTranslation('providers');
  return useResourceMutation<ProviderItem & { name: string }>({
    resourceKey: [providersKey, 'users'],
    request: (provider) => ({ path: providerPaths.deactivate(provider.id), method: 'POST' }),
    successToast: (_result, provider) => ({
      message: t('deactivatedNamed', { name: provider.name }),
      undo: () => apiRequest(userPaths.reactivate, { method: 'POST', body: { ids: [provider.user_id] } }),
    }),
    errorMessage: `providers:kinds.${slug}.deactivateFailed`,
    alwaysErrorMessage: true,
  });
}

/** Deactivates every provider of the kind under exactly the list's filter (the confirm dialog says which). */
export function useDeactivateAllProviders(slug: ProviderKindSlug) {
  return useResourceMutation<{ search: string; status?: ProviderStatus | undefined }>({
    resourceKey: [providersKey, 'users'],
    request: (filter) => ({ path: providerPaths.deactivateAll(slug), method: 'POST', encoding: 'json', body: { all: true, ...filter } }),
    successMessage: `providers:kinds.${slug}.deactivatedAll`,
    errorMessage: `providers:kinds.${slug}.deactivateFailed`,
    alwaysErrorMessage: true,
  });
}
