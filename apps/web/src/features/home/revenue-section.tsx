import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/feedback/spinner';
import { EmptyState } from '../../components/feedback/empty-state';
import { useRevenue, type RevenuePeriod } from './home-api';

const RevenueChart = lazy(() => import('./revenue-chart'));

const periods: RevenuePeriod[] = ['daily', 'monthly'];

/** While the figures or the chart's code load: the chart's own height (h-72), so nothing below moves. */
const chartPlaceholder = <Spinner className="h-72" />;

/**
 * Revenues: daily (30 days) or monthly (12 months). Asked for only once `ready` (the cards have
 * loaded), and the chart is a separate chunk fetched after that: neither weighs on the first paint
 * of the home screen, and its box keeps its height throughout.
 */
export function RevenueSection({ ready }: { ready: boolean }) {
  const { t } = useTranslation('home');
  const [period, setPeriod] = useState<RevenuePeriod>('daily');
  const query = useRevenue(period, ready);
  const series = query.data;
  return (
    <section aria-labelledby="revenues-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="revenues-title" className="text-lg font-semibold">
            {t('revenues')}
          </h2>
          <p className="text-sm text-slate-600">{period === 'daily' ? t('last30Days') : t('last12Months')}</p>
        </div>
        <div role="group" aria-label={t('periodLabel')} className="inline-flex overflow-hidden rounded-lg border border-slate-300">
          {periods.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
              className={`px-4 py-1.5 text-sm font-medium ${period === value ? 'bg-teal-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {t(value)}
            </button>
          ))}
        </div>
      </div>
      {query.isPending ? (
        chartPlaceholder
      ) : query.isError || !series ? (
        <EmptyState tone="error" message={t('revenueError')} />
      ) : series.points.every((point) => point.amount === 0) ? (
        <EmptyState message={t('noRevenue')} />
      ) : (
        <Suspense fallback={chartPlaceholder}>
          <RevenueChart series={series} />
        </Suspense>
      )}
    </section>
  );
}
