import type { Database } from '../../db/connection';
import { audited } from '../../audit/audit-log';
import { HttpError, notFound } from '../../http/errors';
import type { Message } from '../../i18n/messages';
import type { NamedCatalogRepository, NamedCatalogValues } from './named-catalog-repository';

export type NamedCatalogMessages = { added: Message; updated: Message; deleted: Message; notFound: Message; inUse: Message };

/** List, read, create, update and delete of a bilingual-name catalog; every change audited in its transaction. */
export function createNamedCatalogService(db: Database, repository: NamedCatalogRepository, options: { entity: string; messages: NamedCatalogMessages }) {
  const { entity, messages } = options;
  const mustFind = async (tx: Database, id: number, lock = true) => {
    const found = await repository.find(tx, id, lock);
    if (!found) throw notFound(messages.notFound);
    return found;
  };

  return {
    list: (query: { page: number; perPage: number; search?: string }) => repository.page(db, query),

    show: (id: number) => mustFind(db, id, false),

    create: (actorId: number, values: NamedCatalogValues) =>
      audited(db, actorId, async (tx) => {
        const created = await repository.insert(tx, values);
        return { result: created, audit: { action: 'create', entity, entityId: created.id, after: created } };
      }),

    update: (actorId: number, id: number, values: NamedCatalogValues) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        const after = await repository.update(tx, id, values);
        return { result: after, audit: { action: 'update', entity, entityId: id, before, after } };
      }),

    /** Refused while other records still point at the entry: nothing is half-deleted. */
    remove: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        const inUse = await repository.usage(tx, id);
        if (inUse > 0) throw new HttpError(422, messages.inUse, {}, { count: inUse });
        await repository.remove(tx, id);
        return { result: before, audit: { action: 'delete', entity, entityId: id, before } };
      }),
  };
}
