import type { RateLimit } from '../../security/rate-limits';
import { counterKey, type RateCounters } from '../../security/rate-counters';

/**
 * Counts administrator sign-in attempts per key (an IP, an account, a device cookie, a signed-in session) in
 * a fixed window (docs/security.md#administrator-sign-in). An attempt takes its slot BEFORE the password or
 * code is checked, in one conditional statement, so parallel requests cannot all be checked against a
 * count read before any of them was counted. A key whose `max` slots are taken is blocked until a whole
 * window has passed since the attempt that reached the limit: even the right password is refused then, so
 * the block tells an attacker nothing. Counted in the database (security/rate-counters.ts), so a block on
 * one instance is a block on all.
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

  /** Takes a slot for one attempt: 0 when taken, else the seconds until `subject` may try again. */
  async take(subject: string): Promise<number> {
    const result = await this.counters.take(this.key(subject), this.limit.max, this.limit.windowMs);
    return result.taken ? 0 : Math.ceil(result.msLeft / 1000);
  }

  /** Seconds until `subject` may try again, or 0 when it is not blocked (reads, never counts). */
  async retryAfterSeconds(subject: string): Promise<number> {
    const { count, msLeft } = await this.counters.peek(this.key(subject));
    return count >= this.limit.max && msLeft > 0 ? Math.ceil(msLeft / 1000) : 0;
  }

  /** Returns a slot taken by an attempt that did not count after all (it was refused elsewhere, or right). */
  async giveBack(subject: string): Promise<void> {
    await this.counters.giveBack(this.key(subject));
  }

  async reset(subject: string): Promise<void> {
    await this.counters.clear(this.key(subject));
  }
}
