import { describe, expect, it } from 'vitest';
import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS, retryDelayMs } from './queue';

describe('retryDelayMs', () => {
  it('grows exponentially with the attempt number at the top of the jitter range', () => {
    const top = () => 0.999999;
    const delays = [1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, top));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('never exceeds the ten-minute cap, even after many attempts', () => {
    for (const attempt of [10, 11, 20, 50, 1_000]) {
      expect(retryDelayMs(attempt, () => 0.999999)).toBeLessThanOrEqual(RETRY_MAX_DELAY_MS);
    }
    expect(retryDelayMs(1_000, () => 0.999999)).toBeGreaterThan(RETRY_MAX_DELAY_MS - 1_000);
  });

  it('is jittered uniformly between the base delay and the exponential ceiling', () => {
    expect(retryDelayMs(4, () => 0)).toBe(RETRY_BASE_DELAY_MS);
    expect(retryDelayMs(4, () => 0.5)).toBe(4_500);
    for (let index = 0; index < 200; index += 1) {
      const delay = retryDelayMs(6, Math.random);
      expect(delay).toBeGreaterThanOrEqual(RETRY_BASE_DELAY_MS);
      expect(delay).toBeLessThanOrEqual(32_000);
    }
  });

  it('treats odd inputs safely (attempt 0, random outside [0, 1))', () => {
    expect(retryDelayMs(0, () => 0.5)).toBe(RETRY_BASE_DELAY_MS);
    expect(retryDelayMs(3, () => 7)).toBe(4_000);
    expect(retryDelayMs(3, () => -1)).toBe(RETRY_BASE_DELAY_MS);
  });
});
