import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import { notificationPaths, type NotificationItem } from '@sehha/contract/notifications';
import { notificationKinds, outboxChannels, outboxStatuses, type OutboxStatus } from '@sehha/contract/status-codes';
import type { Column } from '../../components/table/data-table';
import { ListScreen } from '../../components/table/list-screen';
import { useListParams } from '../../components/table/use-list-params';
import { FilterSelect } from '../../components/table/filter-select';
import { DateInput } from '../../components/form/date-input';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { ToneBadge, type BadgeTone } from '../../components/feedback/tone-badge';
import { useCanCall } from '../../lib/can-call';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useNotifications, useRetryNotification } from './notifications-api';

const filterKeys = ['status', 'channel', 'kind', 'day'] as const;
const isDay = (value: string | undefined) => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));
// A cancelled message was recalled by an undone decision before it left (docs/decisions.md).
const tones: Record<OutboxStatus, BadgeTone> = { pending: 'waiting', sent: 'success', failed: 'danger', cancelled: 'neutral' };

/**
 * /{lng}/dashboard/notifications: the outbox (issue 29), newest first, by status, channel, kind and day (Cairo's);
 * recipients come masked and no message text is shown (docs/decisions.md). A failed one may be sent again.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const lng = useLanguage();
  const params = useListParams([], filterKeys);
  const { filters, setFilter } = params;
  // A half-typed day stays in the control (and the URL) but is not sent until it is a whole day.
  const listQuery = {
    page: params.page,
    per_page: params.perPage,
    status: filters.status || undefined,
    channel: filters.channel || undefined,
    kind: filters.kind || undefined,
    day: isDay(filters.day) ? filters.day : undefined,
  };
  const query = useNotifications(listQuery);
  const retry = useRetryNotification();
  const retrying = useConfirmedMutation(retry);
  const canRetry = useCanCall()('POST', notificationPaths.retry(':id'));
  const kindOf = (item: NotificationItem) => (item.kind ? t(`kinds.${item.kind}`) : t('noKind'));

  const columns: Column<NotificationItem>[] = [
    { id: 'kind', header: t('kind'), cell: kindOf },
    { id: 'status', header: t('status'), cell: (item) => <ToneBadge tone={tones[item.status]}>{t(`statuses.${item.status}`)}</ToneBadge> },
    { id: 'channel', header: t('channel'), cell: (item) => t(`channels.${item.channel}`), hideOnPhone: true },
    { id: 'recipient', header: t('recipient'), cell: (item) => <bdi dir="ltr">{item.recipient}</bdi> },
    {
      id: 'account',
      header: t('account'),
      cell: (item) => (item.account ? <bdi>{item.account.name}</bdi> : <span className="text-slate-600">{t('noAccount')}</span>),
    },
    {
      id: 'attempts',
      header: t('attempts'),
      hideOnPhone: true,
      cell: (item) => t('triesCount', { count: item.attempts, n: formatNumber(item.attempts, lng) }),
    },
    {
      id: 'lastError',
      header: t('lastError'),
      truncate: (item) => item.last_error ?? '',
      cell: (item) => (item.last_error ? <bdi dir="ltr">{item.last_error}</bdi> : <span className="text-slate-600">—</span>),
    },
    {
      id: 'created',
      header: t('created'),
      className: 'whitespace-nowrap',
      cell: (item) => <time dateTime={item.created_at}>{formatDateTime(item.created_at, lng)}</time>,
    },
    { id: 'next', header: t('next'), cell: (item) => <NextCell item={item} /> },
    {
      id: 'actions',
      header: t('retry'),
      headerHidden: true,
      cell: (item) =>
        canRetry && item.retryable ? (
          <button
            type="button"
            className="btn-secondary gap-1 whitespace-nowrap"
            aria-label={`${t('retry')}: ${kindOf(item)} ${item.recipient}`}
            onClick={() => retrying.ask(item)}
          >
            <RotateCcw aria-hidden className="size-4 rtl:-scale-x-100" />
            {t('retry')}
          </button>
        ) : null,
    },
  ];

  return (
    <ListScreen
      name="notifications"
      text={t}
      caption={t('caption')}
      query={query}
      params={params}
      columns={columns}
      filterBarClassName="mb-4 flex flex-wrap items-end gap-4"
      filters={
        <>
          <FilterSelect
            label={t('status')}
            labelStyle="above"
            value={filters.status ?? ''}
            onChange={(value) => setFilter('status', value)}
            allLabel={t('allStatuses')}
            options={outboxStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          />
          <FilterSelect
            label={t('channel')}
            labelStyle="above"
            value={filters.channel ?? ''}
            onChange={(value) => setFilter('channel', value)}
            allLabel={t('allChannels')}
            options={outboxChannels.map((channel) => ({ value: channel, label: t(`channels.${channel}`) }))}
          />
          <FilterSelect
            label={t('kind')}
            labelStyle="above"
            value={filters.kind ?? ''}
            onChange={(value) => setFilter('kind', value)}
            allLabel={t('allKinds')}
            options={notificationKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
          <DateInput
            label={t('day')}
            value={filters.day ?? ''}
            onChange={(value) => setFilter('day', value)}
            fromYear={2020}
            toYear={new Date().getFullYear()}
          />
        </>
      }
    >
      <ConfirmDialog
        {...retrying.dialog}
        variant="deactivate"
        tone="primary"
        title={t('retryTitle')}
        confirmLabel={t('retryConfirm')}
        details={retrying.target ? t('retryDetails', { kind: kindOf(retrying.target), recipient: retrying.target.recipient }) : undefined}
      />
    </ListScreen>
  );
}

/** A pending message's next try, a delivered one's time, or "not sent" for a failed one. */
function NextCell({ item }: { item: NotificationItem }) {
  const { t } = useTranslation('notifications');
  const lng = useLanguage();
  if (item.sent_at) return <time dateTime={item.sent_at}>{t('deliveredAt', { at: formatDateTime(item.sent_at, lng) })}</time>;
  if (item.next_attempt_at)
    return <time dateTime={item.next_attempt_at}>{t('nextAt', { at: formatDateTime(item.next_attempt_at, lng) })}</time>;
  return <span className="text-slate-600">{t('gaveUp')}</span>;
}
