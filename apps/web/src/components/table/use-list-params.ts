import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type SortDirection = 'asc' | 'desc';
export type ListSort = { sort: string; direction: SortDirection };
export type ListParams = { page: number; search: string };

/** The rows-per-page choices every list offers. */
export const pageSizes = [10, 25, 50, 100] as const;
export const defaultPageSize = 10;

const isDirection = (value: string | null): value is SortDirection => value === 'asc' || value === 'desc';

/**
 * Page, rows per page, sort and search of a list, kept in the URL (`?search=&page=&per_page=&sort=&direction=`)
 * next to any other query (such as `tab` or a filter), so that a reload, a shared link or a language switch
 * shows the same rows. Changing the search, the size or the sort goes back to page 1. Values that are not
 * offered (a size not in `pageSizes`, a column not in `sortable`) are ignored rather than sent to the API.
 * `filterKeys` names the list's own filters in the URL (e.g. `status`): with the search, they are what
 * "Clear search and filters" removes; an empty list under any of them offers that button.
 */
export function useListParams(sortable: readonly string[] = [], filterKeys: readonly string[] = []) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawPage = Number(searchParams.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const search = searchParams.get('search') ?? '';
  const rawSize = Number(searchParams.get('per_page'));
  const perPage = (pageSizes as readonly number[]).includes(rawSize) ? rawSize : defaultPageSize;
  const rawSort = searchParams.get('sort');
  const rawDirection = searchParams.get('direction');
  const sort: ListSort | undefined =
    rawSort && sortable.includes(rawSort) ? { sort: rawSort, direction: isDirection(rawDirection) ? rawDirection : 'asc' } : undefined;

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const setPage = useCallback((value: number) => update({ page: value > 1 ? String(value) : null }), [update]);
  /** `keepPage`: the search has its own results, so the list's page stays for when the box is emptied. */
  const setSearch = useCallback(
    (value: string, options: { keepPage?: boolean } = {}) =>
      update(options.keepPage ? { search: value.trim() || null } : { search: value.trim() || null, page: null }),
    [update],
  );
  const setPerPage = useCallback(
    (value: number) => update({ per_page: value === defaultPageSize ? null : String(value), page: null }),
    [update],
  );
  /** `undefined` returns to the list's own order. */
  const setSort = useCallback(
    (value: ListSort | undefined) => update({ sort: value?.sort ?? null, direction: value?.direction ?? null, page: null }),
    [update],
  );

  /** Sets some of the list's filters at once (`''` removes one) and goes back to page 1. */
  const setFilters = useCallback((values: Record<string, string>) => update({ ...values, page: null }), [update]);
  const setFilter = useCallback((key: string, value: string) => setFilters({ [key]: value }), [setFilters]);
  /** The list's filters as the URL holds them (`''` when not set); the page checks they are allowed values. */
  const filters: Record<string, string> = Object.fromEntries(filterKeys.map((key) => [key, searchParams.get(key) ?? '']));
  const filtered = search !== '' || Object.values(filters).some(Boolean);
  // Joined, the keys are a string: the callback stays the same across renders given a new array each time.
  const filterKeyList = filterKeys.join('&');
  const clearFilters = useCallback(
    () =>
      update({
        search: null,
        page: null,
        ...Object.fromEntries(
          filterKeyList
            .split('&')
            .filter(Boolean)
            .map((key) => [key, null]),
        ),
      }),
    [update, filterKeyList],
  );

  /** What the list's API call takes: page, per_page, search, and sort/direction when chosen. */
  const query = { page, per_page: perPage, search, ...(sort ? { sort: sort.sort, direction: sort.direction } : {}) };

  return {
    page,
    perPage,
    search,
    sort,
    query,
    filters,
    filtered,
    setPage,
    setSearch,
    setPerPage,
    setSort,
    setFilter,
    setFilters,
    clearFilters,
  };
}
