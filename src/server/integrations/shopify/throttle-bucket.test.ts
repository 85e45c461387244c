import { describe, expect, it } from 'vitest';
import { createThrottleBucket, throttledWaitSeconds, type ThrottleStatus } from './throttle-bucket';

function bucketWithClock() {
  const clock = { now: 1_000_000 };
  const bucket = createThrottleBucket(() => clock.now);
  return { clock, bucket };
}

const status = (currentlyAvailable: number, restoreRate = 100, maximumAvailable = 1000): ThrottleStatus => ({
  maximumAvailable,
  currentlyAvailable,
  restoreRate,
});

describe('createThrottleBucket', () => {
  it('knows nothing before Shopify reports the bucket, so nothing is waited for', () => {
    const { bucket } = bucketWithClock();
    expect(bucket.reserve(5_000)).toBeNull();
    expect(bucket.lastStatus()).toBeNull();
  });

  it('keeps the last report as a copy the caller cannot change', () => {
    const { bucket } = bucketWithClock();
    bucket.record(status(400));
    const reported = bucket.lastStatus();
    expect(reported).toEqual(status(400));
    if (reported) reported.currentlyAvailable = 0;
    expect(bucket.lastStatus()).toEqual(status(400));
  });

  it('refills at restoreRate points a second between reports', () => {
    const { clock, bucket } = bucketWithClock();
    bucket.record(status(100, 50));
    clock.now += 2_000; // 2 s × 50 points/s: 200 available
    expect(bucket.reserve(150)).toEqual({ available: 200, waitMs: 0 });
    // 50 left: 100 more points take (100 − 50) / 50 = 1 s
    expect(bucket.reserve(100)).toEqual({ available: 50, waitMs: 1_000 });
  });

  it('never refills above the bucket size', () => {
    const { clock, bucket } = bucketWithClock();
    bucket.record(status(900));
    clock.now += 60_000;
    expect(bucket.reserve(1_000)).toEqual({ available: 1_000, waitMs: 0 });
    expect(bucket.reserve(100)).toEqual({ available: 0, waitMs: 1_000 });
  });

  it('asks for at most the bucket size when the estimate is above it, so the wait stays finite', () => {
    const { bucket } = bucketWithClock();
    bucket.record(status(400));
    // (1000 − 400) / 100 = 6 s, not (5000 − 400) / 100 = 46 s: a full bucket is all Shopify can ever hold
    expect(bucket.reserve(5_000)).toEqual({ available: 400, waitMs: 6_000 });
  });

  it('reserves each request, so requests sent at the same instant queue behind each other', () => {
    const { bucket } = bucketWithClock();
    bucket.record(status(0));
    expect(bucket.reserve(50)).toEqual({ available: 0, waitMs: 500 });
    expect(bucket.reserve(50)).toEqual({ available: -50, waitMs: 1_000 });
    expect(bucket.reserve(50)).toEqual({ available: -100, waitMs: 1_500 });
  });

  it('counts the refill from the last reservation, not from the report', () => {
    const { clock, bucket } = bucketWithClock();
    bucket.record(status(0));
    expect(bucket.reserve(100)?.waitMs).toBe(1_000); // −100 left
    clock.now += 1_000; // refilled back to 0
    expect(bucket.reserve(100)).toEqual({ available: 0, waitMs: 1_000 });
  });

  it('takes a new report over its own estimate', () => {
    const { bucket } = bucketWithClock();
    bucket.record(status(0));
    bucket.reserve(500);
    bucket.record(status(800));
    expect(bucket.reserve(100)).toEqual({ available: 800, waitMs: 0 });
  });

  it('does not wait for a bucket that never refills (restoreRate 0)', () => {
    const { bucket } = bucketWithClock();
    bucket.record(status(0, 0));
    expect(bucket.reserve(100)).toEqual({ available: 0, waitMs: 0 });
  });

  it('does not drain when the clock goes backwards', () => {
    const { clock, bucket } = bucketWithClock();
    bucket.record(status(500));
    clock.now -= 10_000;
    expect(bucket.reserve(100)).toEqual({ available: 500, waitMs: 0 });
  });
});

describe('throttledWaitSeconds', () => {
  it('waits ceil((requested − available) / restoreRate) seconds', () => {
    expect(throttledWaitSeconds(status(100, 50), 300)).toBe(4);
    expect(throttledWaitSeconds(status(100, 50), 301)).toBe(5);
  });

  it('waits at least 1 s, also when the points are already there', () => {
    expect(throttledWaitSeconds(status(1_000), 10)).toBe(1);
  });

  it('waits 1 s when the bucket is unknown or never refills', () => {
    expect(throttledWaitSeconds(null, 500)).toBe(1);
    expect(throttledWaitSeconds(status(0, 0), 500)).toBe(1);
  });
});
