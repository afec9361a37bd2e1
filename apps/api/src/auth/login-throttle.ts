import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Database } from '../db/database';
import { loginAttemptsRepository, type AttemptCounter } from './login-attempts-repository';

export type LoginLimits = {
  /** Attempts of one account from one address: the bound a user mistyping a password meets. */
  maxPerAccountAndAddress: number;
  /** Attempts of one account from every address together: much higher, so that strangers cannot lock an admin out. */
  maxPerAccount: number;
  /** Attempts from one address on every account together. */
  maxPerAddress: number;
  windowMs: number;
};

export const defaultLoginLimits: LoginLimits = { maxPerAccountAndAddress: 5, maxPerAccount: 100, maxPerAddress: 30, windowMs: 15 * 60_000 };

export type LoginAttempt = { allowed: true; succeeded: () => Promise<void> } | { allowed: false; retryAfter: number };

const cleanUpEveryMs = 60_000;

class Refused extends Error {
  constructor(readonly retryAfter: number) {
    super('login attempt refused');
  }
}

/**
 * Limits login attempts per (account, address) pair, per account and per address, in the
 * database so that every API process shares the counts.
 *
 * An attempt is counted before its password is checked, in one upsert of the three counters;
 * until it is known to be right it counts as a failure, so parallel attempts are counted
 * exactly like sequential ones. When a counter goes over its bound the transaction is rolled
 * back (a refused attempt counts nowhere) and the caller answers 429 without checking the
 * password. A right password forgets the pair's count and gives back its own attempt on the
 * account and address counters.
 *
 * Each key has a fixed window that starts at its first attempt and lasts `windowMs`; the next
 * attempt after it starts a new one. Time is this process's clock.
 */
export class LoginThrottle {
  private lastCleanUp = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly limits: LoginLimits = defaultLoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  async attempt(address: string, email: string): Promise<LoginAttempt> {
    const now = this.now();
    await this.cleanUpNow(now);
    const bounds = throttleKeys(address, email).map(({ key, kind }) => ({ key, kind, max: this.bound(kind) }));
    try {
      const counters = await this.db.transaction(async (tx) => {
        const rows = await loginAttemptsRepository.countAttempt(
          tx,
          bounds.map((b) => b.key),
          new Date(now),
          new Date(now + this.limits.windowMs),
        );
        const wait = Math.max(
          0,
          ...bounds.map(({ key, max }) => {
            const row = rows.find((r) => r.key === key);
            return row && row.attempts > max ? Math.max(1, Math.ceil((row.window_ends_at.getTime() - now) / 1000)) : 0;
          }),
        );
        if (wait > 0) throw new Refused(wait);
        return rows;
      });
      return { allowed: true, succeeded: () => this.release(counters) };
    } catch (error) {
      if (error instanceof Refused) return { allowed: false, retryAfter: error.retryAfter };
      throw error;
    }
  }

  private bound(kind: ThrottleKey['kind']) {
    if (kind === 'pair') return this.limits.maxPerAccountAndAddress;
    return kind === 'account' ? this.limits.maxPerAccount : this.limits.maxPerAddress;
  }

  /** After a right password: the pair starts afresh; the account and address get this attempt back. */
  private async release(counters: AttemptCounter[]) {
    // One statement at a time, in key order, so that no lock is held while waiting for another.
    for (const counter of counters) {
      if (counter.key.startsWith('pair:')) await loginAttemptsRepository.forget(this.db, counter.key);
      else await loginAttemptsRepository.uncount(this.db, counter);
    }
  }

  /** At most once a minute per process: delete rows whose window has ended. */
  private async cleanUpNow(now: number) {
    if (now - this.lastCleanUp < cleanUpEveryMs) return;
    this.lastCleanUp = now;
    await loginAttemptsRepository.deleteEnded(this.db, new Date(now));
  }
}

type ThrottleKey = { kind: 'pair' | 'account' | 'address'; key: string };

/**
 * The three counters of an attempt, always in this order (see countAttempt). Keys are SHA-256
 * digests of the lower-cased email and of the address group, so the table holds neither in the
 * clear. They are not keyed with a secret: a known email can be recognised by hashing it, which
 * tells no more than the users table does, and a row lives for one window.
 */
export function throttleKeys(address: string, email: string): ThrottleKey[] {
  const account = email.toLowerCase();
  const group = addressGroup(address);
  const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');
  return [
    { kind: 'pair', key: `pair:${digest(account, group)}` },
    { kind: 'account', key: `account:${digest(account)}` },
    { kind: 'address', key: `address:${digest(group)}` },
  ];
}

/**
 * The unit an address is limited by: an IPv4 address (also when IPv4-mapped), or the /64
 * network of an IPv6 address, since one host commonly holds a whole /64.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const full = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
