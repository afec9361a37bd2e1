import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginator } from '@sehha/contract/envelope';
import { DataTable, type DataTableProps } from './data-table';
import { Pagination } from './pagination';

type PaginatedTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'loading' | 'fetching' | 'error' | 'onRetry'> & {
  /** A `usePaginatedQuery` result: its page feeds the table, its paginator the previous/next controls. */
  query: UseQueryResult<Paginator<T>>;
  onPageChange: (page: number) => void;
};

/** The data table of one server-paged list, with its loading, refetching, error/retry and paging wired up. */
export function PaginatedTable<T>({ query, onPageChange, ...table }: PaginatedTableProps<T>) {
  return (
    <>
      <DataTable
        {...table}
        rows={query.data?.data}
        loading={query.isPending}
        fetching={query.isPlaceholderData}
        error={query.isError}
        onRetry={() => void query.refetch()}
      />
      {query.data && <Pagination paginator={query.data} onPageChange={onPageChange} disabled={query.isPlaceholderData} />}
    </>
  );
}
