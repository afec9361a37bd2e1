import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { OperationsQueue, ScreenLink } from '@sehha/contract/home';
import { paths } from '../../config/paths';
import { formatDate, formatNumber, formatRelativeTime } from '../../lib/format';

/** The dashboard link of an API screen link, when the screen is one of the route table's fixed screens. */
function hrefOf(link: ScreenLink | null, lng: string): string | null {
  if (!link) return null;
  const screen = Object.values(paths).find((entry) => entry.path === link.screen && entry.records.length === 0);
  return screen && 'getHref' in screen
    ? (screen.getHref as (lng: string, query?: Record<string, string>) => string)(lng, link.query)
    : null;
}

/** One queue: how many wait and since when; the whole card opens its filtered list. */
export function QueueCard({ queue, now }: { queue: OperationsQueue; now: Date }) {
  const { t, i18n } = useTranslation('home');
  const lng = i18n.language;
  const href = hrefOf(queue.link, lng);
  let age: string;
  if (queue.count === 0) age = t('queueEmpty');
  else if (queue.soonest_on) age = t('soonestExpiry', { date: formatDate(queue.soonest_on, lng) });
  else if (queue.oldest_at) age = t('oldestWaiting', { age: formatRelativeTime(queue.oldest_at, lng, now) });
  else age = t(`queueHint.${queue.group}`);
  const content = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{t(`queues.${queue.key}`)}</span>
        {href && <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400 rtl:-scale-x-100" />}
      </span>
      <span className="mt-2 block text-2xl font-semibold text-slate-900 tabular-nums">{formatNumber(queue.count, lng)}</span>
      <span className="mt-1 block text-sm break-words text-slate-600">{age}</span>
    </>
  );
  const box = `block h-full rounded-xl border bg-white p-4 ${queue.count > 0 ? 'border-amber-300' : 'border-slate-200'}`;
  return (
    <li data-queue={queue.key} data-count={queue.count}>
      {href ? (
        <Link to={href} className={`${box} hover:border-teal-500 focus-visible:outline-2 focus-visible:outline-teal-600`}>
          {content}
        </Link>
      ) : (
        <div className={box}>{content}</div>
      )}
    </li>
  );
}
