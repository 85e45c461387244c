import { COUNTER_SWEEP_ABOVE, type RateLimit } from '../../security/rate-limits';

/**
 * Counts failed administrator sign-ins per key (an IP, an account) in a fixed window
 * (docs/security.md#administrator-sign-in). A key with `max` failures in the window is blocked until the
 * window ends: even the right password is refused then, so the block tells an attacker nothing. In memory,
 * per instance, like the e-mail limits.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  retryAfterSeconds(key: string): number {
    const entry = this.failures.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.limit.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    if (this.failures.size > COUNTER_SWEEP_ABOVE) this.sweep(now);
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.limit.windowMs });
      return;
    }
    entry.count += 1;
    // The block lasts a whole window from the failure that reached the limit, not what is left of it.
    if (entry.count === this.limit.max) entry.resetAt = now + this.limit.windowMs;
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
