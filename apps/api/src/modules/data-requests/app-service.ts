import type { Readable } from 'node:stream';
import { dataRequestMessages, type MyDataRequest } from '@sehha/contract/data-requests';
import type { AppDeps } from '../../app-deps';
import { toIso, toIsoRequired } from '../../db/dates';
import { HttpError, notFound } from '../../http/errors';
import { archiveLinks } from './archive-links';
import { runErasure } from './erasure-runner';
import { dataRequestRepository as repository, type DataRequestRow } from './repository';
import { dueAtFor } from './settings';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'signer' | 'clock' | 'dataRequests'>;

const present = (row: DataRequestRow): MyDataRequest => ({
  id: row.id,
  status: row.status,
  requested_at: toIsoRequired(row.created_at),
  due_at: toIsoRequired(row.due_at),
  archive_expires_at: toIso(row.archive_expires_at),
  downloaded: row.downloaded_at !== null,
  downloaded_at: toIso(row.downloaded_at),
});

/** An archive that is built, not downloaded and not expired: what the app still follows instead of asking anew. */
const stillDownloadable = (row: DataRequestRow, now: Date) =>
  row.status === 'completed' &&
  row.downloaded_at === null &&
  row.archive_expires_at !== null &&
  new Date(toIsoRequired(row.archive_expires_at)).getTime() > now.getTime();

/** A person's rights from the app (issue 28): the export of their data, its one download, and their erasure. */
export function createRightsService(deps: Deps) {
  const links = archiveLinks(deps.signer);
  return {
    /**
     * Opens the account's access request, or answers the one it follows: open, or built and still downloadable.
     * A retried call is the same request (one open request per kind).
     */
    async requestExport(userId: number): Promise<{ created: boolean; data: MyDataRequest }> {
      const now = deps.clock();
      const newest = await repository.newestOf(deps.db, userId, 'access');
      if (newest && (newest.status === 'received' || newest.status === 'in_progress' || stillDownloadable(newest, now)))
        return { created: false, data: present(newest) };
      const { row, created } = await repository.open(deps.db, {
        userId,
        kind: 'access',
        channel: 'app',
        dueAt: dueAtFor(now, deps.dataRequests),
      });
      return { created, data: present(row) };
    },

    /**
     * The archive behind a signed link, once: a forged link is 403, an expired one 410, and only the first download
     * of a valid one gets the file (claimDownload); every later one is 410.
     */
    async download(
      id: number,
      expires: number,
      signature: string,
    ): Promise<{ stream: Readable; size: number; name: string; userId: number }> {
      if (!links.verify(id, expires, signature)) throw new HttpError(403, dataRequestMessages.downloadInvalid);
      const now = deps.clock();
      if (expires * 1000 <= now.getTime()) throw new HttpError(410, dataRequestMessages.downloadExpired);
      const claimed = await repository.claimDownload(deps.db, id, now);
      if (!claimed) {
        const row = await repository.find(deps.db, id);
        if (!row || row.archive_key === null) throw notFound(dataRequestMessages.notFound);
        throw new HttpError(410, row.downloaded_at === null ? dataRequestMessages.downloadExpired : dataRequestMessages.downloadUsed);
      }
      const file = await deps.storage.read(claimed.key);
      // The file is gone (the retention job deleted an expired archive): nothing to give.
      if (!file) throw new HttpError(410, dataRequestMessages.downloadExpired);
      return { ...file, name: `sehha-data-${id}.zip`, userId: claimed.userId };
    },

    /** Opens the account's erasure request (one at a time) and carries it out at once. */
    async requestErasure(userId: number) {
      const { row } = await repository.open(deps.db, {
        userId,
        kind: 'erasure',
        channel: 'app',
        dueAt: dueAtFor(deps.clock(), deps.dataRequests),
      });
      const outcome = await runErasure(deps, { id: row.id, userId }, null);
      return { request_id: row.id, pseudonym: outcome.pseudonym };
    },
  };
}
