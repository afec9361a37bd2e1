import { useTranslation } from 'react-i18next';
import { Minus, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import type { Trend } from '@sehha/contract/home';
import { formatPercent } from '../../lib/format';
import { Spinner } from '../../components/feedback/spinner';

type StatCardProps = {
  label: string;
  value: string;
  trend: Trend;
  icon: LucideIcon;
  /** What the trend compares with ("from yesterday" unless told). */
  comparedTo?: string | undefined;
};

const tones = { up: 'text-emerald-700 bg-emerald-50', down: 'text-red-700 bg-red-50', flat: 'text-slate-600 bg-slate-100' };
/** Trend arrows rise or fall along time, which runs right to left in Arabic (the revenue chart too): mirrored there. */
const arrows = { up: TrendingUp, down: TrendingDown, flat: Minus };

/** A summary number with its change from yesterday. */
export function StatCard({ label, value, trend, icon: Icon, comparedTo }: StatCardProps) {
  const { t, i18n } = useTranslation('home');
  const percent = trend.change_percent === null ? null : formatPercent(Math.abs(trend.change_percent) / 100, i18n.language);
  const Arrow = arrows[trend.direction];
  let trendText: string;
  if (trend.direction === 'flat') trendText = t('trendFlat');
  else if (percent === null) trendText = t('trendNew');
  else trendText = t(trend.direction === 'up' ? 'trendUp' : 'trendDown', { percent });

  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5" data-trend={trend.direction}>
      <div className="flex items-center gap-2">
        <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-teal-50 text-teal-700">
          <Icon className="size-4" />
        </span>
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      </div>
      {/* One line: an amount never breaks inside its digits; the size steps down where four cards share 1280 px. */}
      <p className="mt-3 text-2xl font-semibold whitespace-nowrap text-slate-900 tabular-nums 2xl:text-3xl">{value}</p>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className={`badge gap-1 ${tones[trend.direction]}`}>
          <Arrow aria-hidden className="size-3.5 rtl:-scale-x-100" />
          {trendText}
        </span>
        <span className="text-slate-600">{comparedTo ?? t('fromYesterday')}</span>
      </p>
    </article>
  );
}

/**
 * The four cards' grid while the figures load, each box as tall as a card (icon row, value, trend),
 * so the cards arrive without pushing the revenues down (layout shift).
 */
export function StatCardsPlaceholder() {
  return (
    <div className="relative grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} aria-hidden className="rounded-xl border border-slate-200 bg-white p-5">
          <div className="size-8 rounded-lg bg-slate-100" />
          <div className="mt-3 h-9 w-2/3 rounded bg-slate-100" />
          <div className="mt-3 h-5 w-1/2 rounded-full bg-slate-100" />
        </div>
      ))}
      <Spinner className="absolute inset-0" />
    </div>
  );
}
