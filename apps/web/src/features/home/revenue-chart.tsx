import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevenueSeries } from '@sehha/contract/home';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';

/** The plot's height in px: the same as the h-72 box it is drawn in (and the placeholder before it). */
const height = 288;
const margin = { top: 10, bottom: 28, axis: 56, side: 16 };
const labelGap = 16;

/** Round steps for the amount axis: 0 to a little above the highest amount, about four intervals. */
function amountTicks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? rough;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

/** The width of the box, followed as it resizes (the sidebar folds, the window turns). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The revenue area chart, drawn as one small SVG (a chart library weighed 100 KB gzip here). A lazily
 * imported chunk of its own (revenue-section.tsx). The figure is one labelled image with a text summary
 * and a table of its figures for screen readers; it is focusable, and arrow keys move the read-out
 * along the days (mirrored in Arabic, where time runs right to left).
 */
export default function RevenueChart({ series }: { series: RevenueSeries }) {
  const { t, i18n } = useTranslation('home');
  const lng = i18n.language;
  const rtl = lng === 'ar';
  const [ref, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const dateOptions: Intl.DateTimeFormatOptions =
    series.period === 'daily' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { month: 'short', year: '2-digit', timeZone: 'UTC' };
  const label = (value: string) => formatDate(value, lng, dateOptions);
  const points = series.points;
  const total = points.reduce((sum, point) => sum + point.amount, 0);
  const amount = (value: number) => formatMoney(Math.round(value), lng);

  const ticks = amountTicks(Math.max(...points.map((point) => point.amount), 0));
  const top = ticks.at(-1) || 1;
  const plotStart = rtl ? margin.side : margin.axis;
  const plotEnd = Math.max(plotStart + 1, width - (rtl ? margin.axis : margin.side));
  const plotBottom = height - margin.bottom;
  const step = points.length > 1 ? (plotEnd - plotStart) / (points.length - 1) : 0;
  const x = (index: number) => (rtl ? plotEnd - index * step : plotStart + index * step);
  const y = (value: number) => plotBottom - (value / top) * (plotBottom - margin.top);
  const line = points.map((point, index) => `${index ? 'L' : 'M'}${x(index).toFixed(1)},${y(point.amount).toFixed(1)}`).join('');
  const area = points.length ? `${line}L${x(points.length - 1).toFixed(1)},${plotBottom}L${x(0).toFixed(1)},${plotBottom}Z` : '';
  // As many date labels as fit without touching (about 70 px each), always the first.
  const labelEvery = Math.max(1, Math.ceil(70 / Math.max(step, 1)));
  const shown = active === null ? undefined : points[active];
  // A date label centred on its day, unless that would cut it at the box's edge.
  const anchorAt = (position: number) => (position < 35 ? 'start' : position > width - 35 ? 'end' : 'middle');

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    if (!step) return setActive(points.length ? 0 : null);
    const offset = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const index = Math.round((rtl ? plotEnd - offset : offset - plotStart) / step);
    setActive(Math.min(points.length - 1, Math.max(0, index)));
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const later = rtl ? 'ArrowLeft' : 'ArrowRight';
    const earlier = rtl ? 'ArrowRight' : 'ArrowLeft';
    const last = points.length - 1;
    const next: Record<string, number> = {
      [later]: Math.min(last, (active ?? -1) + 1),
      [earlier]: Math.max(0, (active ?? last + 1) - 1),
      Home: 0,
      End: last,
    };
    if (!(event.key in next) || last < 0) return;
    event.preventDefault();
    setActive(next[event.key] ?? null);
  };

  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys move through the chart's bars (its figures are read out) */}
      <div
        ref={ref}
        dir="ltr"
        data-chart="revenue"
        className="relative h-72 w-full rounded-lg"
        role="img"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the chart is explored with the arrow keys, one month or year at a time
        tabIndex={0}
        onKeyDown={move}
        onBlur={() => setActive(null)}
        aria-label={t('chartSummary', {
          from: label(points[0]?.date ?? ''),
          to: label(points.at(-1)?.date ?? ''),
          total: amount(total),
        })}
      >
        {width > 0 && (
          <svg aria-hidden width={width} height={height} className="block" onPointerMove={pick} onPointerLeave={() => setActive(null)}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={plotStart} x2={plotEnd} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeDasharray="3 3" />
                <text
                  x={rtl ? plotEnd + 8 : plotStart - 8}
                  y={y(tick)}
                  dy="0.32em"
                  textAnchor={rtl ? 'start' : 'end'}
                  fontSize={12}
                  fill="#475569"
                >
                  {formatNumber(tick, lng, { notation: 'compact' })}
                </text>
              </g>
            ))}
            {points.map((point, index) =>
              index % labelEvery === 0 ? (
                <text
                  key={point.date}
                  x={x(index)}
                  y={plotBottom + labelGap}
                  dy="0.32em"
                  textAnchor={anchorAt(x(index))}
                  fontSize={12}
                  fill="#475569"
                >
                  {label(point.date)}
                </text>
              ) : null,
            )}
            <path d={area} fill="#99f6e4" fillOpacity={0.6} />
            <path d={line} fill="none" stroke="#0f766e" strokeWidth={2} strokeLinejoin="round" />
            {shown && active !== null && (
              <g>
                <line x1={x(active)} x2={x(active)} y1={margin.top} y2={plotBottom} stroke="#94a3b8" />
                <circle cx={x(active)} cy={y(shown.amount)} r={4} fill="#0f766e" stroke="#fff" strokeWidth={2} />
              </g>
            )}
          </svg>
        )}
        {shown && active !== null && (
          <div
            aria-hidden
            dir={rtl ? 'rtl' : 'ltr'}
            className="pointer-events-none absolute top-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow"
            style={x(active) > width / 2 ? { right: width - x(active) + 8 } : { left: x(active) + 8 }}
          >
            <p className="font-medium text-slate-900">{label(shown.date)}</p>
            <p className="text-teal-800">
              {t('amount')}: {amount(shown.amount)}
            </p>
          </div>
        )}
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
          {points.map((point) => (
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
