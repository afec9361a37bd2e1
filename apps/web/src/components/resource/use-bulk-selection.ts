import { useCallback, useMemo, useState } from 'react';
import { bulkIdsMax } from '@sehha/contract/bulk';
import type { TableSelection } from '../table/data-table';

/** What is selected: some ids (across pages of the same filter), or every row matching the filter. */
type Picked = { scope: string; ids: ReadonlySet<number>; allMatching: boolean };

export type BulkSelection = {
  /** What the table's checkboxes read and change. */
  table: TableSelection;
  /** How many rows the action would act on: the ids, or the list's total when all matching are chosen. */
  count: number;
  allMatching: boolean;
  /** More ids than one request may carry (bulkIdsMax): the admin selects all matching instead. */
  tooMany: boolean;
  /** Every row of the page is selected (and not all matching yet): time to offer "Select all N matching". */
  pageSelected: boolean;
  selectAllMatching: () => void;
  clear: () => void;
  /** The body of the bulk call: the selected ids, or the list's filter. */
  target: () => { ids: number[] } | { filter: Record<string, unknown> };
};

/**
 * The selection of one list for its bulk actions. `filter` is exactly the list's query (search and
 * filters): the selection belongs to it and clears when it changes; "all matching" sends it back to
 * the server, which re-evaluates it. `total` is the list's total under that filter.
 */
export function useBulkSelection({
  pageIds,
  total,
  filter,
}: {
  pageIds: number[];
  total: number;
  filter: Record<string, unknown>;
}): BulkSelection {
  // The filter without its empty parts, as the key the selection belongs to.
  const cleanFilter = useMemo(
    () => Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')),
    [filter],
  );
  const scope = JSON.stringify(cleanFilter);
  const [picked, setPicked] = useState<Picked>({ scope, ids: new Set(), allMatching: false });
  // A selection made under another filter or search is gone: derived, so no stale ids are ever sent.
  const current = picked.scope === scope ? picked : { scope, ids: new Set<number>(), allMatching: false };
  // …and forgotten, so that going back to the earlier filter does not bring it back.
  if (picked.scope !== scope) setPicked(current);

  const clear = useCallback(() => setPicked({ scope, ids: new Set(), allMatching: false }), [scope]);
  const pageSelected = !current.allMatching && pageIds.length > 0 && pageIds.every((id) => current.ids.has(id));

  const table: TableSelection = {
    isSelected: (key) => current.allMatching || current.ids.has(Number(key)),
    toggle: (key) => {
      const id = Number(key);
      // Unticking one row of "all matching" leaves the rest of the page ticked.
      const ids = new Set(current.allMatching ? pageIds : current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      setPicked({ scope, ids, allMatching: false });
    },
    togglePage: (keys) => {
      const ids = new Set(current.allMatching ? [] : current.ids);
      const everyOne = !current.allMatching && keys.every((key) => current.ids.has(Number(key)));
      for (const key of keys) {
        if (everyOne) ids.delete(Number(key));
        else ids.add(Number(key));
      }
      setPicked({ scope, ids, allMatching: false });
    },
  };

  return {
    table,
    count: current.allMatching ? total : current.ids.size,
    allMatching: current.allMatching,
    tooMany: !current.allMatching && current.ids.size > bulkIdsMax,
    pageSelected,
    selectAllMatching: () => setPicked({ scope, ids: new Set(), allMatching: true }),
    clear,
    target: () => (current.allMatching ? { filter: cleanFilter } : { ids: [...current.ids] }),
  };
}
