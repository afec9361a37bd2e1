import { useTranslation } from 'react-i18next';
import { CalendarCheck, UserPlus, Wallet, type LucideIcon } from 'lucide-react';
import type { OperationsHome, OperationsQueue } from '@sehha/contract/home';
import { EmptyState } from '../../components/feedback/empty-state';
import { Spinner } from '../../components/feedback/spinner';
import { formatMoney, formatNumber } from '../../lib/format';
import { useOperations } from './home-api';
import { QueueCard } from './queue-card';
import { StatCard } from './stat-card';

const groups: OperationsQueue['group'][] = ['applications', 'licenses', 'requests', 'platform'];

/** Today so far against yesterday: one card per trend, revenue as money. */
const todayCards = [
  { trend: 'new_users', icon: UserPlus, label: 'newUsersToday', money: false },
  { trend: 'bookings', icon: CalendarCheck, label: 'bookingsToday', money: false },
  { trend: 'revenue', icon: Wallet, label: 'revenueToday', money: true },
] as const satisfies ReadonlyArray<{ trend: keyof OperationsHome['trends']; icon: LucideIcon; label: string; money: boolean }>;

/** The top of the home: what waits (each queue a link to its filtered list) and today so far against yesterday. */
export function OperationsSection() {
  const { t } = useTranslation('home');
  const operations = useOperations();
  return (
    <section aria-labelledby="operations-heading" data-section="operations" className="flex flex-col gap-4">
      <h2 id="operations-heading" className="text-lg font-semibold text-slate-900">
        {t('operations')}
      </h2>
      {operations.isPending ? (
        <div className="relative h-40 rounded-xl border border-slate-200 bg-white" aria-busy>
          <Spinner className="absolute inset-0" />
        </div>
      ) : !operations.data ? (
        <EmptyState tone="error" message={t('operationsError')} />
      ) : (
        <OperationsBody data={operations.data} />
      )}
    </section>
  );
}

function OperationsBody({ data }: { data: OperationsHome }) {
  const { t, i18n } = useTranslation('home');
  const now = new Date(data.as_of);
  const number = (value: number) => formatNumber(value, i18n.language);
  if (data.queues.length === 0) return <EmptyState message={t('noQueues')} />;
  return (
    <>
      {groups.map((group) => {
        const queues = data.queues.filter((queue) => queue.group === group);
        if (queues.length === 0) return null;
        return (
          <div key={group} className="flex flex-col gap-2">
            <h3 className="text-sm font-medium text-slate-600">{t(`groups.${group}`)}</h3>
            <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
              {queues.map((queue) => (
                <QueueCard key={queue.key} queue={queue} now={now} />
              ))}
            </ul>
          </div>
        );
      })}
      <h3 className="text-sm font-medium text-slate-600">{t('todaySoFar')}</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {todayCards.map((card) => {
          const trend = data.trends[card.trend];
          return (
            <StatCard
              key={card.trend}
              icon={card.icon}
              label={t(card.label)}
              value={card.money ? formatMoney(trend.today, i18n.language) : number(trend.today)}
              trend={trend}
              comparedTo={t('fromYesterdaySameTime')}
            />
          );
        })}
      </div>
    </>
  );
}
