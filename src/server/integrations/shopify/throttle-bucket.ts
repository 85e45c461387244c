/*
 * Shopify's cost-based leaky bucket as the client sees it (docs/shopify.md#throttling-and-retries): every
 * answer reports the bucket (extensions.cost.throttleStatus); between answers the client refills its own
 * estimate at restoreRate points a second and takes out what it sends. Pure: the clock is injected and
 * nothing here waits; the client sleeps for what these functions compute.
 */

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface BucketReservation {
  /** Points the bucket held, by our estimate, when the reservation was made. */
  available: number;
  /** How long to wait before sending: 0 when the points were there (or the bucket never refills). */
  waitMs: number;
}

export interface ThrottleBucket {
  /** Shopify's report replaces our estimate: the points it says are left, as of now. */
  record(status: ThrottleStatus): void;
  /**
   * Takes the estimate (at most the bucket's size) out of the bucket before sending, so concurrent requests
   * queue up behind each other instead of all spending the same refill. Null before Shopify's first report:
   * nothing is known, so nothing is waited for.
   */
  reserve(estimatedCost: number): BucketReservation | null;
  /** The bucket as Shopify last reported it, null before the first answer. */
  lastStatus(): ThrottleStatus | null;
}

interface Estimate {
  available: number;
  maximum: number;
  restoreRate: number;
  at: number;
}

export function createThrottleBucket(now: () => number): ThrottleBucket {
  let lastStatus: ThrottleStatus | null = null;
  /** Our running estimate: Shopify's last report, refilled over time, minus what we sent since. */
  let estimate: Estimate | null = null;

  return {
    record(status) {
      lastStatus = { ...status };
      estimate = {
        available: status.currentlyAvailable,
        maximum: status.maximumAvailable,
        restoreRate: status.restoreRate,
        at: now(),
      };
    },
    reserve(estimatedCost) {
      if (!estimate) return null;
      const at = now();
      const refilled = (estimate.restoreRate * Math.max(0, at - estimate.at)) / 1000;
      const available = Math.min(estimate.maximum, estimate.available + refilled);
      const cost = Math.min(estimatedCost, estimate.maximum);
      estimate = { ...estimate, available: available - cost, at };
      if (available >= cost || estimate.restoreRate <= 0) return { available, waitMs: 0 };
      return { available, waitMs: ((cost - available) / estimate.restoreRate) * 1000 };
    },
    lastStatus: () => (lastStatus ? { ...lastStatus } : null),
  };
}

/**
 * After THROTTLED: ceil((requested − available) / restoreRate) s, at least 1 s; 1 s when the bucket is
 * unknown or never refills. The client adds jitter on top.
 */
export function throttledWaitSeconds(status: ThrottleStatus | null, requested: number): number {
  const seconds =
    status && status.restoreRate > 0
      ? Math.ceil(Math.max(0, requested - status.currentlyAvailable) / status.restoreRate)
      : 1;
  return Math.max(1, seconds);
}
