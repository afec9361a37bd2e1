import { appointmentReminderTexts } from '@sehha/contract/messages';
import type { Database } from '../../db/database';
import { wallClockParams } from '../../i18n/messages';
import { notifyAccount, type Notification } from '../../outbox/notify-account';
import { Rounds } from '../../operations/rounds';
import { reminderRepository } from './repository';
import { reminderKinds, type ReminderKind } from './windows';

type Log = { warn(details: Record<string, unknown>, message: string): void };

export type ReminderMetrics = { remindersWritten: { inc(labels: { kind: ReminderKind }, value?: number): void } };

const notifications: Record<ReminderKind, Notification> = {
  day_before: { kind: 'appointment_reminder', subject: appointmentReminderTexts.subject, body: appointmentReminderTexts.dayBefore },
  hours_before: { kind: 'appointment_reminder', subject: appointmentReminderTexts.subject, body: appointmentReminderTexts.hoursBefore },
};

/**
 * Writes the due reminders of booked visits to the outbox (the deliverer sends them). Every API process runs
 * one: each batch marks its visits and writes their messages in one transaction, claiming them with FOR UPDATE
 * SKIP LOCKED, so two processes never remind a visit twice and a crash leaves a visit either reminded and
 * written, or neither. A cancelled visit is no longer `booked`; a moved one had its marks cleared by the move.
 */
export class ReminderJob {
  readonly #db: Database;
  readonly #batchSize: number;
  readonly #metrics: ReminderMetrics | undefined;
  readonly #log: Log | undefined;
  readonly #rounds = new Rounds(
    () => this.writeDue(),
    (error) => this.#log?.warn({ error: String(error) }, 'reminder round failed'),
  );

  constructor(
    db: Database,
    options: { batchSize?: number | undefined; metrics?: ReminderMetrics | undefined; log?: Log | undefined } = {},
  ) {
    this.#db = db;
    this.#batchSize = options.batchSize ?? 100;
    this.#metrics = options.metrics;
    this.#log = options.log;
  }

  /** One round: every due reminder of both kinds, a batch per transaction; the number of visits reminded. */
  async writeDue(): Promise<number> {
    let written = 0;
    for (const kind of reminderKinds) {
      for (;;) {
        const batch = await this.#db.transaction(async (tx) => {
          const due = await reminderRepository.claimDue(tx, kind, this.#batchSize);
          for (const visit of due) {
            const provider = {
              en: visit.provider.name_en ?? visit.provider.name_ar ?? '',
              ar: visit.provider.name_ar ?? visit.provider.name_en ?? '',
            };
            await notifyAccount(tx, visit.userId, notifications[kind], { provider, ...wallClockParams(visit.startsAt, visit.timeZone) });
          }
          return due.length;
        });
        if (batch > 0) this.#metrics?.remindersWritten.inc({ kind }, batch);
        written += batch;
        if (batch < this.#batchSize) break;
      }
    }
    return written;
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
