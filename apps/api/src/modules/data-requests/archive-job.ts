import { dataArchiveNotice } from '@sehha/contract/data-requests';
import type { AppDeps } from '../../app-deps';
import { notifyAccount } from '../../outbox/notify-account';
import { Rounds } from '../../operations/rounds';
import { archiveLinks } from './archive-links';
import { archiveRepository } from './archive-repository';
import { storeArchive } from './archive';
import { dataRequestRepository, type ClaimedArchive } from './repository';

type Log = { warn(details: Record<string, unknown>, message: string): void };

/** A claim older than this is taken again (the process that took it died while building). */
const leaseMinutes = 15;
/** A failed build is tried again after this (an admin's Run tries it at once). */
const retryMinutes = 5;

/**
 * Builds the queued access requests' archives (issue 28). Every API process runs one: a request is claimed
 * (FOR UPDATE SKIP LOCKED, status in_progress with a lease) so two processes never build the same archive; the
 * archive is stored privately, then one transaction completes the request and writes the person's SMS/email with
 * the download link. A failed build puts the request back in the queue with its reason (last_error).
 */
export class ArchiveJob {
  readonly #deps: Pick<AppDeps, 'db' | 'storage' | 'signer' | 'clock' | 'dataRequests'>;
  readonly #origin: string;
  readonly #log: Log | undefined;
  readonly #rounds = new Rounds(
    () => this.buildQueued(),
    (error) => this.#log?.warn({ error: String(error) }, 'data archive round failed'),
  );

  constructor(
    deps: Pick<AppDeps, 'db' | 'storage' | 'signer' | 'clock' | 'dataRequests'>,
    options: { publicUrl?: string | undefined; log?: Log | undefined } = {},
  ) {
    this.#deps = deps;
    // The SMS carries an absolute link: APP_URL's origin (http/public-url.ts), the server itself without one.
    this.#origin = options.publicUrl ? new URL(options.publicUrl).origin : 'http://localhost';
    this.#log = options.log;
  }

  /** One round: every queued archive, one at a time; the number built. */
  async buildQueued(): Promise<number> {
    let built = 0;
    for (;;) {
      const [claim] = await this.#deps.db.transaction((tx) => dataRequestRepository.claimQueued(tx, 1, leaseMinutes, retryMinutes));
      if (!claim) return built;
      if (await this.#build(claim)) built += 1;
    }
  }

  async #build(claim: ClaimedArchive): Promise<boolean> {
    const { db, storage, signer, clock, dataRequests } = this.#deps;
    let key: string | undefined;
    try {
      const madeAt = clock();
      key = await storeArchive(storage, claim.id, await archiveRepository.collect(db, claim.userId), madeAt);
      const archiveKey = key;
      const expiresAt = new Date(madeAt.getTime() + dataRequests.archiveTtlHours * 3_600_000);
      const done = await db.transaction(async (tx) => {
        const row = await dataRequestRepository.markBuilt(tx, claim, archiveKey, expiresAt);
        if (!row) return false;
        await notifyAccount(
          tx,
          claim.userId,
          { kind: 'data_archive_ready', ...dataArchiveNotice },
          {
            hours: dataRequests.archiveTtlHours,
            link: `${this.#origin}${archiveLinks(signer).path(claim.id, expiresAt)}`,
          },
        );
        return true;
      });
      // Another process took the request over (this one overran its lease): its archive is the one kept.
      if (!done) await storage.remove(archiveKey);
      return done;
    } catch (error) {
      if (key) await storage.remove(key).catch(() => undefined);
      this.#log?.warn({ error: String(error), data_request_id: claim.id }, 'data archive failed');
      await dataRequestRepository.markFailed(db, claim, String(error));
      return false;
    }
  }

  /** Runs a round every `intervalMs`, never two at once in this process. */
  start(intervalMs: number) {
    this.#rounds.start(intervalMs);
  }

  /** Stops the rounds and waits for the one under way. */
  stop() {
    return this.#rounds.stop();
  }
}
