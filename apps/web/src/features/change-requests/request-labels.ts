import { changeRequestRoleLabels } from '@sehha/contract/role-labels';

/** Spec §4: 0 waiting, 1 approved, 2 rejected, anything else closed. */
export function statusKey(status: number): 'waiting' | 'approved' | 'rejected' | 'closed' {
  if (status === 0) return 'waiting';
  if (status === 1) return 'approved';
  if (status === 2) return 'rejected';
  return 'closed';
}

type RoleKey = keyof typeof changeRequestRoleLabels;

/** Spec §6: the roles the change requests table names (contract role-labels.ts); any other role is `other` (N/A). */
export function roleKey(role: string): RoleKey {
  return role !== 'other' && Object.hasOwn(changeRequestRoleLabels, role) ? (role as RoleKey) : 'other';
}

/** Client-side paging of the full list (spec §9: 10 a page), shaped like the server paginator. */
export function clientPage<T>(items: readonly T[], page: number, perPage = 10) {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  return {
    rows: items.slice((current - 1) * perPage, current * perPage),
    paginator: {
      current_page: current,
      last_page: lastPage,
      prev_page_url: current > 1 ? `?page=${current - 1}` : null,
      next_page_url: current < lastPage ? `?page=${current + 1}` : null,
    },
  };
}
