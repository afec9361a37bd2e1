import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { searchCountCap, type Paginator } from '@sehha/contract/envelope';
import { formatNumber } from '../../lib/format';
import { pageSizes } from './use-list-params';

export type PageState = Pick<Paginator<unknown>, 'current_page' | 'last_page' | 'prev_page_url' | 'next_page_url'> &
  Partial<Pick<Paginator<unknown>, 'from' | 'to' | 'total' | 'per_page'>>;

type PaginationProps = {
  paginator: PageState;
  onPageChange: (page: number) => void;
  disabled?: boolean | undefined;
  /** Offers the rows-per-page choice (10/25/50/100). */
  onPerPageChange?: ((perPage: number) => void) | undefined;
};

const iconClass = 'size-4 shrink-0 rtl:-scale-x-100';

/**
 * The one pager: "1–25 of 58,214" in the language's digits, rows per page, first/previous/next/last
 * and a page jump. Previous and next follow the paginator's URLs (disabled when null, spec §4).
 */
export function Pagination({ paginator, onPageChange, disabled = false, onPerPageChange }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const jumpId = useId();
  const { current_page: page, last_page: lastPage } = paginator;
  const pages = Math.max(lastPage, 1);
  const format = (value: number) => formatNumber(value, i18n.language);
  // A search counts up to searchCountCap: a total above it means "more than that" (the API's capped count).
  const formatTotal = (total: number) =>
    total > searchCountCap ? t('pagination.atLeast', { count: format(searchCountCap) }) : format(total);
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);

  const hasRange = paginator.total !== undefined;
  const goTo = () => {
    // Arabic-Indic digits typed on an Arabic keyboard count too.
    const typed = Number(jump.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)));
    if (!Number.isInteger(typed)) return setJump(String(page));
    const target = Math.min(Math.max(typed, 1), pages);
    setJump(String(target));
    if (target !== page) onPageChange(target);
  };

  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-3 text-slate-600">
        {hasRange && (
          <span data-testid="pagination-range">
            {paginator.total
              ? t('pagination.range', {
                  from: format(paginator.from ?? 0),
                  to: format(paginator.to ?? 0),
                  total: formatTotal(paginator.total),
                })
              : t('pagination.none')}
          </span>
        )}
        {onPerPageChange && (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId}>{t('pagination.perPage')}</label>
            <select
              id={sizeId}
              className="input w-auto py-1"
              value={paginator.per_page}
              disabled={disabled}
              onChange={(event) => onPerPageChange(Number(event.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {format(size)}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {hasRange && (
          <button
            type="button"
            className="btn-secondary px-2"
            aria-label={t('pagination.first')}
            title={t('pagination.first')}
            disabled={disabled || page <= 1}
            onClick={() => onPageChange(1)}
          >
            <ChevronsLeft aria-hidden className={iconClass} />
          </button>
        )}
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || paginator.prev_page_url === null}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden className={`inline ${iconClass}`} /> {t('pagination.previous')}
        </button>
        <span className="text-slate-600" aria-live="polite">
          {t('pagination.pageOf', { page: format(page), total: format(pages) })}
        </span>
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || paginator.next_page_url === null}
          onClick={() => onPageChange(page + 1)}
        >
          {t('pagination.next')} <ChevronRight aria-hidden className={`inline ${iconClass}`} />
        </button>
        {hasRange && (
          <button
            type="button"
            className="btn-secondary px-2"
            aria-label={t('pagination.last')}
            title={t('pagination.last')}
            disabled={disabled || page >= pages}
            onClick={() => onPageChange(pages)}
          >
            <ChevronsRight aria-hidden className={iconClass} />
          </button>
        )}
        {hasRange && pages > 1 && (
          <form
            className="flex items-center gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              goTo();
            }}
          >
            <label htmlFor={jumpId} className="text-slate-600">
              {t('pagination.goTo')}
            </label>
            <input
              id={jumpId}
              className="input w-16 py-1 text-center"
              inputMode="numeric"
              value={jump}
              disabled={disabled}
              onChange={(event) => setJump(event.target.value)}
            />
            <button type="submit" className="btn-secondary" disabled={disabled}>
              {t('pagination.go')}
            </button>
          </form>
        )}
      </div>
    </nav>
  );
}
