import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, MessageSquarePlus, Play } from 'lucide-react';
import type { DataRequestEntry } from '@sehha/contract/data-requests';
import { dataRequestKinds, dataRequestStatuses, type DataRequestStatus } from '@sehha/contract/status-codes';
import type { Column } from '../../components/table/data-table';
import { ListScreen } from '../../components/table/list-screen';
import { RowActions, type RowAction } from '../../components/table/row-actions';
import { useListParams } from '../../components/table/use-list-params';
import { FilterSelect } from '../../components/table/filter-select';
import { ToneBadge, type BadgeTone } from '../../components/feedback/tone-badge';
import { RequirePermission } from '../../components/layout/require-permission';
import { formatDate, formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useDataRequestAction, useDataRequests } from './data-requests-api';
import { ActionDialog, type PendingAction } from './action-dialog';

// The form (react-hook-form, zod) is a chunk fetched when the admin records a request: the list does not need it.
const RecordRequestDialog = lazy(async () => ({ default: (await import('./record-request-dialog')).RecordRequestDialog }));

const statusTones: Record<DataRequestStatus, BadgeTone> = {
  received: 'waiting',
  in_progress: 'waiting',
  completed: 'success',
  rejected: 'paused',
};
const filterKeys = ['status', 'kind', 'overdue', 'user_id'] as const;
const isOpen = (request: DataRequestEntry) => request.status === 'received' || request.status === 'in_progress';

/** /{lng}/dashboard/data-requests: a person's requests about their data, their legal deadlines, and the admin's actions (privacy.manage). */
export default function DataRequestsPage() {
  const { t } = useTranslation('data-requests');
  return (
    <RequirePermission permission="privacy.manage" name="dataRequests" title={t('title')}>
      <DataRequestsScreen />
    </RequirePermission>
  );
}

function DataRequestsScreen() {
  const { t } = useTranslation('data-requests');
  const lng = useLanguage();
  const params = useListParams([], filterKeys);
  const { filters, setFilter } = params;
  const query = useDataRequests({
    page: params.page,
    per_page: params.perPage,
    status: filters.status || undefined,
    kind: filters.kind || undefined,
    overdue: filters.overdue || undefined,
    user_id: /^\d+$/.test(filters.user_id ?? '') ? filters.user_id : undefined,
  });
  const [recording, setRecording] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const act = useDataRequestAction();

  const rowActions = (request: DataRequestEntry): RowAction[] => [
    ...(isOpen(request)
      ? [
          { key: 'run', label: t('actions.run'), icon: Play, onSelect: () => setPending({ request, action: 'run' }) },
          {
            key: 'reject',
            label: t('actions.reject'),
            icon: Ban,
            destructive: true,
            onSelect: () => setPending({ request, action: 'reject' }),
          },
        ]
      : []),
    { key: 'note', label: t('actions.note'), icon: MessageSquarePlus, onSelect: () => setPending({ request, action: 'note' }) },
  ];

  const columns: Column<DataRequestEntry>[] = [
    {
      id: 'person',
      header: t('person'),
      cell: (request) => (
        <span className="flex flex-col">
          <bdi className="font-medium text-slate-900">{request.user.name}</bdi>
          <span className="text-sm text-slate-600">{t('personRef', { id: request.user.id })}</span>
        </span>
      ),
    },
    { id: 'kind', header: t('kind'), cell: (request) => t(`kinds.${request.kind}`) },
    {
      id: 'status',
      header: t('status'),
      cell: (request) => (
        <span className="flex flex-col items-start gap-1">
          <ToneBadge tone={statusTones[request.status]}>{t(`statuses.${request.status}`)}</ToneBadge>
          {request.last_error && <span className="text-xs text-red-700">{t('failed')}</span>}
        </span>
      ),
    },
    { id: 'channel', header: t('channel'), cell: (request) => t(`channels.${request.channel}`) },
    {
      id: 'received',
      header: t('received'),
      className: 'whitespace-nowrap',
      cell: (request) => <time dateTime={request.created_at}>{formatDateTime(request.created_at, lng)}</time>,
    },
    {
      id: 'due',
      header: t('due'),
      className: 'whitespace-nowrap',
      cell: (request) =>
        request.overdue ? (
          <span className="font-semibold text-red-700" data-overdue>
            <time dateTime={request.due_at}>{formatDate(request.due_at, lng)}</time> · {t('overdue')}
          </span>
        ) : (
          <time dateTime={request.due_at}>{formatDate(request.due_at, lng)}</time>
        ),
    },
    {
      id: 'note',
      header: t('note'),
      className: 'max-w-xs whitespace-pre-line text-sm',
      cell: (request) => <bdi>{request.note ?? ''}</bdi>,
    },
    {
      id: 'actions',
      header: t('common:actions'),
      headerHidden: true,
      className: 'w-12',
      cell: (request) => <RowActions name={t('requestOf', { name: request.user.name })} actions={rowActions(request)} />,
    },
  ];

  return (
    <ListScreen
      name="dataRequests"
      text={(key) => t(key)}
      description
      query={query}
      params={params}
      columns={columns}
      rowClassName={(request) => (request.overdue ? 'bg-red-50' : '')}
      filterBarClassName="mb-4 flex flex-wrap items-end gap-4"
      actions={
        <button type="button" className="btn-primary" onClick={() => setRecording(true)}>
          {t('recordButton')}
        </button>
      }
      filters={
        <>
          <FilterSelect
            label={t('status')}
            labelStyle="above"
            value={filters.status ?? ''}
            onChange={(value) => setFilter('status', value)}
            allLabel={t('allStatuses')}
            options={dataRequestStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          />
          <FilterSelect
            label={t('kind')}
            labelStyle="above"
            value={filters.kind ?? ''}
            onChange={(value) => setFilter('kind', value)}
            allLabel={t('allKinds')}
            options={dataRequestKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          />
          <FilterSelect
            label={t('deadline')}
            labelStyle="above"
            value={filters.overdue ?? ''}
            onChange={(value) => setFilter('overdue', value)}
            allLabel={t('anyDeadline')}
            options={[{ value: '1', label: t('onlyOverdue') }]}
          />
        </>
      }
    >
      {recording && (
        <Suspense fallback={null}>
          <RecordRequestDialog open={recording} onClose={() => setRecording(false)} />
        </Suspense>
      )}
      <ActionDialog
        pending={pending}
        busy={act.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(note) => pending && act.mutate({ ...pending, note }, { onSettled: () => setPending(null) })}
      />
    </ListScreen>
  );
}
