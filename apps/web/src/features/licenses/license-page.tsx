import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { licensePaths, licenseStatusTransitions, type LicenseItem } from '@sehha/contract/licenses';
import { licenseStatuses } from '@sehha/contract/status-codes';
import type { Column } from '../../components/table/data-table';
import { useListParams } from '../../components/table/use-list-params';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { AttachmentViewer } from '../../components/dialogs/attachment-viewer';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { apiRequest } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { ReviewStatusControl } from '../../components/providers/review-status';
import { ListScreen } from '../../components/table/list-screen';
import { ToneBadge } from '../../components/feedback/tone-badge';
import { localName } from '../../lib/local-name';
import { useCanCall } from '../../lib/can-call';
import { FilterSelect } from '../../components/table/filter-select';
import { bulkPaths, licenseBulkDecisionList } from '@sehha/contract/bulk-actions';
import { useBulkList, useRowLabel } from '../../components/resource/bulk-selection';

type LicenseStatus = (typeof licenseStatuses)[number];
const licensesKey = 'licenses';

/** Route `license`: the review queue of providers' license documents, newest first, expired ones highlighted. */
export default function LicensePage() {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const params = useListParams([], ['status', 'expired', 'expiring']);
  const { setFilter, setFilters } = params;
  const rawStatus = params.filters.status;
  const status = licenseStatuses.includes(rawStatus as LicenseStatus) ? (rawStatus as LicenseStatus) : undefined;
  const rawExpired = params.filters.expired;
  const expired = rawExpired === '1' || rawExpired === '0' ? rawExpired : undefined;
  // Still valid and expiring within 30 days (the operations home's card links here with ?expiring=30).
  const expiring = params.filters.expiring === '30' ? ('30' as const) : undefined;
  const query = usePaginatedQuery<LicenseItem>(
    licensesKey,
    licensePaths.list,
    { ...params.query, status, expired, expiring },
    { errorMessageKey: 'providers:licenses.fetchError' },
  );
  const canDecide = useCanCall()('PATCH', licensePaths.status(':id'));
  // The toast names the license and offers Undo (the API's undo route), as a provider decision's does.
  const review = useResourceMutation<{ id: number; name: string; status: LicenseStatus }>({
    resourceKey: licensesKey,
    request: ({ id, status: next }) => ({ path: licensePaths.status(id), method: 'PATCH', encoding: 'json', body: { status: next } }),
    successToast: (_result, { id, name, status: next }) => ({
      message: t(`licenses.decided.${next}`, { name }),
      undo: () => apiRequest(licensePaths.undoStatus(id), { method: 'POST' }),
    }),
    errorMessage: 'common:somethingWrong',
  });
  const [viewing, setViewing] = useState<LicenseItem | null>(null);
  // Decisions on the selected licenses, or on all matching (components/resource/bulk-selection.tsx).
  const rowLabel = useRowLabel();
  const bulk = useBulkList({
    rows: query.data?.data,
    total: query.data?.total ?? 0,
    filter: { search: params.search, status, expired, expiring },
    noun: 'license',
    actions: licenseBulkDecisionList.map((key) => ({ key, path: bulkPaths.licenses(key) })),
    refresh: [licensesKey],
  });
  const providerName = (l: LicenseItem) => localName(l.provider, lng);

  const columns: Column<LicenseItem>[] = [
    { id: 'provider', header: t('licenses.provider'), cell: (l) => <span className="font-medium">{providerName(l)}</span> },
    { id: 'kind', header: t('licenses.kind'), cell: (l) => t(`kindNames.${l.provider.kind}`) },
    { id: 'number', header: t('licenses.number'), cell: (l) => <span dir="ltr">{l.number}</span> },
    {
      id: 'document',
      header: t('licenses.document'),
      cell: (l) => (
        <button
          type="button"
          className="btn-link"
          aria-label={t('linkRow', { action: t('licenses.view'), name: l.document.name })}
          onClick={() => setViewing(l)}
        >
          {l.document.name}
        </button>
      ),
    },
    {
      id: 'expires',
      header: t('licenses.expiresOn'),
      className: 'whitespace-nowrap',
      cell: (l) => (
        <span className={l.expired ? 'font-semibold text-red-700' : ''}>
          {formatDate(l.expires_on, lng)}
          {l.expired && (
            <ToneBadge tone="danger" className="ms-2">
              {t('licenses.expired')}
            </ToneBadge>
          )}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('licenses.status'),
      cell: (l) => (
        <ReviewStatusControl
          status={l.status}
          next={canDecide ? licenseStatusTransitions[l.status] : []}
          name={`${providerName(l)} ${l.number}`}
          subject="license"
          busy={review.isPending && review.variables?.id === l.id}
          onChange={(next, settled) =>
            review.mutate({ id: l.id, name: `${providerName(l)} ${l.number}`, status: next }, { onSettled: settled })
          }
        />
      ),
    },
  ];

  return (
    <ListScreen
      name="license"
      text={(key) => t(`licenses.${key}`)}
      description
      search
      query={query}
      params={params}
      exportFrom={{ path: licensePaths.list, query: { ...params.query, status, expired, expiring } }}
      columns={columns}
      rowClassName={(l) => (l.expired ? 'bg-red-50' : '')}
      selection={bulk.selection}
      selectionBar={bulk.selectionBar}
      rowLabel={(l) => rowLabel(`${providerName(l)} ${l.number}`)}
      filters={
        <>
          <FilterSelect
            label={t('statusFilter')}
            value={status ?? ''}
            onChange={(value) => setFilter('status', value)}
            allLabel={t('allStatuses')}
            options={licenseStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
          />
          <FilterSelect
            label={t('licenses.expiryFilter')}
            value={expiring ? 'expiring' : (expired ?? '')}
            // One select for both filters: "expiring soon" is the `expiring` parameter, the others `expired`.
            onChange={(value) => setFilters(value === 'expiring' ? { expired: '', expiring: '30' } : { expired: value, expiring: '' })}
            allLabel={t('licenses.allExpiry')}
            options={[
              { value: '1', label: t('licenses.onlyExpired') },
              { value: '0', label: t('licenses.onlyValid') },
              { value: 'expiring', label: t('licenses.expiringSoon') },
            ]}
          />
        </>
      }
    >
      {bulk.dialog}
      <AttachmentViewer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t('licenses.viewerTitle', { number: viewing.number }) : ''}
        description={viewing ? t('licenses.viewerDescription', { owner: providerName(viewing) }) : undefined}
        files={
          viewing
            ? [
                {
                  url: viewing.document.url,
                  downloadUrl: viewing.document.download_url,
                  name: viewing.document.name,
                  mimeType: viewing.document.mime_type,
                },
              ]
            : []
        }
      />
    </ListScreen>
  );
}
