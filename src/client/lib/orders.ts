/** Every orders query starts with this key, so one invalidation (after a new order) refreshes them all. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** The largest id the API accepts (a PostgreSQL integer); beyond it no order can exist. */
const MAX_ORDER_ID = 2_147_483_647;

/** An order id from an address (route or query), or null when it cannot be one ('Order Not Found'). */
export function parseOrderId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_ORDER_ID ? id : null;
}
