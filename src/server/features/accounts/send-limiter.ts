import { COUNTER_SWEEP_ABOVE, type RateLimit } from '../../security/rate-limits';

/**
 * A fixed-window counter per key (an e-mail address or an IP) that decides whether an e-mail may still be
 * sent (docs/security.md#rate-limits). It never changes the HTTP answer: beyond the limit the request simply
 * sends nothing.
 *
 * In memory, so the limits hold per server instance; with N instances behind a load balancer an address can
 * get at most N times the limit. Good enough against inbox flooding; a shared store can replace it later.
 */
export class SendLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
    /** The map is swept of expired windows when it grows beyond this many keys. */
    private readonly sweepAbove = COUNTER_SWEEP_ABOVE,
  ) {}

  /** Counts one attempt for `key`; true while the key is within its limit. */
  allow(key: string): boolean {
    const now = this.now();
    if (this.windows.size > this.sweepAbove) this.sweep(now);
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.limit.windowMs });
      return true;
    }
    window.count += 1;
    return window.count <= this.limit.max;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** One check over several limiters: every limiter counts the attempt, and all must allow it. */
export function allowAll(...checks: [SendLimiter, string][]): boolean {
  return checks.map(([limiter, key]) => limiter.allow(key)).every(Boolean);
}
