/**
 * How many Admin API requests (with their bodies) and webhook deliveries the fake keeps for inspection: a
 * long-running SHOPIFY_MODE=fake must not grow without limit, and tests only ever look at the recent ones.
 */
export const HISTORY_LIMIT = 500;

/** Appends `item` and drops the oldest entries beyond `limit`, in place: holders of `list` see the trim. */
export function pushBounded<T>(list: T[], item: T, limit: number = HISTORY_LIMIT): void {
  list.push(item);
  if (list.length > limit) list.splice(0, list.length - limit);
}
