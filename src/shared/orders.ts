import type { OrderStatus } from './schemas/orders';

/** The portal's order reference: WO-1001 for order 1 (DECISIONS §1 test mode 'WO-1001'). */
export const ORDER_NUMBER_PREFIX = 'WO-';
const ORDER_NUMBER_OFFSET = 1000;

export function formatOrderNumber(orderId: number): string {
  return `${ORDER_NUMBER_PREFIX}${orderId + ORDER_NUMBER_OFFSET}`;
}

/**
 * A stored status as the customer reads it (DECISIONS §4): legacy `submitted` is pending, legacy `completed`
 * is delivered, a missing or unknown one is pending (spec 000 §4 'a missing status treated as pending').
 */
export function toOrderStatus(stored: string | null | undefined): OrderStatus {
  switch (stored) {
    case 'processing':
    case 'shipped':
    case 'delivered':
    case 'cancelled':
      return stored;
    case 'completed':
      return 'delivered';
    default:
      return 'pending';
  }
}
