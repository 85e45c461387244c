import { AppError } from '../errors';
import { counterKey, type RateCounters } from './rate-counters';
import { routeScopeOf } from './rate-limit-store';

/**
 * A route's 429 limit that the route counts itself instead of @fastify/rate-limit's hook
 * (docs/security.md#rate-limits). The order submission counts a written order inside the order's own
 * statement, so an order stays one round trip (ADR 0019), and counts every other submission (a refusal, a
 * replay) with `count` before answering it. Each submission is counted once, before or with the work it
 * limits, under the counter the hook would use (`route:<METHOD>:<path>` and the subject), in the same window.
 */
export interface CountedRouteLimit {
  readonly max: number;
  readonly windowMs: number;
  /** The counter key of what is counted: `user:<id>`, or `ip:<address>` for a signed-out request. */
  keyOf(subject: string): string;
  /** Counts one event for `subject`; beyond the limit, throws the 429. */
  count(subject: string): Promise<void>;
  /** The 429 of a window that ends in `msLeft` milliseconds. */
  refusal(msLeft: number): AppError;
}

export function createCountedRouteLimit(
  counters: RateCounters,
  route: { method: string; url: string },
  limit: { max: number; timeWindow: number },
): CountedRouteLimit {
  const scope = routeScopeOf({ routeInfo: route });
  const keyOf = (subject: string) => counterKey(scope, subject);
  const refusal = (msLeft: number) => {
    const retryAfterSeconds = Math.max(1, Math.ceil(msLeft / 1000));
    return new AppError(
      'RATE_LIMITED',
      `Too many requests. Please try again in ${retryAfterSeconds} seconds.`,
      { retryAfterSeconds },
    );
  };
  return {
    max: limit.max,
    windowMs: limit.timeWindow,
    keyOf,
    refusal,
    async count(subject) {
      const { count, msLeft } = await counters.hit(keyOf(subject), limit.timeWindow);
      if (count > limit.max) throw refusal(msLeft);
    },
  };
}
