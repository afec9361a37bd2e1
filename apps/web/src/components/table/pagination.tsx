import { useTranslation } from 'react-i18next';
import type { Paginator } from '@sehha/contract/envelope';
import { formatNumber } from '../../lib/format';

export type PageState = Pick<Paginator<unknown>, 'current_page' | 'last_page' | 'prev_page_url' | 'next_page_url'>;

type PaginationProps = { paginator: PageState; onPageChange: (page: number) => void; disabled?: boolean };

/** Previous/next paging: each button is disabled when the paginator's matching URL is null. */
export function Pagination({ paginator, onPageChange, disabled = false }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const { current_page: page, last_page: lastPage } = paginator;
  const format = (value: number) => formatNumber(value, i18n.language);
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled || paginator.prev_page_url === null}
        onClick={() => onPageChange(page - 1)}
      >
        <span aria-hidden className="inline-block rtl:-scale-x-100">
          ‹
        </span>{' '}
        {t('pagination.previous')}
      </button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {t('pagination.pageOf', { page: format(page), total: format(Math.max(lastPage, 1)) })}
      </span>
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled || paginator.next_page_url === null}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pagination.next')}{' '}
        <span aria-hidden className="inline-block rtl:-scale-x-100">
          ›
        </span>
      </button>
    </nav>
  );
}
