import { describe, expect, it } from 'vitest';
import { allowAll, SendLimiter } from './send-limiter';

describe('SendLimiter', () => {
  it('allows `max` attempts per key in a fixed window, then none until the window ends', () => {
    let now = 0;
    const limiter = new SendLimiter({ max: 2, windowMs: 60_000 }, () => now);
    expect([limiter.allow('a'), limiter.allow('a'), limiter.allow('a')]).toEqual([true, true, false]);
    expect(limiter.allow('b')).toBe(true);
    now = 59_999;
    expect(limiter.allow('a')).toBe(false);
    now = 60_000;
    expect(limiter.allow('a')).toBe(true);
  });

  it('counts the attempt in every limiter, and allows it only when all do', () => {
    const byAddress = new SendLimiter({ max: 1, windowMs: 60_000 }, () => 0);
    const byIp = new SendLimiter({ max: 5, windowMs: 60_000 }, () => 0);
    expect(allowAll([byAddress, 'x@example.com'], [byIp, 'ip'])).toBe(true);
    expect(allowAll([byAddress, 'x@example.com'], [byIp, 'ip'])).toBe(false);
    expect(allowAll([byAddress, 'y@example.com'], [byIp, 'ip'])).toBe(true);
  });
});
