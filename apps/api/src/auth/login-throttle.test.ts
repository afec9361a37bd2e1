import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const make = () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle({ maxPerAccount: 3, maxPerAddress: 5, windowMs: 60_000 }, () => now);
    return { throttle, advance: (ms: number) => (now += ms) };
  };

  it('allows attempts until an account has too many recent failures, then tells how long to wait', () => {
    const { throttle, advance } = make();
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter('1.1.1.1', 'A@x.test')).toBe(0);
      throttle.recordFailure('1.1.1.1', 'a@x.test');
      advance(1000);
    }
    expect(throttle.retryAfter('2.2.2.2', 'a@X.test')).toBe(57);
    advance(57_000);
    expect(throttle.retryAfter('2.2.2.2', 'a@x.test')).toBe(0);
  });

  it('limits one address across accounts', () => {
    const { throttle } = make();
    for (let i = 0; i < 5; i++) throttle.recordFailure('9.9.9.9', `user${i}@x.test`);
    expect(throttle.retryAfter('9.9.9.9', 'fresh@x.test')).toBeGreaterThan(0);
    expect(throttle.retryAfter('8.8.8.8', 'fresh@x.test')).toBe(0);
  });

  it('forgets an account failures after a success', () => {
    const { throttle } = make();
    for (let i = 0; i < 3; i++) throttle.recordFailure('1.1.1.1', 'a@x.test');
    throttle.recordSuccess('a@x.test');
    expect(throttle.retryAfter('3.3.3.3', 'a@x.test')).toBe(0);
  });
});
