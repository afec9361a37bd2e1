import { useTranslation } from 'react-i18next';
import { CreditCard, UserPlus, Users, Wallet } from 'lucide-react';
import { PageHeader } from '../../components/layout/page-header';
import { EmptyState } from '../../components/feedback/empty-state';
import { formatMoney, formatNumber } from '../../lib/format';
import { useHomeStats } from './home-api';
import { StatCard, StatCardsPlaceholder } from './stat-card';
import { RevenueSection } from './revenue-section';
import { OperationsSection } from './operations-section';

/** /{lng}/dashboard/home: welcome, what waits and today so far (operations), the four summary cards, revenues. */
export default function HomePage() {
  const { t, i18n } = useTranslation('home');
  const stats = useHomeStats();
  const number = (value: number) => formatNumber(value, i18n.language);
  const data = stats.data;
  return (
    <section data-screen="home" className="flex flex-col gap-6">
      <PageHeader title={data ? t('welcome', { name: data.admin_name }) : t('screens:home')} description={t('welcomeSubtitle')} />
      <OperationsSection />
      {stats.isPending ? (
        <StatCardsPlaceholder />
      ) : !data ? (
        <EmptyState tone="error" message={t('statsError')} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard icon={Users} label={t('totalUsers')} value={number(data.total_users.value)} trend={data.total_users.trend} />
          <StatCard icon={UserPlus} label={t('newUsers')} value={number(data.new_users.value)} trend={data.new_users.trend} />
          <StatCard
            icon={Wallet}
            label={t('totalRevenue')}
            value={formatMoney(data.total_revenue.value, i18n.language)}
            trend={data.total_revenue.trend}
          />
          <StatCard
            icon={CreditCard}
            label={t('subscriptions')}
            value={number(data.subscriptions.value)}
            trend={data.subscriptions.trend}
          />
        </div>
      )}
      <RevenueSection ready={!stats.isPending} />
    </section>
  );
}
