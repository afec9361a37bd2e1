import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { EmptyState } from '../feedback/empty-state';
import { Spinner } from '../feedback/spinner';
import { TruncatedText } from '../text/truncated-text';
import type { ListSort, SortDirection } from './use-list-params';
import './data-table.css';

export type Column<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for the column's cells (e.g. 'w-32 text-center'). */
  className?: string | undefined;
  /** The API's sort key of this column (a member of the list's `sortable` whitelist in the contract). */
  sort?: string | undefined;
  /** First direction when this column is chosen (names ascend, dates and counts descend). */
  sortFirst?: SortDirection | undefined;
  /**
   * One line, cut with an ellipsis at the end of the value's own direction; the whole value shows on hover and
   * focus. Give the whole text when the cell is an element; a string cell is its own.
   */
  truncate?: (boolean | ((row: T) => string)) | undefined;
  /** Left out of the phone card (the card keeps the key columns). */
  hideOnPhone?: boolean | undefined;
  /** The header is for screen readers only (the "⋯" actions column), so it takes no width. */
  headerHidden?: boolean | undefined;
};

/**
 * A selection kept by the list rather than the table (components/resource/use-bulk-selection.ts): it
 * can outlive a page and mean "all matching", which the table's own selection cannot.
 */
export type TableSelection = {
  isSelected: (key: RowKey) => boolean;
  toggle: (key: RowKey) => void;
  /** The header checkbox: selects the page's rows, or unselects them when all are selected. */
  togglePage: (keys: RowKey[]) => void;
};

/** The table's sort, controlled by the list (usually the URL through useListParams). */
export type TableSorting = { value: ListSort | undefined; onChange: (value: ListSort | undefined) => void };

type RowKey = string | number;
/** Rows are told apart by their `id` unless the table says otherwise. */
const byId = (row: { id: RowKey }) => row.id;

export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** What tells the rows apart: their `id` when not given. */
  rowKey?: ((row: T) => RowKey) | undefined;
  /** Accessible name of the table. */
  caption: string;
  /** First load: no rows yet. */
  loading?: boolean | undefined;
  /** Refetching while older rows are shown. */
  fetching?: boolean | undefined;
  error?: boolean | undefined;
  /** A refresh of the rows shown is failing and being retried (they are older than the server's). */
  refreshFailing?: boolean | undefined;
  errorMessage?: string | undefined;
  emptyMessage?: string | undefined;
  /** The list is empty because of its search or filters: the empty state offers to clear them. */
  onClearFilters?: (() => void) | undefined;
  /** How many skeleton rows stand in for the first page while it loads (the page size). */
  skeletonRows?: number | undefined;
  /** 'spinner' where the specification asks for one (prescriptions); skeleton rows otherwise. */
  loadingStyle?: 'skeleton' | 'spinner' | undefined;
  onRetry?: (() => void) | undefined;
  /** Turns on row selection, kept by the list (bulk actions), with its bar above the table. */
  selection?: TableSelection | undefined;
  /** The list's selection bar (count, "select all matching", actions), shown above the rows. */
  selectionBar?: ReactNode | undefined;
  /** The accessible name of a row's checkbox (its name); "Select row" when not given. */
  rowLabel?: ((row: T) => string) | undefined;
  /** Extra classes for a row (e.g. highlight expired ones). */
  rowClassName?: ((row: T) => string) | undefined;
  /** Turns on sort buttons in the headers of columns that have `sort`. */
  sorting?: TableSorting | undefined;
};

/**
 * Text cells are bidi-isolated: an English address in the Arabic table (or an Arabic name in the
 * English one) keeps its own order instead of being reordered by the surrounding direction.
 */
const isolated = (content: ReactNode) => (typeof content === 'string' ? <bdi>{content}</bdi> : content);

/** A truncated cell: one line cut at the end of the value's own direction, the whole value on hover and focus. */
function cellContent<T>(column: Column<T>, row: T): ReactNode {
  const content = column.cell(row);
  if (!column.truncate) return isolated(content);
  const full = typeof column.truncate === 'function' ? column.truncate(row) : typeof content === 'string' ? content : undefined;
  if (full === undefined) return isolated(content);
  return (
    <TruncatedText text={full} className="max-w-32 2xl:max-w-56">
      {content}
    </TruncatedText>
  );
}

const ariaSort = (column: { sort?: string | undefined }, value: ListSort | undefined) =>
  !column.sort ? undefined : value?.sort === column.sort ? (value.direction === 'asc' ? 'ascending' : 'descending') : 'none';

/** The header of a sortable column: a button that chooses it, then flips its direction. */
function SortButton({ column, sorting }: { column: Column<never>; sorting: TableSorting }) {
  const current = sorting.value?.sort === column.sort ? sorting.value?.direction : undefined;
  const Icon = current === 'asc' ? ArrowUp : current === 'desc' ? ArrowDown : ChevronsUpDown;
  const next: SortDirection = current ? (current === 'asc' ? 'desc' : 'asc') : (column.sortFirst ?? 'asc');
  return (
    <button
      type="button"
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-medium whitespace-nowrap hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
      data-sort={column.sort}
      onClick={() => sorting.onChange({ sort: column.sort!, direction: next })}
    >
      {column.header}
      <Icon aria-hidden className={`size-3.5 shrink-0 ${current ? 'text-teal-700' : 'text-slate-400'}`} />
    </button>
  );
}

/**
 * Grey bars in the shape of the rows to come, so the page keeps its height and the table does not jump
 * when the first page arrives; screen readers hear one "Loading…" instead of the bars.
 */
function SkeletonRows({ rows, columns, label }: { rows: number; columns: number; label: string }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} data-skeleton-row aria-hidden={row > 0 || undefined}>
          {Array.from({ length: columns }, (_, column) => (
            <td key={column} className="px-3 py-3.5">
              {row === 0 && column === 0 && (
                <span role="status" className="sr-only">
                  {label}
                </span>
              )}
              <span
                aria-hidden
                className="block h-4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none"
                style={{ width: `${55 + ((row * 7 + column * 13) % 40)}%` }}
              />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** The one table of the dashboard: columns config plus loading, empty, error and selection states. */
export function DataTable<T extends { id: RowKey }>({
  columns,
  rows,
  rowKey = byId,
  caption,
  loading = false,
  fetching = false,
  error = false,
  refreshFailing = false,
  errorMessage,
  emptyMessage,
  onClearFilters,
  skeletonRows = 5,
  loadingStyle = 'skeleton',
  onRetry,
  selection,
  selectionBar,
  rowLabel,
  rowClassName,
  sorting,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const list = rows ?? [];
  const allSelected = selection !== undefined && list.length > 0 && list.every((row) => selection.isSelected(rowKey(row)));

  const columnCount = columns.length + (selection ? 1 : 0);
  const skeleton = loading && list.length === 0 && loadingStyle === 'skeleton';
  // While the first page loads, the skeleton rows (or the spinner) are the status.
  let status: ReactNode = null;
  if (loading && list.length === 0 && loadingStyle === 'spinner') status = <Spinner />;
  else if (!skeleton && error && list.length === 0)
    status = (
      <EmptyState
        tone="error"
        message={errorMessage ?? t('loadError')}
        action={
          onRetry && (
            <button type="button" className="btn-secondary" onClick={onRetry}>
              {t('retry')}
            </button>
          )
        }
      />
    );
  else if (!skeleton && list.length === 0) status = <EmptyState message={emptyMessage ?? t('noData')} onClearFilters={onClearFilters} />;

  // A failed refresh keeps the rows it could not replace: say they are older, rather than pass them off as current.
  const stale = list.length > 0 && !loading && (error || refreshFailing);

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      {selectionBar}
      {stale && (
        <div
          role="status"
          data-stale-rows
          className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-100 bg-amber-50 px-4 py-2 text-sm text-amber-800"
        >
          <span>{t('staleData')}</span>
          {error && onRetry && (
            <button type="button" className="btn-secondary py-1" onClick={onRetry}>
              {t('retry')}
            </button>
          )}
        </div>
      )}
      {selection && (list.length > 0 || skeleton) && (
        // Phones hide the table's header, and its "select all" with it: the cards get their own (then "select all matching").
        // Shown (disabled) over the skeleton too, so that the cards do not move down when the rows come (a phone's CLS).
        <label className="flex min-h-11 items-center gap-3 border-b border-slate-200 px-4 text-sm md:hidden" data-phone-select-page>
          <input
            type="checkbox"
            className="size-5"
            checked={allSelected}
            disabled={list.length === 0}
            onChange={() => selection.togglePage(list.map(rowKey))}
          />
          {t('selectPage')}
        </label>
      )}
      {/* Focusable, so that a keyboard can scroll a wide table whose rows have no control of their own (axe's
          scrollable-region-focusable: the notifications list's delivered messages). A named group, not a region: the
          list's section is already the landmark of that name (axe's landmark-unique). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="data-table-scroll overflow-x-auto" data-table-scroll role="group" aria-label={caption} tabIndex={0}>
        <table
          className={`data-table w-full text-start text-sm ${fetching ? 'opacity-60' : ''}`}
          aria-busy={loading || fetching || undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {selection && (
                <th scope="col" className="w-px py-3 ps-4 pe-0">
                  <input
                    type="checkbox"
                    aria-label={t('selectAll')}
                    checked={allSelected}
                    disabled={list.length === 0}
                    onChange={() => selection.togglePage(list.map(rowKey))}
                  />
                </th>
              )}
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sorting ? ariaSort(column, sorting.value) : undefined}
                  className={`px-3 py-3 text-start font-medium whitespace-nowrap ${column.className ?? ''}`}
                >
                  {sorting && column.sort ? (
                    <SortButton column={column as Column<never>} sorting={sorting} />
                  ) : column.headerHidden ? (
                    <span className="sr-only">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {skeleton ? (
              <SkeletonRows rows={skeletonRows} columns={columnCount} label={t('loading')} />
            ) : status ? (
              <tr data-status-row>
                <td colSpan={columnCount}>{status}</td>
              </tr>
            ) : (
              list.map((row) => {
                const key = rowKey(row);
                return (
                  <tr
                    key={key}
                    className={`hover:bg-slate-50 ${rowClassName?.(row) ?? ''}`}
                    aria-selected={selection ? selection.isSelected(key) : undefined}
                  >
                    {selection && (
                      <td className="w-px py-3 ps-4 pe-0" data-column="select">
                        <input
                          type="checkbox"
                          className="max-md:size-5"
                          aria-label={rowLabel?.(row) ?? t('selectRow')}
                          checked={selection.isSelected(key)}
                          onChange={() => selection.toggle(key)}
                        />
                      </td>
                    )}
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        data-label={typeof column.header === 'string' ? column.header : undefined}
                        data-column={column.id}
                        data-phone-hidden={column.hideOnPhone || undefined}
                        className={`px-3 py-3 ${column.className ?? ''}`}
                      >
                        {cellContent(column, row)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
