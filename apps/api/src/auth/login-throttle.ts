/**
 * Counts failed logins per account and per address in a sliding window. In memory: one API
 * process serves the dashboard; behind several processes this moves to the database or Redis.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: { maxPerAccount: number; maxPerAddress: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Seconds to wait before another attempt, or 0 when one is allowed. */
  retryAfter(address: string, email: string): number {
    const checks: Array<[string, number]> = [
      [`account:${email.toLowerCase()}`, this.options.maxPerAccount],
      [`address:${address}`, this.options.maxPerAddress],
    ];
    let wait = 0;
    for (const [key, max] of checks) {
      const recent = this.recent(key);
      if (recent.length >= max) {
        const oldest = recent[recent.length - max]!;
        wait = Math.max(wait, Math.ceil((oldest + this.options.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  recordFailure(address: string, email: string) {
    for (const key of [`account:${email.toLowerCase()}`, `address:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  recordSuccess(email: string) {
    this.failures.delete(`account:${email.toLowerCase()}`);
  }
}
