import {
  dataRequestMessages as messages,
  type DataRequestEntry,
  type DataRequestListQuery,
  type DataRequestStore,
  type DataRequestUpdate,
} from '@sehha/contract/data-requests';
import type { Message } from '@sehha/contract/messages';
import type { AppDeps } from '../../app-deps';
import { audited } from '../../audit/audit-log';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { runErasure } from './erasure-runner';
import { dataRequestRepository as repository } from './repository';
import { dueAtFor } from './settings';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'clock' | 'dataRequests'>;
const entity = 'data_request';

/** The admin's side of the data requests (issue 28): the list with deadlines, recording a request, acting on one. */
export function createDataRequestService(deps: Deps) {
  const entry = async (id: number) => {
    const found = await repository.entry(deps.db, id, deps.clock());
    if (!found) throw notFound(messages.notFound);
    return found;
  };
  const openOrConflict = async (id: number) => {
    const row = await repository.find(deps.db, id);
    if (!row) throw notFound(messages.notFound);
    if (row.status !== 'received' && row.status !== 'in_progress') throw new HttpError(409, messages.notOpen);
    return row;
  };

  return {
    list(query: DataRequestListQuery) {
      const overdue = query.overdue === undefined ? undefined : query.overdue === '1' || query.overdue === 'true';
      return repository.page(
        deps.db,
        { status: query.status, kind: query.kind, userId: query.user_id, overdue },
        { page: query.page, perPage: query.per_page },
        deps.clock(),
      );
    },

    /**
     * A request received by another channel, for an app or provider account: opened with the admin's note (or the
     * person's open request of that kind is answered, `created` false). An access request is queued for its archive.
     */
    async store(adminId: number, body: DataRequestStore): Promise<{ created: boolean; data: DataRequestEntry }> {
      const account = await repository.account(deps.db, body.user_id);
      if (!account) throw new ValidationError({ user_id: [messages.userNotFound] });
      if (account.role === 'admin') throw new ValidationError({ user_id: [messages.adminAccount] });
      if (account.erased_at !== null) throw new ValidationError({ user_id: [messages.erasedAccount] });
      const { row, created } = await audited(deps.db, adminId, async (tx) => {
        const opened = await repository.open(tx, {
          userId: body.user_id,
          kind: body.kind,
          channel: body.channel,
          note: body.note,
          dueAt: dueAtFor(deps.clock(), deps.dataRequests),
          handledBy: adminId,
        });
        if (!opened.created) await repository.addNote(tx, opened.row.id, adminId, body.note);
        const after = { user_id: body.user_id, kind: body.kind, channel: body.channel, note: body.note };
        return {
          result: opened,
          audit: opened.created
            ? { action: 'create', entity, entityId: opened.row.id, after }
            : { action: 'note', entity, entityId: opened.row.id, after },
        };
      });
      return { created, data: await entry(row.id) };
    },

    /**
     * An admin acts on a request: `run` carries it out (access: queue its archive again; erasure: erase now;
     * correction: completed, the profile having been corrected in its own screen), `reject` closes it, `note` adds
     * to its notes. Each is audited.
     */
    async update(adminId: number, id: number, body: DataRequestUpdate): Promise<{ message: Message; data: DataRequestEntry }> {
      if (body.action === 'note') {
        if (!(await repository.find(deps.db, id))) throw notFound(messages.notFound);
        await audited(deps.db, adminId, async (tx) => ({
          result: await repository.addNote(tx, id, adminId, body.note),
          audit: { action: 'note', entity, entityId: id, after: { note: body.note } },
        }));
        return { message: messages.noted, data: await entry(id) };
      }
      const row = await openOrConflict(id);
      if (body.action === 'reject') {
        await audited(deps.db, adminId, async (tx) => {
          const closed = await repository.close(tx, id, { status: 'rejected', handledBy: adminId, note: body.note });
          if (!closed) throw new HttpError(409, messages.notOpen);
          return {
            result: closed,
            audit: { action: 'reject', entity, entityId: id, before: { status: row.status }, after: { note: body.note } },
          };
        });
        return { message: messages.rejected, data: await entry(id) };
      }
      switch (row.kind) {
        case 'access':
          await audited(deps.db, adminId, async (tx) => {
            const queued = await repository.setOpenState(tx, id, { status: 'received', handledBy: adminId, note: body.note });
            if (!queued) throw new HttpError(409, messages.notOpen);
            return { result: queued, audit: { action: 'run', entity, entityId: id, after: { status: 'received', note: body.note } } };
          });
          return { message: messages.queued, data: await entry(id) };
        case 'erasure':
          await deps.db.transaction((tx) => repository.addNote(tx, id, adminId, body.note));
          await runErasure(deps, { id, userId: row.user_id }, adminId);
          return { message: messages.completed, data: await entry(id) };
        case 'correction':
          await audited(deps.db, adminId, async (tx) => {
            const closed = await repository.close(tx, id, { status: 'completed', handledBy: adminId, note: body.note });
            if (!closed) throw new HttpError(409, messages.notOpen);
            return { result: closed, audit: { action: 'run', entity, entityId: id, after: { status: 'completed', note: body.note } } };
          });
          return { message: messages.completed, data: await entry(id) };
      }
    },
  };
}
