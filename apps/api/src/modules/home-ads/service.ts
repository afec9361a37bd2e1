import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { notFound } from '../../http/errors';
import { homeAdRepository as repository } from './repository';
import { homeAdMessages } from '@sehha/contract/home-ads';

const entity = 'home_ad';

/** Each change returns the record plus the image it replaced, removed from storage once committed. */
export function createHomeAdService(db: Database) {
  const mustFind = async (tx: Database, id: number, lock = true) => {
    const found = await repository.find(tx, id, lock);
    if (!found) throw notFound(homeAdMessages.notFound);
    return found;
  };

  return {
    list: (query: { page: number; perPage: number }) => repository.page(db, query),
    show: (id: number) => mustFind(db, id, false),
    create: (actorId: number, image: string) =>
      audited(db, actorId, async (tx) => {
        const created = await repository.insert(tx, image);
        return { result: { result: created }, audit: { action: 'create', entity, entityId: created.id, after: created } };
      }),
    /** Without a new image nothing changes (the ad is only its image). */
    update: (actorId: number, id: number, image: string | undefined) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        const after = image ? await repository.update(tx, id, image) : before;
        return {
          result: { result: after, replacedKey: image ? before.image : null },
          audit: { action: 'update', entity, entityId: id, before, after },
        };
      }),
    remove: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        await repository.remove(tx, id);
        return { result: { result: before, replacedKey: before.image }, audit: { action: 'delete', entity, entityId: id, before } };
      }),
  };
}
