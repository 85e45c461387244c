import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { LoginThrottle } from '../features/admin-session/login-throttle';
import { allowAll, SendLimiter } from '../features/accounts/send-limiter';
import { sqlRows } from '../test/sql-rows';
import { createTestDatabase } from '../test/test-database';
import { counterKey, createRateCounters, type RateCounters } from './rate-counters';

/** The database's fixed-window counters and the limiters built on them (docs/security.md#rate-limits). */
describe('rate counters', () => {
  let handle: DatabaseHandle;
  let counters: RateCounters;

  beforeAll(async () => {
    handle = await createTestDatabase();
    counters = createRateCounters(handle.db);
  });
  afterAll(() => handle.close());

  /** Moves a counter's window end by `ms` (the database's clock decides what has ended). */
  const shiftWindow = (key: string, ms: number) =>
    handle.db.execute(
      sql`update rate_limit_counters set reset_at = reset_at + make_interval(secs => ${ms / 1000}::float8)
           where key = ${key}`,
    );

  it('counts in a fixed window and starts again when it has ended; never stores what it counts', async () => {
    const key = counterKey('test', 'someone@example.com');
    expect(key).not.toContain('someone');
    expect((await counters.hit(key, 60_000)).count).toBe(1);
    const second = await counters.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.msLeft).toBeGreaterThan(55_000);
    expect(second.msLeft).toBeLessThanOrEqual(60_000);
    expect(await counters.peek(key)).toMatchObject({ count: 2 });
    await shiftWindow(key, -60_000);
    expect(await counters.peek(key)).toEqual({ count: 0, msLeft: 0 });
    expect((await counters.hit(key, 60_000)).count).toBe(1);
    const rows = await sqlRows<{ key: string }>(handle.db, sql`select key from rate_limit_counters`);
    expect(JSON.stringify(rows)).not.toContain('someone@example.com');
  });

  it('SendLimiter allows `max` per key, then none until the window ends; allowAll counts in every limiter', async () => {
    const limiter = new SendLimiter(counters, 'test-send', { max: 2, windowMs: 60_000 });
    expect([await limiter.allow('a'), await limiter.allow('a'), await limiter.allow('a')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limiter.allow('b')).toBe(true);
    expect(await limiter.secondsLeft('a')).toBe(60);
    await shiftWindow(counterKey('test-send', 'a'), -60_000);
    expect(await limiter.allow('a')).toBe(true);

    const byAddress = new SendLimiter(counters, 'test-address', { max: 1, windowMs: 60_000 });
    const byIp = new SendLimiter(counters, 'test-ip', { max: 5, windowMs: 60_000 });
    expect(await allowAll([byAddress, 'x@example.com'], [byIp, 'ip'])).toBe(true);
    expect(await allowAll([byAddress, 'x@example.com'], [byIp, 'ip'])).toBe(false);
    expect(await allowAll([byAddress, 'y@example.com'], [byIp, 'ip'])).toBe(true);
  });

  it('LoginThrottle blocks for a whole window from the attempt that reached the limit, and forgets on success', async () => {
    const throttle = new LoginThrottle(counters, 'test-login', { max: 3, windowMs: 600_000 });
    const key = counterKey('test-login', 'ip');
    expect(await throttle.take('ip')).toBe(0);
    // The first attempt's window is nearly over when the limit is reached.
    await shiftWindow(key, -500_000);
    expect(await throttle.take('ip')).toBe(0);
    expect(await throttle.retryAfterSeconds('ip')).toBe(0);
    expect(await throttle.take('ip')).toBe(0);
    // Ten minutes from the third attempt, not the 100 s left of the first one's window.
    expect(await throttle.retryAfterSeconds('ip')).toBeGreaterThan(590);
    expect(await throttle.take('ip')).toBeGreaterThan(590);
    expect(await throttle.take('other')).toBe(0);
    await throttle.reset('ip');
    expect(await throttle.retryAfterSeconds('ip')).toBe(0);
  });

  it('takes at most `max` slots for parallel takers, refuses the rest, and takes a given-back slot again', async () => {
    const key = counterKey('test', 'parallel-take');
    const results = await Promise.all(Array.from({ length: 30 }, () => counters.take(key, 7, 60_000)));
    expect(results.filter((result) => result.taken)).toHaveLength(7);
    for (const refused of results.filter((result) => !result.taken)) {
      expect(refused).toMatchObject({ taken: false });
      expect((refused as { msLeft: number }).msLeft).toBeGreaterThan(55_000);
    }
    expect(await counters.peek(key)).toMatchObject({ count: 7 });
    await counters.giveBack(key);
    expect((await counters.take(key, 7, 60_000)).taken).toBe(true);
    expect((await counters.take(key, 7, 60_000)).taken).toBe(false);
    // A new window starts from one.
    await shiftWindow(key, -60_000);
    expect((await counters.take(key, 7, 60_000)).taken).toBe(true);
    expect(await counters.peek(key)).toMatchObject({ count: 1 });
  });

  it('counts concurrent hits exactly once each', async () => {
    const key = counterKey('test', 'burst');
    const results = await Promise.all(Array.from({ length: 20 }, () => counters.hit(key, 60_000)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });
});
