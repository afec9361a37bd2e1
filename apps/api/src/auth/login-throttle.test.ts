import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabaseHandle } from '../../test/support/test-database';
import { loginAttempts } from '../db/schema/login-throttle';
import { LoginThrottle, addressGroup, throttleKeys, type LoginAttempt } from './login-throttle';

describe('LoginThrottle (on the test database)', () => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  let now = 1_000_000;
  const limits = { maxPerAccountAndAddress: 3, maxPerAccount: 6, maxPerAddress: 5, windowMs: 60_000 };
  const make = () => new LoginThrottle(handle.db, limits, () => now);
  const advance = (ms: number) => (now += ms);
  // Every test uses its own accounts and addresses: they share one database.
  let n = 0;
  const fresh = () => `user${++n}@x.test`;
  const address = () => `10.0.${Math.floor(++n / 250)}.${n % 250}`;
  const wait = (attempt: LoginAttempt) => (attempt.allowed ? 0 : attempt.retryAfter);

  it('allows attempts of an account from an address until too many, then tells how long to wait', async () => {
    const throttle = make();
    const [email, from, elsewhere] = [fresh(), address(), address()];
    for (let i = 0; i < 3; i++) {
      expect(wait(await throttle.attempt(from, i === 0 ? email.toUpperCase() : email))).toBe(0);
      advance(1000);
    }
    expect(wait(await throttle.attempt(from, email))).toBe(57);
    // The same account from another address is still allowed: strangers cannot lock it out with 3 tries.
    expect(wait(await throttle.attempt(elsewhere, email))).toBe(0);
    advance(57_000);
    expect(wait(await throttle.attempt(from, email))).toBe(0);
  });

  it('limits one account across addresses with its own, higher bound', async () => {
    const throttle = make();
    const email = fresh();
    for (let i = 0; i < 6; i++) expect(wait(await throttle.attempt(address(), email))).toBe(0);
    expect(wait(await throttle.attempt(address(), email))).toBeGreaterThan(0);
    expect(wait(await throttle.attempt(address(), fresh()))).toBe(0);
  });

  it('limits one address across accounts', async () => {
    const throttle = make();
    const from = address();
    for (let i = 0; i < 5; i++) expect(wait(await throttle.attempt(from, fresh()))).toBe(0);
    expect(wait(await throttle.attempt(from, fresh()))).toBeGreaterThan(0);
    expect(wait(await throttle.attempt(address(), fresh()))).toBe(0);
  });

  it('counts nothing for a refused attempt, so hammering one pair does not lock the account elsewhere', async () => {
    const throttle = make();
    const [email, from] = [fresh(), address()];
    for (let i = 0; i < 3; i++) await throttle.attempt(from, email);
    for (let i = 0; i < 20; i++) expect((await throttle.attempt(from, email)).allowed).toBe(false);
    // 3 of the account's 6 are used: 3 more from elsewhere, then no more.
    for (let i = 0; i < 3; i++) expect(wait(await throttle.attempt(address(), email))).toBe(0);
    expect((await throttle.attempt(address(), email)).allowed).toBe(false);
  });

  it('counts attempts in flight: of parallel attempts exactly the bound is allowed, on two throttles sharing the database', async () => {
    const second = await handle.connectAgain();
    try {
      const throttles = [make(), new LoginThrottle(second.db, limits, () => now)];
      const [email, from] = [fresh(), address()];
      const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => throttles[i % 2]!.attempt(from, email)));
      expect(attempts.filter((a) => a.allowed)).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  it('forgets the pair after a right password and gives back that attempt on the account and the address', async () => {
    const throttle = make();
    const [email, from] = [fresh(), address()];
    for (let i = 0; i < 2; i++) await throttle.attempt(from, email);
    const right = await throttle.attempt(from, email);
    expect(right.allowed).toBe(true);
    if (right.allowed) await right.succeeded();
    // The pair starts afresh (3 more); the account has 2 of 6 used (4 more) and the address 2 of 5 (3 more).
    for (let i = 0; i < 3; i++) expect(wait(await throttle.attempt(from, email))).toBe(0);
    expect((await throttle.attempt(from, email)).allowed).toBe(false);
    expect(wait(await throttle.attempt(address(), email))).toBe(0);
    expect((await throttle.attempt(address(), email)).allowed).toBe(false);
  });

  it('stores hashed keys only, starts a new window after the old one ends, and deletes ended rows', async () => {
    const throttle = make();
    const [email, from] = [fresh(), address()];
    await throttle.attempt(from, email);
    const keys = throttleKeys(from, email).map((k) => k.key);
    const stored = await handle.db.select().from(loginAttempts);
    expect(stored.filter((row) => keys.includes(row.key)).map((row) => row.attempts)).toEqual([1, 1, 1]);
    expect(stored.some((row) => row.key.includes(email) || row.key.includes(from))).toBe(false);

    advance(limits.windowMs + 60_000);
    await throttle.attempt(address(), fresh()); // the once-a-minute clean-up runs first
    const left = await handle.db.select().from(loginAttempts);
    expect(left.filter((row) => keys.includes(row.key))).toEqual([]);
    expect(left.every((row) => row.window_ends_at.getTime() > now)).toBe(true);
  });
});

describe('addressGroup', () => {
  it('limits IPv4 addresses one by one and IPv6 by /64 network', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });
});
