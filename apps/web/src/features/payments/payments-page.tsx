import { useTranslation } from 'react-i18next';
import { paymentAdminPaths, type PaymentListItem } from '@sehha/contract/payments';
import { paymentIntentStatuses } from '@sehha/contract/status-codes';
import type { Column } from '../../components/table/data-table';
import { ListScreen } from '../../components/table/list-screen';
import { useListParams } from '../../components/table/use-list-params';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { FilterSelect } from '../../components/table/filter-select';
import { DateInput } from '../../components/form/date-input';
import { ToneBadge, type BadgeTone } from '../../components/feedback/tone-badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { localNameOrOther } from '../../lib/local-name';
import { useLanguage } from '../../lib/use-language';

type PaymentStatus = (typeof paymentIntentStatuses)[number];
const statusTones = { pending: 'waiting', paid: 'success', failed: 'danger', expired: 'neutral' } as const satisfies Record<
  PaymentStatus,
  BadgeTone
>;
const platformTimeZone = 'Africa/Cairo';
const isDay = (value: string | undefined) => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * /{lng}/dashboard/payments: online bookings' checkouts, last changed first (issue 29), filtered by status and the Cairo
 * day of their last change (the operations home's failed-payments card links here with its today). No gateway data.
 */
export default function PaymentsPage() {
  const { t } = useTranslation('payments');
  const lng = useLanguage();
  const params = useListParams([], ['status', 'date']);
  const { filters, setFilter } = params;
  const listQuery = {
    ...params.query,
    status: paymentIntentStatuses.includes(filters.status as PaymentStatus) ? filters.status : undefined,
    date: isDay(filters.date) ? filters.date : undefined,
  };
  const query = usePaginatedQuery<PaymentListItem>('payments', paymentAdminPaths.list, listQuery, {
    errorMessageKey: 'payments:fetchError',
  });
  const when = (value: string) => <time dateTime={value}>{formatDateTime(value, lng, { timeZone: platformTimeZone })}</time>;

  const columns: Column<PaymentListItem>[] = [
    {
      id: 'reference',
      header: t('reference'),
      cell: (p) => (
        <bdi dir="ltr" className="font-mono text-xs break-all">
          {p.reference}
        </bdi>
      ),
    },
    { id: 'patient', header: t('patient'), cell: (p) => <bdi className="font-medium">{p.patient.name}</bdi> },
    {
      id: 'booking',
      header: t('booking'),
      cell: (p) => (
        <div className="flex flex-col">
          <bdi>{localNameOrOther(p.appointment.provider, lng)}</bdi>
          <span className="text-xs text-slate-600">{when(p.appointment.starts_at)}</span>
        </div>
      ),
    },
    { id: 'amount', header: t('amount'), className: 'whitespace-nowrap', cell: (p) => formatMoney(p.amount, lng) },
    { id: 'status', header: t('status'), cell: (p) => <ToneBadge tone={statusTones[p.status]}>{t(`statuses.${p.status}`)}</ToneBadge> },
    { id: 'updated', header: t('updated'), className: 'whitespace-nowrap', cell: (p) => when(p.updated_at) },
  ];

  return (
    <ListScreen
      name="payments"
      text={t}
      description
      search
      query={query}
      params={params}
      columns={columns}
      exportFrom={{ path: paymentAdminPaths.list, query: listQuery }}
      filterBarClassName="mb-4 flex flex-wrap items-end gap-4"
      filters={
        <>
          <FilterSelect
            label={t('statusFilter')}
            labelStyle="above"
            value={filters.status ?? ''}
            onChange={(value) => setFilter('status', value)}
            allLabel={t('allStatuses')}
            options={paymentIntentStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          />
          <DateInput
            label={t('day')}
            value={filters.date ?? ''}
            onChange={(value) => setFilter('date', value)}
            fromYear={2020}
            toYear={new Date().getFullYear()}
          />
        </>
      }
    />
  );
}
