import { useTranslation } from 'react-i18next';
import type { Trend } from '@sehha/contract/home';
import { formatNumber } from '../../lib/format';

type StatCardProps = { label: string; value: string; trend: Trend };

const tones = { up: 'text-emerald-700 bg-emerald-50', down: 'text-red-700 bg-red-50', flat: 'text-slate-600 bg-slate-100' };
const arrows = { up: '▲', down: '▼', flat: '■' };

/** A summary number with its change from yesterday. */
export function StatCard({ label, value, trend }: StatCardProps) {
  const { t, i18n } = useTranslation('home');
  const percent =
    trend.change_percent === null
      ? null
      : formatNumber(Math.abs(trend.change_percent) / 100, i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  let trendText: string;
  if (trend.direction === 'flat') trendText = t('trendFlat');
  else if (percent === null) trendText = t('trendNew');
  else trendText = t(trend.direction === 'up' ? 'trendUp' : 'trendDown', { percent });

  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5" data-trend={trend.direction}>
      <h2 className="text-sm font-medium text-slate-500">{label}</h2>
      <p className="mt-2 text-3xl font-semibold text-slate-900">{value}</p>
      <p className="mt-3 flex items-center gap-2 text-sm">
        <span className={`badge gap-1 ${tones[trend.direction]}`}>
          <span aria-hidden>{arrows[trend.direction]}</span>
          {trendText}
        </span>
        <span className="text-slate-500">{t('fromYesterday')}</span>
      </p>
    </article>
  );
}
