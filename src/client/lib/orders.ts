/** Every orders query starts with this key, so one invalidation (after a new order) refreshes them all. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** An order id from an address (route or query), or null when it cannot be one ('Order Not Found'). */
export { parseOrderId } from '../../shared/orders';
