import type { RateLimit } from '../../security/rate-limits';
import { counterKey, type RateCounters } from '../../security/rate-counters';

/**
 * A fixed-window limit per key (an e-mail address, an IP, a link) that decides whether an e-mail may still be
 * sent or a link tried (docs/security.md#rate-limits). Counted in the database (security/rate-counters.ts),
 * so N instances enforce one limit. The e-mail limits never change the HTTP answer: beyond them the request
 * simply sends nothing.
 */
export class SendLimiter {
  constructor(
    private readonly counters: RateCounters,
    /** Names the limit in its counters' keys, e.g. 'magic-link:address'. */
    private readonly name: string,
    private readonly limit: RateLimit,
  ) {}

  /** Counts one attempt for `key`; true while the key is within its limit. */
  async allow(key: string): Promise<boolean> {
    const { count } = await this.counters.hit(counterKey(this.name, key), this.limit.windowMs);
    return count <= this.limit.max;
  }

  /** Seconds until `key`'s window ends (after allow() said no). */
  async secondsLeft(key: string): Promise<number> {
    return Math.ceil((await this.counters.peek(counterKey(this.name, key))).msLeft / 1000);
  }
}

/** One check over several limiters: every limiter counts the attempt, and all must allow it. */
export async function allowAll(...checks: [SendLimiter, string][]): Promise<boolean> {
  const allowed = await Promise.all(checks.map(([limiter, key]) => limiter.allow(key)));
  return allowed.every(Boolean);
}
