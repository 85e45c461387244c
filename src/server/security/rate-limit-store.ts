import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { counterKey, type RateCounters } from './rate-counters';

/**
 * @fastify/rate-limit's counters in the database (security/rate-counters.ts) instead of each process's
 * memory, so the routes' 429 limits (registration, link checks, order submissions) hold across instances
 * (docs/security.md#rate-limits). Each route counts under its own method and path.
 */
export function databaseRateLimitStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = 'route',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(counterKey(this.scope, key), timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method?: string | string[]; url?: string; path?: string }): FastifyRateLimitStore {
      const method = Array.isArray(routeOptions.method)
        ? routeOptions.method.join(',')
        : String(routeOptions.method);
      return new DatabaseRateLimitStore({}, `route:${method}:${routeOptions.url ?? routeOptions.path ?? ''}`);
    }
  }
  return DatabaseRateLimitStore;
}
