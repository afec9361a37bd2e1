import { commonMessages } from '../i18n/messages';
import { HttpError } from './errors';

/** Seconds a request refused for want of a share is told to wait (Retry-After), as for a busy database. */
const retryAfterSeconds = 2;

/**
 * The share of the database pool that one scope's requests may hold at once (the admin API's): beyond it a request
 * waits here holding nothing, so that however many or slow the admin's lists are, the patients' and providers'
 * requests still find connections. An admin search that ran into the statement timeout once held the whole pool
 * for 5 s, and bookings waiting that long were answered 503 (docs/performance/api.md). A request that waits longer
 * than `waitMs` is answered 503 as a slow database would be. Per process, like the pool it shares.
 */
export class DatabaseShare {
  #taken = 0;
  readonly #waiting: Array<(granted: boolean) => void> = [];

  constructor(
    readonly max: number,
    readonly waitMs: number,
  ) {}

  /** Requests holding a share now, and waiting for one (tests). */
  get taken(): number {
    return this.#taken;
  }
  get waiting(): number {
    return this.#waiting.length;
  }

  /** A share and its release (idempotent); waits for one, or throws the 503 after `waitMs`. */
  async take(): Promise<() => void> {
    if (this.#taken < this.max) this.#taken += 1;
    else if (!(await this.#wait())) throw new HttpError(503, commonMessages.databaseTimeout, { 'retry-after': String(retryAfterSeconds) });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A released share goes to the longest waiting request as it is, never back to the count first.
      const next = this.#waiting.shift();
      if (next) next(true);
      else this.#taken -= 1;
    };
  }

  #wait(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const index = this.#waiting.indexOf(granted);
        if (index >= 0) this.#waiting.splice(index, 1);
        resolve(false);
      }, this.waitMs);
      const granted = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      this.#waiting.push(granted);
    });
  }
}
