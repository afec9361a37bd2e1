import { recordAudit } from '../../audit/audit-log';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import type { Storage } from '../../storage/storage';
import { Rounds } from '../../operations/rounds';
import { retentionRepository as repository, type PurgedImages } from './repository';
import { retentionCategories, type RetentionCategory, type RetentionSettings } from './settings';

type Log = { warn(details: Record<string, unknown>, message: string): void };

/** What one round deleted, per category (the audit row's `after`). */
export type RetentionCounts = Record<RetentionCategory, number>;

const DAY = 86_400_000;
/** A purge marked this long ago whose files still exist was left by a stopped process (not one under way). */
const unfinishedAfterMs = 10 * 60_000;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/**
 * Deletes the personal data whose retention period has passed (modules/retention/settings.ts). Every API process
 * runs one: each batch takes its rows FOR UPDATE SKIP LOCKED in its own transaction, so processes running at once
 * delete each row once, and a round's counts are what this process deleted. A round that deleted anything writes
 * one audit row (no actor, action `retention`) with its counts per category.
 *
 * A prescription's images are marked purged first (committed: from then on no screen hands out a link), then their
 * files are removed, then the row forgets the keys; a process stopped in between leaves a marked row that still
 * names its files, which a later round finishes. No row ever names a deleted file that a screen would still offer.
 */
export class RetentionJob {
  readonly #db: Database;
  readonly #storage: Storage;
  readonly #settings: RetentionSettings;
  readonly #clock: Clock;
  readonly #batchSize: number;
  readonly #log: Log | undefined;
  readonly #rounds = new Rounds(
    () => this.runOnce(),
    (error) => this.#log?.warn({ error: String(error) }, 'retention round failed'),
  );
  /** Set by stop(): a round under way ends after its current batch (a backlog must not hold up a shutdown). */
  #stopping = false;

  constructor(
    deps: { db: Database; storage: Storage; settings: RetentionSettings; clock: Clock },
    options: { batchSize?: number | undefined; log?: Log | undefined } = {},
  ) {
    this.#db = deps.db;
    this.#storage = deps.storage;
    this.#settings = deps.settings;
    this.#clock = deps.clock;
    this.#batchSize = options.batchSize ?? 500;
    this.#log = options.log;
  }

  /** One round over every category; what it deleted. */
  async runOnce(): Promise<RetentionCounts> {
    const now = this.#clock();
    const settings = this.#settings;
    const counts: RetentionCounts = {
      prescription_images: await this.#purgeImages(now),
      otp_codes: await this.#inBatches((tx, limit) => repository.deleteOtpCodes(tx, daysBefore(now, settings.otpCodesDays), limit)),
      login_attempts: await this.#inBatches((tx, limit) =>
        repository.deleteLoginAttempts(tx, daysBefore(now, settings.loginAttemptsDays), limit),
      ),
      access_logs: await this.#inBatches((tx, limit) => repository.deleteAccessLogs(tx, daysBefore(now, settings.accessLogsDays), limit)),
      message_bodies: await this.#inBatches((tx, limit) =>
        repository.purgeMessageBodies(tx, daysBefore(now, settings.messageBodiesDays), now, limit),
      ),
      data_export_archives: await this.#inBatches((tx, limit) => this.#removeArchives(tx, now, limit)),
    };
    if (retentionCategories.some((category) => counts[category] > 0))
      await this.#db.transaction((tx) => recordAudit(tx, { actorId: null, action: 'retention', entity: 'retention', after: counts }));
    return counts;
  }

  /** Batches of `batchSize`, one transaction each, until a batch comes back short. */
  async #inBatches(batch: (tx: Database, limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    while (!this.#stopping) {
      const done = await this.#db.transaction((tx) => batch(tx, this.#batchSize));
      total += done;
      if (done < this.#batchSize) break;
    }
    return total;
  }

  /** Finishes purges a stopped process left, then marks and removes the due images; the prescriptions marked. */
  async #purgeImages(now: Date): Promise<number> {
    const unfinished = await repository.unfinishedPurges(this.#db, new Date(now.getTime() - unfinishedAfterMs), this.#batchSize);
    await this.#removeImages(unfinished);
    const cutoff = daysBefore(now, this.#settings.prescriptionImagesDays);
    let marked = 0;
    while (!this.#stopping) {
      const batch = await this.#db.transaction((tx) => repository.markImagesPurged(tx, cutoff, now, this.#batchSize));
      marked += batch.length;
      await this.#removeImages(batch);
      if (batch.length < this.#batchSize) break;
    }
    return marked;
  }

  /** Removes the files, then forgets the keys of the prescriptions whose files are all gone. */
  async #removeImages(purged: PurgedImages[]) {
    const cleared: number[] = [];
    for (const row of purged) {
      const removed = await Promise.all(row.images.map((key) => this.#remove(key)));
      if (removed.every(Boolean)) cleared.push(row.id);
    }
    if (cleared.length > 0) await repository.clearImages(this.#db, cleared);
  }

  /** Removes the expired archives' files in the transaction that forgets their keys (a failed removal keeps its key). */
  async #removeArchives(tx: Database, now: Date, limit: number): Promise<number> {
    const expired = await repository.lockExpiredArchives(tx, now, limit);
    const removed: number[] = [];
    for (const archive of expired) if (await this.#remove(archive.key)) removed.push(archive.id);
    if (removed.length > 0) await repository.clearArchives(tx, removed);
    // A failed removal makes the batch short: the round moves on, and the next one retries that file.
    return removed.length;
  }

  async #remove(key: string): Promise<boolean> {
    try {
      await this.#storage.remove(key);
      return true;
    } catch (error) {
      this.#log?.warn({ error: String(error), file: key }, 'retention: stored file could not be removed');
      return false;
    }
  }

  /** Runs a round every `intervalMs`, never two at once in this process. */
  start(intervalMs: number) {
    this.#stopping = false;
    this.#rounds.start(intervalMs);
  }

  /** Stops the rounds and waits for the one under way to finish its current batch. */
  stop() {
    this.#stopping = true;
    return this.#rounds.stop();
  }
}
