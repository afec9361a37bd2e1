import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { bulkIdsMax } from '@sehha/contract/bulk';
import { useBulkSelection } from './use-bulk-selection';

type Props = { pageIds: number[]; total: number; filter: Record<string, unknown> };

const render = (initial: Props) => renderHook((props: Props) => useBulkSelection(props), { initialProps: initial });

describe('bulk selection of a list', () => {
  it('selects rows, the page, then all matching; the target is the ids or the filter without its empty parts', () => {
    const filter = { search: 'amal', status: 'pending', expired: undefined, other: '' };
    const { result } = render({ pageIds: [1, 2, 3], total: 58_214, filter });
    expect(result.current.count).toBe(0);

    act(() => result.current.table.toggle(2));
    expect(result.current.count).toBe(1);
    expect(result.current.pageSelected).toBe(false);
    expect(result.current.target()).toEqual({ ids: [2] });

    act(() => result.current.table.togglePage([1, 2, 3]));
    expect(result.current.pageSelected).toBe(true);
    expect(result.current.target()).toEqual({ ids: [2, 1, 3] });

    act(() => result.current.selectAllMatching());
    expect(result.current.allMatching).toBe(true);
    expect(result.current.count).toBe(58_214);
    expect(result.current.table.isSelected(999)).toBe(true);
    expect(result.current.target()).toEqual({ filter: { search: 'amal', status: 'pending' } });

    // Unticking one row of "all matching" leaves the rest of the page.
    act(() => result.current.table.toggle(1));
    expect(result.current.allMatching).toBe(false);
    expect(result.current.target()).toEqual({ ids: [2, 3] });

    // The header checkbox of a fully selected page unselects it.
    act(() => result.current.table.togglePage([1, 2, 3]));
    act(() => result.current.table.togglePage([1, 2, 3]));
    expect(result.current.count).toBe(0);
  });

  it('keeps ids across pages of the same filter, and forgets them when the filter or search changes', () => {
    const { result, rerender } = render({ pageIds: [1, 2], total: 4, filter: { search: 'a' } });
    act(() => result.current.table.togglePage([1, 2]));
    rerender({ pageIds: [3, 4], total: 4, filter: { search: 'a' } });
    act(() => result.current.table.toggle(3));
    expect(result.current.target()).toEqual({ ids: [1, 2, 3] });

    rerender({ pageIds: [3, 4], total: 4, filter: { search: 'ab' } });
    expect(result.current.count).toBe(0);
    expect(result.current.table.isSelected(3)).toBe(false);
    // Back to the first search: the old selection does not come back either.
    rerender({ pageIds: [1, 2], total: 4, filter: { search: 'a' } });
    expect(result.current.count).toBe(0);
  });

  it('says when the selected ids are more than one request may carry (all matching is the way then)', () => {
    const ids = Array.from({ length: bulkIdsMax + 1 }, (_, i) => i + 1);
    const { result } = render({ pageIds: ids, total: 5000, filter: {} });
    act(() => result.current.table.togglePage(ids.slice(0, bulkIdsMax)));
    expect(result.current.tooMany).toBe(false);
    act(() => result.current.table.toggle(bulkIdsMax + 1));
    expect(result.current.tooMany).toBe(true);
    act(() => result.current.selectAllMatching());
    expect(result.current.tooMany).toBe(false);
  });
});
