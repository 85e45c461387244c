import type { RateLimit } from '../../security/rate-limits';
import { counterKey, type RateCounters } from '../../security/rate-counters';

/**
 * Counts failed administrator sign-ins per key (an IP, an account, a device cookie) in a fixed window
 * (docs/security.md#administrator-sign-in). A key with `max` failures in the window is blocked until a whole
 * window has passed since the failure that reached the limit: even the right password is refused then, so
 * the block tells an attacker nothing. Counted in the database (security/rate-counters.ts), so a block on one
 * instance is a block on all.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: RateCounters,
    /** Names the throttle in its counters' keys, e.g. 'admin-login:ip'. */
    private readonly name: string,
    private readonly limit: RateLimit,
  ) {}

  private key(subject: string) {
    return counterKey(this.name, subject);
  }

  /** Seconds until `subject` may try again, or 0 when it is not blocked. */
  async retryAfterSeconds(subject: string): Promise<number> {
    const { count, msLeft } = await this.counters.peek(this.key(subject));
    return count >= this.limit.max && msLeft > 0 ? Math.ceil(msLeft / 1000) : 0;
  }

  async recordFailure(subject: string): Promise<void> {
    const { count } = await this.counters.hit(this.key(subject), this.limit.windowMs);
    // The block lasts a whole window from the failure that reached the limit, not what is left of it.
    if (count === this.limit.max) await this.counters.extend(this.key(subject), this.limit.windowMs);
  }

  async reset(subject: string): Promise<void> {
    await this.counters.clear(this.key(subject));
  }
}
