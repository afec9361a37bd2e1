import { useTranslation } from 'react-i18next';
import type { ChangeRequest, ChangeValue } from '@sehha/contract/change-requests';
import { PageHeader } from '../../components/layout/page-header';
import { DataTable, type Column } from '../../components/table/data-table';
import { Pagination } from '../../components/table/pagination';
import { useListParams } from '../../components/table/use-list-params';
import { useLanguage } from '../../lib/use-language';
import { clientPage, roleKey, statusKey } from './request-labels';
import { useChangeRequests, useDecideChangeRequest } from './change-requests-api';

const statusTone = {
  waiting: 'bg-amber-100 text-amber-800',
  approved: 'bg-teal-100 text-teal-800',
  rejected: 'bg-red-100 text-red-800',
  closed: 'bg-slate-100 text-slate-600',
} as const;

/** /{lng}/dashboard/requests: the full list with client-side pages of 10; accept or reject waiting requests. */
export default function RequestsPage() {
  const { t } = useTranslation('requests');
  const lng = useLanguage();
  const { page, setPage } = useListParams();
  const query = useChangeRequests();
  const decide = useDecideChangeRequest(() => setPage(1));
  const { rows, paginator } = clientPage(query.data ?? [], page);

  const shown = (value: ChangeValue) => {
    if (value === null || value === '') return <span className="text-slate-400">{t('noValue')}</span>;
    if (typeof value === 'object') return lng === 'ar' ? value.name_ar : value.name_en;
    // Phone numbers start with '+' (no strong direction): keep them left-to-right in Arabic too.
    return <span dir={/^[+\d\s-]+$/.test(String(value)) ? 'ltr' : 'auto'}>{String(value)}</span>;
  };
  const fieldLabel = (field: string) => t(`fields.${field}`, { defaultValue: field });

  const columns: Column<ChangeRequest>[] = [
    { id: 'name', header: t('name'), cell: (r) => <span dir="auto" className="font-medium">{r.user.name}</span> },
    { id: 'email', header: t('email'), cell: (r) => <span dir="ltr">{r.user.email}</span> },
    { id: 'role', header: t('role'), cell: (r) => t(`roles.${roleKey(r.user.role)}`) },
    {
      id: 'change',
      header: t('change'),
      cell: (r) => (
        <dl className="flex flex-col gap-1">
          {r.changes.map((change) => (
            <div key={change.field} data-field={change.field}>
              <dt className="text-xs font-semibold text-slate-500">{fieldLabel(change.field)}</dt>
              <dd className="flex flex-wrap items-center gap-1">
                <span className="line-through decoration-slate-400" title={t('current')}>
                  <span className="sr-only">{t('current')}: </span>
                  {shown(change.current)}
                </span>
                <span aria-hidden className="inline-block rtl:-scale-x-100">
                  →
                </span>
                <span className="font-medium text-teal-800" title={t('requested')}>
                  <span className="sr-only">{t('requested')}: </span>
                  {shown(change.requested)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ),
    },
    {
      id: 'status',
      header: t('status'),
      cell: (r) => <span className={`badge whitespace-nowrap ${statusTone[statusKey(r.status)]}`}>{t(`statuses.${statusKey(r.status)}`)}</span>,
    },
    {
      id: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap',
      cell: (r) =>
        r.status === 0 ? (
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={decide.isPending}
              aria-label={t('acceptRow', { name: r.user.name })}
              onClick={() => decide.mutate({ id: r.id, status: 1 })}
            >
              {t('accept')}
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={decide.isPending}
              aria-label={t('rejectRow', { name: r.user.name })}
              onClick={() => decide.mutate({ id: r.id, status: 2 })}
            >
              {t('reject')}
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <section data-screen="requests">
      <PageHeader title={t('title')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('title') }]} />
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={query.data ? rows : undefined}
        rowKey={(r) => r.id}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.isError}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
        onRetry={() => void query.refetch()}
      />
      {query.data && <Pagination paginator={paginator} onPageChange={setPage} />}
    </section>
  );
}
