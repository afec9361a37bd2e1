import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { reminderKinds } from '../modules/reminders/windows';

export type UploadOutcome = 'stored' | 'rejected' | 'failed';

/** What modules count (AppDeps.metrics): an upload stored, rejected by its checks (422), or failed to store. */
export type ModuleMetrics = {
  uploads: { inc(labels: { outcome: UploadOutcome }): void };
  /** Payment gateway callbacks by what they did (modules/payments/service.ts). */
  paymentCallbacks: { inc(labels: { outcome: PaymentCallbackOutcome }): void };
};

/** paid (booked), failed, refund_due (paid after the hold was released), replayed, ignored, rejected (signature, amount…). */
export const paymentCallbackOutcomes = ['paid', 'failed', 'refund_due', 'replayed', 'ignored', 'rejected'] as const;
export type PaymentCallbackOutcome = (typeof paymentCallbackOutcomes)[number];

export type PoolStats = () => { total: number; idle: number; waiting: number };

let processMetrics: Registry | undefined;

/**
 * Node's process metrics (CPU, memory, event loop, GC): one registry per process, collected once,
 * whatever the number of apps the process builds (tests build many).
 */
export function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * The app's own metrics, in a registry of this app instance (never prom-client's global one), so that
 * several apps in one process keep separate counts.
 */
/** What the page cache (db/page-cache.ts) has done since the process started, and how many pages it keeps. */
type PageCacheStats = {
  readonly hits: number;
  readonly narrowed: number;
  readonly misses: number;
  readonly versionReads: number;
  readonly size: number;
};

export function createAppMetrics(
  options: {
    poolStats?: PoolStats | undefined;
    pageCache?: PageCacheStats | undefined;
    keptAnswers?: { readonly hits: number; readonly joined: number; readonly size: number } | undefined;
    /** Outbox rows waiting to be delivered (outbox/outbox-repository.ts), read at each scrape. */
    outboxPending?: (() => Promise<number>) | undefined;
  } = {},
) {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    requestsInFlight: new Gauge({ name: 'http_requests_in_flight', help: 'HTTP requests being answered now.', registers }),
    loginFailures: new Counter({ name: 'login_failures_total', help: 'Logins refused for a wrong email or password.', registers }),
    loginLockouts: new Counter({
      name: 'login_lockouts_total',
      help: 'Login attempts refused by the login rate limit (429) without checking the password.',
      registers,
    }),
    uploads: new Counter({
      name: 'uploads_total',
      help: 'Uploaded files: stored, rejected by the checks (422), or failed to store.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    paymentCallbacks: new Counter({
      name: 'payment_callbacks_total',
      help: 'Payment gateway callbacks: paid (booked), failed, refund_due, replayed, ignored, or rejected (bad signature, amount).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    outboxSent: new Counter({
      name: 'outbox_sent_total',
      help: 'Outbox messages delivered (the driver answered success), by channel.',
      labelNames: ['channel'] as const,
      registers,
    }),
    outboxFailed: new Counter({
      name: 'outbox_failed_total',
      help: 'Outbox messages given up after their last try, by channel.',
      labelNames: ['channel'] as const,
      registers,
    }),
    remindersWritten: new Counter({
      name: 'reminders_written_total',
      help: 'Appointment reminders written to the outbox, by kind (day_before, hours_before).',
      labelNames: ['kind'] as const,
      registers,
    }),
  };
  for (const kind of reminderKinds) metrics.remindersWritten.inc({ kind }, 0);
  for (const channel of ['sms', 'email']) {
    metrics.outboxSent.inc({ channel }, 0);
    metrics.outboxFailed.inc({ channel }, 0);
  }
  // Every outcome is present from the start, so that rate() and alerts see a zero before the first upload.
  for (const outcome of ['stored', 'rejected', 'failed'] satisfies UploadOutcome[]) metrics.uploads.inc({ outcome }, 0);
  for (const outcome of paymentCallbackOutcomes) metrics.paymentCallbacks.inc({ outcome }, 0);

  const { poolStats } = options;
  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: ReturnType<PoolStats>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('db_pool_size', 'PostgreSQL connections open in the pool (busy and idle).', (stats) => stats.total);
    poolGauge('db_pool_idle', 'PostgreSQL connections open and idle in the pool.', (stats) => stats.idle);
    poolGauge('db_pool_waiting', 'Queries waiting for a PostgreSQL connection of the pool.', (stats) => stats.waiting);
  }
  // After the pool's gauges: a scrape reads the pool as it found it, before its own count of the outbox queues a query.
  const { outboxPending } = options;
  if (outboxPending) {
    new Gauge({
      name: 'outbox_pending',
      help: 'Outbox messages waiting to be delivered (new, or retrying after a failed try).',
      registers,
      async collect() {
        this.set(await outboxPending());
      },
    });
  }
  const { pageCache, keptAnswers } = options;
  if (pageCache) {
    // The cache counts; a scrape adds what it counted since the last one.
    const cacheCounter = (name: string, help: string, read: () => number) => {
      let counted = 0;
      return new Counter({
        name,
        help,
        registers,
        collect() {
          const now = read();
          this.inc(now - counted);
          counted = now;
        },
      });
    };
    cacheCounter('page_cache_hits_total', 'List pages answered from the page cache (their tables unchanged).', () => pageCache.hits);
    cacheCounter(
      'page_cache_narrowed_total',
      'Hits among them whose table had changed, by writes its change log showed did not touch the page.',
      () => pageCache.narrowed,
    );
    cacheCounter('page_cache_misses_total', 'List pages read from the database (not kept, or changed).', () => pageCache.misses);
    cacheCounter(
      'page_cache_version_reads_total',
      "Reads of the tables' versions sent to the database (each serves the requests of one batch).",
      () => pageCache.versionReads,
    );
    new Gauge({
      name: 'page_cache_pages',
      help: 'List pages the page cache keeps now.',
      registers,
      collect() {
        this.set(pageCache.size);
      },
    });
    if (keptAnswers) {
      cacheCounter('kept_answers_total', 'List answers sent as kept (every page they were built from unchanged).', () => keptAnswers.hits);
      cacheCounter(
        'kept_answers_joined_total',
        'List answers sent as another request built them again, after the same version read found them changed.',
        () => keptAnswers.joined,
      );
      new Gauge({
        name: 'kept_answers',
        help: 'List answers kept now.',
        registers,
        collect() {
          this.set(keptAnswers.size);
        },
      });
    }
  }
  return metrics;
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
