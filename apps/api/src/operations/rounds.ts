/**
 * A process's background job (outbox delivery, reminders, data archives, retention): a round every so many ms,
 * never two at once in this process (the next waits for the one under way); `stop()` waits for the one under way,
 * so a SIGTERM drains it. Several processes share the work through their own claims (SKIP LOCKED), not through this.
 */
export class Rounds {
  readonly #round: () => Promise<unknown>;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<unknown> = Promise.resolve();

  constructor(round: () => Promise<unknown>, onError: (error: unknown) => void) {
    this.#round = round;
    this.#onError = onError;
  }

  start(intervalMs: number) {
    this.#timer ??= setInterval(() => {
      this.#current = this.#current.then(() => this.#round()).catch(this.#onError);
    }, intervalMs);
    this.#timer.unref();
  }

  async stop() {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#current;
  }
}
