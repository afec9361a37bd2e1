import { useTranslation } from 'react-i18next';
import type { UserSubscription } from '@sehha/contract/user-subscriptions';
import { PageHeader } from '../../components/layout/page-header';
import type { Column } from '../../components/table/data-table';
import { SearchBox } from '../../components/table/search-box';
import { useListParams } from '../../components/table/use-list-params';
import { formatDate, formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useUserSubscriptions } from './user-subscriptions-api';
import { PaginatedTable } from '../../components/table/paginated-table';

const statusTone = { active: 'bg-teal-100 text-teal-800', expired: 'bg-slate-100 text-slate-600', cancelled: 'bg-red-100 text-red-800' } as const;

/** /{lng}/dashboard/user-subscription: server-side paged list of subscriptions, newest first. */
export default function UserSubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const lng = useLanguage();
  const { page, search, setPage } = useListParams();
  const query = useUserSubscriptions({ page, search });
  const date = (value: string) => formatDate(value, lng, { timeZone: 'Africa/Cairo' });

  const columns: Column<UserSubscription>[] = [
    {
      id: 'user',
      header: t('user'),
      cell: (s) => (
        <div className="flex flex-col">
          <span dir="auto" className="font-medium">
            {s.user.name}
          </span>
          <span dir="ltr" className="text-xs text-slate-600">
            {s.user.email}
          </span>
        </div>
      ),
    },
    { id: 'plan', header: t('plan'), cell: (s) => (lng === 'ar' ? s.plan.name_ar : s.plan.name_en) },
    {
      id: 'price',
      header: t('pricePaid'),
      className: 'whitespace-nowrap',
      cell: (s) => formatMoney(s.price_paid, lng),
    },
    { id: 'start', header: t('start'), className: 'whitespace-nowrap', cell: (s) => date(s.starts_at) },
    { id: 'end', header: t('end'), className: 'whitespace-nowrap', cell: (s) => date(s.ends_at) },
    { id: 'status', header: t('status'), cell: (s) => <span className={`badge ${statusTone[s.status]}`}>{t(`statuses.${s.status}`)}</span> },
  ];

  return (
    <section data-screen="userSubscription">
      <PageHeader title={t('title')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('title') }]} />
      <div className="mb-4">
        <SearchBox placeholder={t('searchPlaceholder')} />
      </div>
      <PaginatedTable
        query={query}
        onPageChange={setPage}
        caption={t('title')}
        columns={columns}
        rowKey={(s) => s.id}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
      />
    </section>
  );
}
