import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@sehha/contract/fields';
import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import type { CatalogDeclaration } from './declaration';
import { createCatalogRepository, rowExists, type CatalogRecord } from './repository';

/** A change that may leave a stored file to remove once it has committed (see http/stored-file.ts). */
export type FileChange<T> = { result: T; replacedKey?: string | null | undefined };

/**
 * List, read, create, update, status and delete of a catalog; every change audited in its
 * transaction. Changes answer `{ result, replacedKey }`: the file (if any) a committed change left behind.
 */
export function createCatalogService<Q extends PgSelect, L extends ListQuery, I extends object>(
  db: Database,
  catalog: CatalogDeclaration<Q, L, I>,
) {
  const repository = createCatalogRepository(catalog);
  const { entity } = catalog;
  const { messages } = catalog.contract;
  type Row = CatalogRecord<Q>;
  type Values = I & Record<string, unknown>;

  const mustFind = async (tx: Database, id: number, lock = true): Promise<Row> => {
    const found = await repository.find(tx, id, lock);
    if (!found) throw notFound(messages.notFound);
    return found;
  };
  /** A parent that does not exist is a field error, not a 404 of the request. */
  const checkParents = async (tx: Database, values: Values, before?: Row) => {
    for (const parent of catalog.parents ?? []) {
      const id = values[parent.field] as number;
      if (before && id === (before as Record<string, unknown>)[parent.field]) continue;
      if (!(await rowExists(tx, parent.table, id))) throw new ValidationError({ [parent.field]: [parent.error] });
    }
  };
  const fileOf = (row: Row | Values): string | null =>
    catalog.file ? (((row as Record<string, unknown>)[catalog.file.field] as string | null | undefined) ?? null) : null;

  return {
    list: (query: L) => repository.page(db, query),

    show: (id: number) => mustFind(db, id, false),

    create: (actorId: number, values: Values) =>
      audited(db, actorId, async (tx) => {
        await checkParents(tx, values);
        const created = await mustFind(tx, await repository.insert(tx, values), false);
        const result: FileChange<Row> = { result: created };
        return { result, audit: { action: 'create', entity, entityId: created.id, after: created } };
      }),

    update: (actorId: number, id: number, values: Values) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        await checkParents(tx, values, before);
        await repository.update(tx, id, values);
        const after = await mustFind(tx, id, false);
        const result: FileChange<Row> = { result: after, replacedKey: fileOf(values) ? fileOf(before) : null };
        return { result, audit: { action: 'update', entity, entityId: id, before, after } };
      }),

    setActive: (actorId: number, id: number, isActive: boolean) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        await repository.update(tx, id, { is_active: isActive });
        const after = await mustFind(tx, id, false);
        return { result: after, audit: { action: 'status', entity, entityId: id, before, after } };
      }),

    /** Refused while other records still point at the entry: nothing is half-deleted. */
    remove: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        const before = await mustFind(tx, id);
        const usage = await repository.usage(tx, id);
        if (messages.inUse && Object.values(usage).some((total) => total > 0)) throw new HttpError(422, messages.inUse, {}, usage);
        await repository.remove(tx, id);
        const result: FileChange<Row> = { result: before, replacedKey: fileOf(before) };
        return { result, audit: { action: 'delete', entity, entityId: id, before } };
      }),
  };
}
