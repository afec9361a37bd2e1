import type { ComponentProps, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginator } from '@sehha/contract/envelope';
import type { DataTableProps } from './data-table';
import type { useListParams } from './use-list-params';
import { Screen } from '../layout/screen';
import { PaginatedTable } from './paginated-table';
import { SearchBox } from './search-box';
import type { QueryParams } from '../../lib/api-client';
import { ExportButton } from '../resource/export-button';

/** The texts a list screen reads by key, from its namespace (and prefix): `t` of that namespace serves. */
export type ListScreenText = (key: 'title' | 'description' | 'searchPlaceholder' | 'fetchError' | 'empty') => string;

type TableProps<T> = Pick<DataTableProps<T>, 'columns' | 'rowClassName' | 'selection' | 'selectionBar' | 'rowLabel'>;

type ListScreenProps<T extends { id: number }> = TableProps<T> &
  Pick<ComponentProps<typeof Screen>, 'name' | 'trail' | 'actions'> & {
    /** A `usePaginatedQuery` result, and the list's URL state (page, size, sort, search, filters). */
    query: UseQueryResult<Paginator<T>>;
    params: ReturnType<typeof useListParams>;
    text: ListScreenText;
    /** The accessible name of the table; the title when not given. */
    caption?: string | undefined;
    /** A description under the title (`text('description')`). */
    description?: boolean | undefined;
    /** A search box first in the filter bar (`?search=`, placeholder `text('searchPlaceholder')`). */
    search?: boolean | undefined;
    /** The list's filters, after the search box. */
    filters?: ReactNode | undefined;
    /** Classes of the filter bar (filters labelled above their control line up on their bottom edge). */
    filterBarClassName?: string | undefined;
    /** The screen's dialogs. */
    children?: ReactNode | undefined;
    /** The list's path and query as fetched: an Export button (CSV / Excel of every matching row) ends the filter bar. */
    exportFrom?: { path: string; query: QueryParams } | undefined;
  };

/**
 * A screen that is one server-paged list: its title (and description) under Home's breadcrumbs, a bar of
 * search and filters, the table with its pager; its texts read by key (title, fetchError, empty…).
 */
export function ListScreen<T extends { id: number }>({
  name,
  trail,
  actions,
  text,
  caption,
  description = false,
  search = false,
  filters,
  filterBarClassName = 'mb-4 flex flex-wrap items-center gap-3',
  children,
  exportFrom,
  ...table
}: ListScreenProps<T>) {
  const title = text('title');
  return (
    <Screen name={name} title={title} description={description ? text('description') : undefined} trail={trail} actions={actions}>
      <div className={filterBarClassName}>
        {search && <SearchBox placeholder={text('searchPlaceholder')} />}
        {filters}
        {exportFrom && (
          <div className="ms-auto">
            <ExportButton path={exportFrom.path} query={exportFrom.query} />
          </div>
        )}
      </div>
      <PaginatedTable<T> {...table} caption={caption ?? title} errorMessage={text('fetchError')} emptyMessage={text('empty')} />
      {children}
    </Screen>
  );
}
