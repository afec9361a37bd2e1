import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, Inbox, SearchX } from 'lucide-react';

type EmptyStateProps = {
  message: string;
  /** A free action (a link or button) under the message. */
  action?: ReactNode | undefined;
  tone?: 'neutral' | 'error' | undefined;
  /** Defaults: an inbox when nothing exists, a crossed-out magnifier when filters hide everything, an alert on errors. */
  icon?: LucideIcon | undefined;
  /** When the list is empty because of a search or filters: shows a "Clear search and filters" button calling this. */
  onClearFilters?: (() => void) | undefined;
};

/** The one empty (or failed) state of lists and screens: icon, message, and a way out. */
export function EmptyState({ message, action, tone = 'neutral', icon, onClearFilters }: EmptyStateProps) {
  const { t } = useTranslation();
  const Icon = icon ?? (tone === 'error' ? CircleAlert : onClearFilters ? SearchX : Inbox);
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      data-empty-state={tone}
      className={`flex flex-col items-center gap-3 px-4 py-10 text-center ${tone === 'error' ? 'text-red-700' : 'text-slate-600'}`}
    >
      <Icon aria-hidden className="size-10 opacity-80" strokeWidth={1.5} />
      <p>{message}</p>
      {onClearFilters && (
        <button type="button" className="btn-secondary" onClick={onClearFilters}>
          {t('clearFilters')}
        </button>
      )}
      {action}
    </div>
  );
}
