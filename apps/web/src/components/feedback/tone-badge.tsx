import type { ReactNode } from 'react';
import { CircleCheck, CircleMinus, CirclePause, CircleX, Clock } from 'lucide-react';

/** What a status means to the admin; each list maps its own statuses onto these. */
export type BadgeTone = 'success' | 'waiting' | 'danger' | 'paused' | 'neutral';

const looks: Record<BadgeTone, { className: string; icon: typeof CircleCheck }> = {
  success: { className: 'bg-teal-100 text-teal-800', icon: CircleCheck },
  waiting: { className: 'bg-amber-100 text-amber-800', icon: Clock },
  danger: { className: 'bg-red-100 text-red-800', icon: CircleX },
  paused: { className: 'bg-slate-200 text-slate-700', icon: CirclePause },
  neutral: { className: 'bg-slate-100 text-slate-600', icon: CircleMinus },
};

/**
 * The one status badge of the dashboard: colour and icon by tone, so a status reads the same on
 * every list and does not rest on colour alone (the icon differs per tone).
 */
export function ToneBadge({ tone, children, className = '' }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  const { className: colours, icon: Icon } = looks[tone];
  return (
    <span className={`badge gap-1 ${colours} ${className}`} data-tone={tone}>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      {children}
    </span>
  );
}
