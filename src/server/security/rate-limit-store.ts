import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { z } from 'zod';
import { counterKey, type RateCounters } from './rate-counters';

/**
 * @fastify/rate-limit's counters in the database (security/rate-counters.ts) instead of each process's
 * memory, so the routes' 429 limits (registration, link checks, order submissions) hold across instances
 * (docs/security.md#rate-limits). Each route counts under its own method and path, or its limit's `groupId`.
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

    /**
     * Called once per limited route with the route's merged rate-limit options; the route itself is under
     * `routeInfo` (@fastify/rate-limit 11 passes `{ ...globalOptions, ...routeLimit, routeInfo: route }`).
     * Routes that check the same secret share one counter through their `groupId`.
     */
    // The library's types say `child` gets the route's options; it gets the merged limit options (above).
    child(options: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore({}, routeScopeOf(options));
    }
  }
  return DatabaseRateLimitStore;
}

/** What `child()` receives for a route: its merged limit options, with the route under `routeInfo`. */
const routeLimitOptionsSchema = z.object({
  groupId: z.string().min(1).optional(),
  routeInfo: z
    .object({ method: z.union([z.string(), z.array(z.string())]).optional(), url: z.string().optional() })
    .optional(),
});

/**
 * The counter scope of one route's limit: `route:<groupId>` for a group of routes that share a limit, else
 * `route:<METHOD>:<path pattern>`. Never one scope for every route: a burst on one route must not refuse
 * another (docs/security.md#rate-limits).
 */
export function routeScopeOf(options: object): string {
  const { groupId, routeInfo } = routeLimitOptionsSchema.parse(options);
  if (groupId) return `route:${groupId}`;
  const method = [routeInfo?.method ?? []].flat().join(',');
  if (!method || !routeInfo?.url) {
    throw new Error('A route rate limit needs its route (or a groupId) to count under its own key');
  }
  return `route:${method}:${routeInfo.url}`;
}
