import { MAX_ID } from '../../shared/limits';

/** Every orders query starts with this key, so one invalidation (after a new order) refreshes them all. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** An order id from an address (route or query), or null when it cannot be one ('Order Not Found'). */
export function parseOrderId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_ID ? id : null;
}
