import type { Database } from '../../db/connection';
import { audited } from '../../audit/audit-log';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { localized } from '../../i18n/messages';
import { userRepository as repository } from './repository';
import { userMessages } from '@sehha/contract/messages';

const entity = 'user';
type ListQuery = {
  page: number;
  perPage: number;
  search?: string | undefined;
  sort?: 'name' | 'created_at' | undefined;
  direction?: 'asc' | 'desc' | undefined;
};
type BulkFilter = { search?: string | undefined };

export function createUserService(db: Database) {
  return {
    list: (query: ListQuery) => repository.activeUsers(db, query),
    deactivatedList: (query: ListQuery) => repository.deactivated(db, query),

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

    /** Every deactivated account (any role but admin) the deactivated list shows under this search. */
    reactivateAll: (actorId: number, filter: BulkFilter) =>
      audited(db, actorId, async (tx) => {
        const ids = await repository.reactivate(tx, repository.deactivatedMatching(filter.search));
        return {
          result: { count: ids.length, ids },
          audit: { action: 'reactivate_all', entity, before: { filter }, after: { count: ids.length, ids } },
        };
      }),
  };
}
