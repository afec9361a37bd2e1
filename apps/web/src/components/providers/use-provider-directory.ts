import { createElement, useState } from 'react';
import { providerPaths, providerSortColumns, type ProviderItem, type ProviderKindSlug } from '@sehha/contract/providers';
import { providerStatuses, type ProviderStatus } from '@sehha/contract/status-codes';
import { bulkPaths } from '@sehha/contract/bulk-actions';
import { useCanCall } from '../../lib/can-call';
import { useLanguage } from '../../lib/use-language';
import { useListParams } from '../table/use-list-params';
import { useConfirmedMutation } from '../dialogs/use-confirmed-mutation';
import type { HistorySubject } from '../audit/history-dialog';
import { providerBulkNouns, useBulkList } from '../resource/bulk-selection';
import { DecisionReasonDialog } from './decision-reason-dialog';
import { providersKey, useDeactivateAllProviders, useDeactivateProvider, useProviders, useProviderStatus } from './providers-api';

const isStatus = (value: string | null): value is ProviderStatus => providerStatuses.includes(value as ProviderStatus);

/**
 * The state of one provider directory: its list parameters (the name sorted in the screen's language), the status
 * filter, the page of providers, the decisions and deactivations the admin's role allows, the bulk selection, and
 * which row's dialog is open.
 */
export function useProviderDirectory(slug: ProviderKindSlug) {
  const lng = useLanguage();
  const listParams = useListParams(providerSortColumns, ['status']);
  // The name column sorts by the name the screen shows: a link or a language switch that carries the
  // other language's name key keeps sorting by name, in this language.
  const nameSort = lng === 'ar' ? 'name_ar' : 'name_en';
  const chosen = listParams.sort?.sort.startsWith('name_') ? { ...listParams.sort, sort: nameSort } : listParams.sort;
  const params = {
    ...listParams,
    sort: chosen,
    query: { ...listParams.query, ...(chosen ? { sort: chosen.sort, direction: chosen.direction } : {}) },
  };
  const { search } = params;
  const rawStatus = listParams.filters.status ?? null;
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const query = useProviders(slug, { ...params.query, status });
  const changeStatus = useProviderStatus();
  const deactivation = useConfirmedMutation(useDeactivateProvider(slug));
  const deactivateAll = useDeactivateAllProviders(slug);
  const [confirmAll, setConfirmAll] = useState(false);
  const [attachmentsOf, setAttachmentsOf] = useState<ProviderItem | null>(null);
  const [historyOf, setHistoryOf] = useState<HistorySubject | null>(null);
  const total = query.data?.total ?? 0;
  // What the admin's role allows (the API refuses the rest with 403): a viewer sees the statuses without decisions.
  const canCall = useCanCall();
  const can = {
    decide: canCall('PATCH', providerPaths.status(':id')),
    deactivate: canCall('POST', providerPaths.deactivate(':id')),
    deactivateAll: canCall('POST', providerPaths.deactivateAll(slug)),
  };
  // Bulk selection (components/resource/bulk-selection.tsx): decisions and deactivation on the selected or all matching.
  const bulk = useBulkList({
    rows: query.data?.data,
    total,
    filter: { search, status },
    noun: providerBulkNouns[slug],
    actions: [
      { key: 'approve', path: providerPaths.bulk(slug, 'approve') },
      // A rejection says why, for every provider it reaches (issue 26): its dialog asks for the reasons.
      {
        key: 'reject',
        path: providerPaths.bulk(slug, 'reject'),
        dialog: (props) => createElement(DecisionReasonDialog, { ...props, open: true, decision: 'rejected' }),
      },
      {
        key: 'hold',
        path: providerPaths.bulk(slug, 'hold'),
        dialog: (props) => createElement(DecisionReasonDialog, { ...props, open: true, decision: 'onHold' }),
      },
      { key: 'deactivate', path: bulkPaths.providerDeactivate(slug) },
    ],
    refresh: [providersKey, 'users'],
  });

  return {
    params,
    nameSort,
    search,
    status,
    setStatus: (value: string) => params.setFilter('status', value),
    query,
    total,
    can,
    changeStatus,
    deactivation,
    deactivateAll,
    confirmAll,
    setConfirmAll,
    attachmentsOf,
    setAttachmentsOf,
    historyOf,
    setHistoryOf,
    bulk,
  };
}

export type ProviderDirectoryState = ReturnType<typeof useProviderDirectory>;
