import { useTranslation } from 'react-i18next';
import { appointableKinds, appointmentDayKinds, appointmentPaths, type PlatformAppointment } from '@sehha/contract/appointments';
import { appointmentStatuses, appointmentTypes } from '@sehha/contract/status-codes';
import type { Column } from '../../components/table/data-table';
import { ListScreen } from '../../components/table/list-screen';
import { useListParams } from '../../components/table/use-list-params';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { FilterSelect } from '../../components/table/filter-select';
import { DateInput } from '../../components/form/date-input';
import { ToneBadge } from '../../components/feedback/tone-badge';
import { formatDateTime, formatNumber } from '../../lib/format';
import { localNameOrOther } from '../../lib/local-name';
import { useLanguage } from '../../lib/use-language';
import { formatVisitDay, paymentOf, visitHour } from './appointment-time';
import { statusTones } from './appointment-card';

const filterKeys = ['status', 'type', 'provider_kind', 'date', 'date_of'] as const;
const platformTimeZone = 'Africa/Cairo';
const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  values.includes(value as T) ? (value as T) : undefined;
const isDay = (value: string | undefined) => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * /{lng}/dashboard/appointments: every booking of the platform, newest first (issue 29), filtered by a Cairo day of
 * booking or of cancellation (the operations home's cards link here with their today), status, payment, provider
 * type and a name. The per-provider screens (doctor-appointment/:id…) stay the spec's.
 */
export default function AllAppointmentsPage() {
  const { t } = useTranslation('appointments');
  const lng = useLanguage();
  const params = useListParams([], filterKeys);
  const { filters, setFilter } = params;
  const listQuery = {
    ...params.query,
    status: oneOf(appointmentStatuses, filters.status),
    type: oneOf(appointmentTypes, filters.type),
    provider_kind: oneOf(appointableKinds, filters.provider_kind),
    // A half-chosen date stays in the control (and the URL) but is not sent until it is a whole day.
    date: isDay(filters.date) ? filters.date : undefined,
    date_of: oneOf(appointmentDayKinds, filters.date_of),
  };
  const query = usePaginatedQuery<PlatformAppointment>('appointments', appointmentPaths.list, listQuery, {
    errorMessageKey: 'appointments:all.fetchError',
  });

  const columns: Column<PlatformAppointment>[] = [
    {
      id: 'patient',
      header: t('patient'),
      cell: (a) => (
        <div className="flex flex-col">
          <bdi className="font-medium">{a.user.name}</bdi>
          {a.user.phone && (
            <bdi dir="ltr" className="text-xs text-slate-600 tabular-nums">
              {a.user.phone}
            </bdi>
          )}
        </div>
      ),
    },
    {
      id: 'provider',
      header: t('all.provider'),
      cell: (a) => (
        <div className="flex flex-col">
          <bdi>{localNameOrOther(a.appointable, lng) || a.appointable.user.phone}</bdi>
          <span className="text-xs text-slate-600">{t(`appointableKinds.${a.appointable.kind}`)}</span>
        </div>
      ),
    },
    {
      id: 'visit',
      header: t('all.visit'),
      className: 'whitespace-nowrap',
      cell: (a) => {
        const hour = visitHour(a.appointment_time);
        return `${formatVisitDay(a.appointment_time, lng)}${hour ? ` ${formatNumber(hour.hour, lng)} ${t(hour.period)}` : ''}`;
      },
    },
    { id: 'type', header: t('all.type'), cell: (a) => t(paymentOf(a.type)) },
    {
      id: 'status',
      header: t('status'),
      cell: (a) => (
        <ToneBadge tone={statusTones[a.status]}>
          {t(`statuses.${a.status}`)}
          {a.status === 'cancelled' && a.cancelled_by ? ` ${t(`all.cancelledBy.${a.cancelled_by}`)}` : ''}
        </ToneBadge>
      ),
    },
    {
      id: 'booked',
      header: t('all.booked'),
      className: 'whitespace-nowrap',
      cell: (a) => <time dateTime={a.created_at}>{formatDateTime(a.created_at, lng, { timeZone: platformTimeZone })}</time>,
    },
  ];

  const choices = [
    {
      key: 'status',
      label: 'statusFilter',
      all: 'allStatuses',
      options: appointmentStatuses.map((v) => ({ value: v, label: t(`statuses.${v}`) })),
    },
    { key: 'type', label: 'typeFilter', all: 'allTypes', options: appointmentTypes.map((v) => ({ value: v, label: t(paymentOf(v)) })) },
    {
      key: 'provider_kind',
      label: 'kindFilter',
      all: 'allKinds',
      options: appointableKinds.map((v) => ({ value: v, label: t(`appointableKinds.${v}`) })),
    },
  ] as const;

  return (
    <ListScreen
      name="appointments"
      text={(key) => t(`all.${key}`)}
      description
      search
      query={query}
      params={params}
      columns={columns}
      exportFrom={{ path: appointmentPaths.list, query: listQuery }}
      filterBarClassName="mb-4 flex flex-wrap items-end gap-4"
      filters={
        <>
          {choices.map((choice) => (
            <FilterSelect
              key={choice.key}
              label={t(`all.${choice.label}`)}
              labelStyle="above"
              value={filters[choice.key] ?? ''}
              onChange={(value) => setFilter(choice.key, value)}
              allLabel={t(`all.${choice.all}`)}
              options={choice.options}
            />
          ))}
          <DateInput
            label={t('all.day')}
            value={filters.date ?? ''}
            onChange={(value) => setFilter('date', value)}
            fromYear={2020}
            toYear={new Date().getFullYear()}
          />
          <FilterSelect
            label={t('all.dayOf')}
            labelStyle="above"
            // Booking is the API's default, so it is the empty choice; the URL names only a cancellation's day.
            value={listQuery.date_of === 'cancelled' ? 'cancelled' : ''}
            onChange={(value) => setFilter('date_of', value)}
            allLabel={t('all.dayKinds.booked')}
            options={[{ value: 'cancelled', label: t('all.dayKinds.cancelled') }]}
          />
        </>
      }
    />
  );
}
