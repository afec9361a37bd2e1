import { useTranslation } from 'react-i18next';
import { userSubscriptionPaths, type UserSubscription } from '@sehha/contract/user-subscriptions';
import type { Column } from '../../components/table/data-table';
import { useListParams } from '../../components/table/use-list-params';
import { formatDate, formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useUserSubscriptions } from './user-subscriptions-api';
import { ListScreen } from '../../components/table/list-screen';
import { ToneBadge, type BadgeTone } from '../../components/feedback/tone-badge';
import { localName } from '../../lib/local-name';

const statusTone = { active: 'success', expired: 'neutral', cancelled: 'danger' } as const satisfies Record<string, BadgeTone>;

/** /{lng}/dashboard/user-subscription: server-side paged list of subscriptions, newest first. */
export default function UserSubscriptionsPage() {
  const { t } = useTranslation('user-subscriptions');
  const lng = useLanguage();
  const params = useListParams();
  const query = useUserSubscriptions(params.query);
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
    { id: 'plan', header: t('plan'), cell: (s) => localName(s.plan, lng) },
    {
      id: 'price',
      header: t('pricePaid'),
      className: 'whitespace-nowrap',
      cell: (s) => formatMoney(s.price_paid, lng),
    },
    { id: 'start', header: t('start'), className: 'whitespace-nowrap', cell: (s) => date(s.starts_at) },
    { id: 'end', header: t('end'), className: 'whitespace-nowrap', cell: (s) => date(s.ends_at) },
    { id: 'status', header: t('status'), cell: (s) => <ToneBadge tone={statusTone[s.status]}>{t(`statuses.${s.status}`)}</ToneBadge> },
  ];

  return (
    <ListScreen
      name="userSubscription"
      text={t}
      search
      query={query}
      params={params}
      columns={columns}
      exportFrom={{ path: userSubscriptionPaths.list, query: params.query }}
    />
  );
}
