import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginator } from '@sehha/contract/envelope';
import { DataTable, type DataTableProps } from './data-table';
import { Pagination } from './pagination';
import type { useListParams } from './use-list-params';

type PaginatedTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'loading' | 'fetching' | 'error' | 'onRetry' | 'sorting'> & {
  /** A `usePaginatedQuery` result: its page feeds the table, its paginator the pager. */
  query: UseQueryResult<Paginator<T>>;
} & (
    | {
        /**
         * The list's URL state: its page (and the pager's changes of it), header sorting (columns with `sort`), the
         * rows-per-page choice, skeleton rows as many as a page, and "Clear search and filters" on an empty filtered list.
         */
        params: ReturnType<typeof useListParams>;
        /** Where the pager's page goes when not to `params.setPage`. */
        onPageChange?: ((page: number) => void) | undefined;
      }
    | { params?: undefined; onPageChange: (page: number) => void }
  );

/** The data table of one server-paged list, with its loading, refetching, error/retry, sorting and paging wired up. */
export function PaginatedTable<T extends { id: number }>({ query, onPageChange, params, ...table }: PaginatedTableProps<T>) {
  return (
    <>
      <DataTable
        {...table}
        rows={query.data?.data}
        loading={query.isPending}
        fetching={query.isPlaceholderData}
        error={query.isError}
        refreshFailing={query.isFetching && query.failureCount > 0}
        onRetry={() => void query.refetch()}
        sorting={params ? { value: params.sort, onChange: params.setSort } : undefined}
        skeletonRows={table.skeletonRows ?? params?.perPage}
        onClearFilters={table.onClearFilters ?? (params?.filtered ? params.clearFilters : undefined)}
      />
      {query.data && (
        <Pagination
          paginator={query.data}
          onPageChange={onPageChange ?? params!.setPage}
          disabled={query.isPlaceholderData}
          onPerPageChange={params?.setPerPage}
        />
      )}
    </>
  );
}
