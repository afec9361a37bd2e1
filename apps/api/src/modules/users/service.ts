import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { localized } from '../../i18n/messages';
import { userRepository as repository } from './repository';
import { userMessages } from '@sehha/contract/messages';
import { bulkMessages } from '@sehha/contract/bulk-actions';
import type { BulkTarget } from '@sehha/contract/bulk';
import type { DeactivatedRole } from '@sehha/contract/users';
import { runBulkAction } from '../../audit/bulk-action';

const entity = 'user';
type ListQuery = {
  page: number;
  perPage: number;
  search?: string | undefined;
  /** The deactivated list only: one role's accounts. */
  role?: DeactivatedRole | undefined;
  sort?: 'name' | 'created_at' | undefined;
  direction?: 'asc' | 'desc' | undefined;
};
type ExportQuery = Omit<ListQuery, 'page' | 'perPage'>;
type BulkFilter = { search?: string | undefined };
type DeactivatedFilter = BulkFilter & { role?: DeactivatedRole | undefined };

export function createUserService(db: Database) {
  return {
    list: (query: ListQuery) => repository.activeUsers(db, query),
    deactivatedList: (query: ListQuery) => repository.deactivated(db, query),
    /** Each list's rows without paging (same search and sort), for the export's cursor. */
    listExport: (query: ExportQuery) => repository.activeUsersExport(db, query),
    deactivatedExport: (query: ExportQuery) => repository.deactivatedExport(db, query),

    /** One account of any role but admin; its tokens are revoked in the same transaction. */
    deactivate: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await repository.find(tx, id);
        if (!before) throw notFound(userMessages.notFound);
        if (before.role === 'admin') throw new HttpError(422, userMessages.adminAccount);
        if (!before.is_active) throw new HttpError(422, userMessages.alreadyDeactivated);
        await repository.deactivate(tx, repository.byId(id));
        const after = (await repository.find(tx, id))!;
        return { result: after, audit: { action: 'deactivate', entity, entityId: id, before, after } };
      }),

    /** Every active ordinary user the list shows under this search, in one statement and one transaction. */
    deactivateAll: (actorId: number, filter: BulkFilter) =>
      audited(db, actorId, async (tx) => {
        const ids = await repository.deactivate(tx, repository.activeUsersMatching(filter.search));
        return {
          result: { count: ids.length, ids },
          audit: { action: 'deactivate_all', entity, before: { filter }, after: { count: ids.length, ids } },
        };
      }),

    /** All or nothing: every id must be a deactivated account (not an admin), or nothing changes. */
    reactivate: (actorId: number, ids: number[]) =>
      audited(db, actorId, async (tx) => {
        const unique = [...new Set(ids)];
        const found = new Map((await repository.findMany(tx, unique)).map((row) => [row.id, row]));
        const problems = unique.flatMap((id) => {
          const row = found.get(id);
          if (!row || row.role === 'admin') return [{ id, message: userMessages.idNotFound }];
          if (row.is_active) return [{ id, message: userMessages.idNotDeactivated }];
          return [];
        });
        if (problems.length > 0) {
          throw new ValidationError({
            ids: problems.map(({ id, message }) => localized(message, { id })),
          });
        }
        const changed = await repository.reactivate(tx, repository.byIds(unique));
        return {
          result: { count: changed.length, ids: changed },
          audit: { action: 'reactivate', entity, after: { count: changed.length, ids: changed } },
        };
      }),

    /**
     * Bulk actions of the two lists (runBulkAction): ids outside the list refuse the request; accounts
     * already in the asked state are skipped; each change audited, tokens of deactivated accounts revoked.
     */
    bulkDeactivate: (actorId: number, target: BulkTarget<BulkFilter>) =>
      runBulkAction(db, target, {
        lockKnown: (tx, ids) => repository.lockAccountsOf(tx, ids, 'active'),
        notInList: bulkMessages.accountNotInList,
        lockMatching: (tx, filter) => repository.lockMatching(tx, 'active', filter.search),
        change: (tx, ids) => repository.bulkDeactivate(tx, actorId, ids),
      }),
    bulkReactivate: (actorId: number, target: BulkTarget<DeactivatedFilter>) =>
      runBulkAction(db, target, {
        lockKnown: (tx, ids) => repository.lockAccountsOf(tx, ids, 'deactivated'),
        notInList: bulkMessages.accountNotInList,
        lockMatching: (tx, filter) => repository.lockMatching(tx, 'deactivated', filter.search, filter.role),
        change: (tx, ids) => repository.bulkReactivate(tx, actorId, ids),
      }),

    /** Every deactivated account (any role but admin) the deactivated list shows under this search. */
    reactivateAll: (actorId: number, filter: DeactivatedFilter) =>
      audited(db, actorId, async (tx) => {
        const ids = await repository.reactivate(tx, repository.deactivatedMatching(filter.search, filter.role));
        return {
          result: { count: ids.length, ids },
          audit: { action: 'reactivate_all', entity, before: { filter }, after: { count: ids.length, ids } },
        };
      }),
  };
}
