import { z } from 'zod';
import { idParam, listQuery, namedFields, searchField, sortQuery } from './fields';
import { envelope, paginator } from './envelope';
import { accountRoleSchema } from './status-codes';
import { allInput } from './bulk';

/**
 * Accounts as the admin sees them: the all-users list (ordinary users, role `user`) and the
 * deactivated list (every deactivated account of any role except admin).
 */
export const accountCountry = z.object(namedFields);

export const account = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  whatsapp_phone: z.string().nullable(),
  role: accountRoleSchema,
  country: accountCountry.nullable(),
  is_active: z.boolean(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;

/**
 * Columns each account list sorts by (`?sort=&direction=`), each backed by an index. Not offered:
 * country (ordering a million accounts by their country's name has no index to walk: it would sort
 * every matching row on each page).
 */
export const userSortColumns = ['name', 'created_at'] as const;
export const deactivatedUserSortColumns = ['name', 'created_at'] as const;
export const userListQuery = listQuery(10).extend(sortQuery(userSortColumns).shape);
/**
 * The deactivated list narrowed to one role (`?role=doctor`): each provider page's "Deactivated …" link opens
 * its own kind's accounts. Admins are never listed.
 */
export const deactivatedRoleSchema = accountRoleSchema.exclude(['admin'], { error: 'invalid' });
export type DeactivatedRole = z.infer<typeof deactivatedRoleSchema>;
export const deactivatedUserListQuery = listQuery(10).extend({
  role: deactivatedRoleSchema.optional(),
  ...sortQuery(deactivatedUserSortColumns).shape,
});
export const userListResponse = envelope(paginator(account));
export const accountResponse = envelope(account);
/** Bulk changes answer how many accounts they changed. */
export const bulkAccountsResponse = envelope(z.object({ count: z.number().int(), ids: z.array(z.number().int()) }));

/** `{ids: [1, 2]}` as JSON, or `ids[]=1&ids[]=2` / `ids[0]=1` as a form; one id alone is accepted too. */
export const reactivateUsersInput = z.object({
  ids: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(idParam, { error: 'idsRequired' }).min(1, { error: 'idsRequired' }).max(100, { error: 'idsTooMany' }),
  ),
});
export type ReactivateUsersInput = z.input<typeof reactivateUsersInput>;

/**
 * Deactivate-all and reactivate-all act on exactly what their list shows: `{"all": true}` and the list's
 * `search` (JSON body or form fields; absent or empty search means the whole list). See bulk.ts.
 */
export const accountsFilterShape = { search: searchField };
export const accountsAllInput = allInput(accountsFilterShape);
/** The deactivated list's filter (search and role): its reactivate-all and bulk reactivation act on exactly it. */
export const deactivatedFilterShape = { search: searchField, role: deactivatedRoleSchema.optional() };
export const deactivatedAllInput = allInput(deactivatedFilterShape);

export const userPaths = {
  list: '/api/admin/users',
  deactivate: (id: number | string) => `/api/admin/users/deactivate/${id}`,
  deactivateAll: '/api/admin/users/deactivate-all',
  deactivated: '/api/admin/users/deactivated',
  reactivate: '/api/admin/users/reactivate',
  reactivateAll: '/api/admin/users/reactivate-all',
};
