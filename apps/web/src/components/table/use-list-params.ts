import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ListParams = { page: number; search: string };

/**
 * Page and search of a list, kept in the URL (`?search=&page=`) next to any other query
 * (such as `tab`). Changing the search goes back to page 1.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawPage = Number(searchParams.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const search = searchParams.get('search') ?? '';

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
    (value: string, options: { keepPage?: boolean } = {}) => update(options.keepPage ? { search: value.trim() || null } : { search: value.trim() || null, page: null }),
    [update],
  );

  return { page, search, setPage, setSearch };
}
