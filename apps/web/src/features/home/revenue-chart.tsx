import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueSeries } from '@sehha/contract/home';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';

/** Recharts lives only in this lazily imported chunk (home-page imports it with React.lazy). */
export default function RevenueChart({ series }: { series: RevenueSeries }) {
  const { t, i18n } = useTranslation('home');
  const lng = i18n.language;
  const rtl = lng === 'ar';
  const dateOptions: Intl.DateTimeFormatOptions =
    series.period === 'daily'
      ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
      : { month: 'short', year: '2-digit', timeZone: 'UTC' };
  const label = (value: string) => formatDate(value, lng, dateOptions);
  const total = series.points.reduce((sum, point) => sum + point.amount, 0);
  const amount = (value: number) => formatMoney(Math.round(value), lng);
  return (
    <>
      <div
        dir="ltr"
        className="h-72 w-full rounded-lg"
        role="img"
        tabIndex={0}
        aria-label={t('chartSummary', {
          from: label(series.points[0]?.date ?? ''),
          to: label(series.points.at(-1)?.date ?? ''),
          total: amount(total),
        })}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={series.points} margin={{ top: 10, right: 16, bottom: 0, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={label} reversed={rtl} tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              tickFormatter={(value: number) => formatNumber(value, lng, { notation: 'compact' })}
              tick={{ fontSize: 12 }}
              width={56}
            />
            <Tooltip labelFormatter={(value) => label(String(value))} formatter={(value) => [amount(Number(value)), t('amount')]} />
            <Area type="monotone" dataKey="amount" stroke="#0f766e" fill="#99f6e4" strokeWidth={2} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      {/* The chart's figures as text, for screen readers (the drawing above is one labelled image). */}
      <table className="sr-only">
        <caption>{t('chartTableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('amount')}</th>
          </tr>
        </thead>
        <tbody>
          {series.points.map((point) => (
            <tr key={point.date}>
              <th scope="row">{label(point.date)}</th>
              <td>{amount(point.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
