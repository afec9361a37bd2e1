import type { OutboxChannel } from '@sehha/contract/status-codes';
import type { Database } from '../db/database';
import type { MessageDriver } from './drivers';
import { outboxRepository, type ClaimedMessage } from './outbox-repository';
import { Rounds } from '../operations/rounds';

export type OutboxMetrics = {
  outboxSent: { inc(labels: { channel: OutboxChannel }): void };
  outboxFailed: { inc(labels: { channel: OutboxChannel }): void };
};

export type DelivererOptions = {
  drivers: Record<OutboxChannel, MessageDriver>;
  /** Tries before a row is marked failed (OUTBOX_MAX_ATTEMPTS). */
  maxAttempts?: number | undefined;
  /**
   * How long a claimed row is this process's; past it, another process may take it (this one died). Longer
   * than a batch can take (batchSize × a driver's timeout), so a slow live process never loses a row it will still send.
   */
  leaseSeconds?: number | undefined;
  /** Wait before try n+1: base × 2^(n−1), at most an hour. */
  backoffSeconds?: number | undefined;
  batchSize?: number | undefined;
  metrics?: OutboxMetrics | undefined;
  log?: { warn(details: Record<string, unknown>, message: string): void } | undefined;
};

/**
 * Delivers the outbox. Every API process runs one: each round claims due rows (outbox-repository.ts), sends
 * them one by one and records each outcome as soon as it is known, so a process stopped mid-batch leaves its
 * unsent rows to the next round (after their lease) and never a sent row unrecorded for longer than one send.
 */
export class OutboxDeliverer {
  readonly #db: Database;
  readonly #options: {
    drivers: DelivererOptions['drivers'];
    maxAttempts: number;
    leaseSeconds: number;
    backoffSeconds: number;
    batchSize: number;
    metrics: OutboxMetrics | undefined;
    log: DelivererOptions['log'];
  };
  readonly #rounds = new Rounds(
    () => this.deliverDue(),
    (error) => this.#options.log?.warn({ error: String(error) }, 'outbox round failed'),
  );
  readonly #sending = new Set<Promise<unknown>>();

  constructor(db: Database, options: DelivererOptions) {
    this.#db = db;
    this.#options = {
      drivers: options.drivers,
      maxAttempts: options.maxAttempts ?? 5,
      leaseSeconds: options.leaseSeconds ?? 300,
      backoffSeconds: options.backoffSeconds ?? 30,
      batchSize: options.batchSize ?? 10,
      metrics: options.metrics,
      log: options.log,
    };
  }

  /** One round: every due row, a batch at a time; the number sent. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await outboxRepository.claim(this.#db, { limit: this.#options.batchSize, leaseSeconds: this.#options.leaseSeconds });
      for (const message of batch) if (await this.#send(message)) sent++;
      if (batch.length < this.#options.batchSize) return sent;
    }
  }

  /** Sends one row now if it is due and unclaimed (an OTP is worthless late): true when it was delivered. */
  async deliverNow(id: number): Promise<boolean> {
    const [message] = await outboxRepository.claim(this.#db, { limit: 1, leaseSeconds: this.#options.leaseSeconds, id });
    return message ? this.#send(message) : false;
  }

  /** deliverNow without waiting for it (the request answers at once); stop() waits for these too. */
  deliverSoon(id: number) {
    const sending = this.deliverNow(id)
      .catch((error: unknown) => this.#options.log?.warn({ outbox_id: id, error: String(error) }, 'outbox message not sent now'))
      .finally(() => this.#sending.delete(sending));
    this.#sending.add(sending);
  }

  async #send(message: ClaimedMessage): Promise<boolean> {
    const { drivers, maxAttempts, backoffSeconds, metrics, log } = this.#options;
    try {
      await drivers[message.channel].send(message);
    } catch (error) {
      const last = message.attempts >= maxAttempts;
      const reason = error instanceof Error ? error.message : String(error);
      log?.warn(
        { outbox_id: message.id, channel: message.channel, attempts: message.attempts, error: reason },
        'outbox message not delivered',
      );
      const retryIn = last ? null : Math.min(3600, backoffSeconds * 2 ** (message.attempts - 1));
      await outboxRepository.markFailedTry(this.#db, message.id, reason.slice(0, 500), retryIn);
      if (last) metrics?.outboxFailed.inc({ channel: message.channel });
      return false;
    }
    await outboxRepository.markSent(this.#db, message.id);
    metrics?.outboxSent.inc({ channel: message.channel });
    return true;
  }

  /** Runs a round every `intervalMs`, never two at once in this process. */
  start(intervalMs: number) {
    this.#rounds.start(intervalMs);
  }

  /** Waits for the sends started by deliverSoon (tests compare the database once they are recorded). */
  async idle() {
    await Promise.all([...this.#sending]);
  }

  /** Stops the rounds and waits for the one under way. */
  async stop() {
    await Promise.all([this.#rounds.stop(), this.idle()]);
  }
}
