import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('blocks a key for a whole window from the failure that reached the limit', () => {
    let now = 0;
    const throttle = new LoginThrottle({ max: 3, windowMs: 600_000 }, () => now);
    throttle.recordFailure('ip');
    now = 500_000;
    throttle.recordFailure('ip');
    expect(throttle.retryAfterSeconds('ip')).toBe(0);
    throttle.recordFailure('ip');
    // Ten minutes from the third failure, not the 100 s left of the first one's window.
    expect(throttle.retryAfterSeconds('ip')).toBe(600);
    now = 1_099_000;
    expect(throttle.retryAfterSeconds('ip')).toBe(1);
    now = 1_100_000;
    expect(throttle.retryAfterSeconds('ip')).toBe(0);
  });

  it('forgets a key after a success, and keeps keys apart', () => {
    const throttle = new LoginThrottle({ max: 1, windowMs: 60_000 }, () => 0);
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(60);
    expect(throttle.retryAfterSeconds('b')).toBe(0);
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });
});
