import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { accessLogWriteRepository as repository, type AccessLogRow } from './repository';

export type AccessLogSettings = {
  /** Off only for the bench's side-by-side figures (apps/api/bench): a running platform always logs. */
  enabled: boolean;
  /** A batch is written this long after its first row … */
  intervalMs: number;
  /** … or as soon as it holds this many rows. */
  maxRows: number;
};
export const defaultAccessLogSettings: AccessLogSettings = { enabled: true, intervalMs: 200, maxRows: 100 };

/**
 * The access log's writer: rows are buffered in memory and written in batches (one multi-row INSERT every
 * ~200 ms or 100 rows), so that a read never waits on its own log row. Each row keeps the time of its read.
 * The price of batching: a batch whose INSERT fails twice (one retry) is lost — logged at error level with the
 * count — rather than failing reads that have already been answered; app.ts's onClose drains the buffer, so a
 * SIGTERM loses nothing.
 */
export class AccessLogWriter {
  private buffer: AccessLogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The batches in flight, one after another (their order is the reads' order). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    readonly settings: AccessLogSettings = defaultAccessLogSettings,
  ) {}

  record(row: AccessLogRow) {
    if (!this.settings.enabled) return;
    this.buffer.push({ ...row, created_at: row.created_at ?? new Date().toISOString() });
    if (this.buffer.length >= this.settings.maxRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.settings.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered; resolves once every batch asked so far is written (or given up). Tests call it. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length > 0) this.writing = this.writing.then(() => this.write(rows));
    return this.writing;
  }

  /** Drains the buffer (app.ts's onClose, before the database closes). */
  close(): Promise<void> {
    return this.flush();
  }

  private async write(rows: AccessLogRow[]) {
    try {
      await repository.insert(this.db, rows);
    } catch {
      try {
        await repository.insert(this.db, rows);
      } catch (error) {
        // The database's reason only: the failed statement's parameters (addresses, ids) stay out of the logs.
        this.log.error({ lost: rows.length, reason: reasonOf(error) }, `access log: ${rows.length} rows lost (the batch failed twice)`);
      }
    }
  }
}

const reasonOf = (error: unknown): string => {
  const cause = (error as { cause?: unknown }).cause;
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 300);
};
