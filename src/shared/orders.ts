import type { OrderStatus } from './schemas/orders';

/** The portal's order reference: WO-1001 for order 1 (DECISIONS §1 test mode 'WO-1001'). */
export const ORDER_NUMBER_PREFIX = 'WO-';
const ORDER_NUMBER_OFFSET = 1000;

export function formatOrderNumber(orderId: number): string {
  return `${ORDER_NUMBER_PREFIX}${orderId + ORDER_NUMBER_OFFSET}`;
}

/** 'WO-1042' (any case, the dash optional) as the order id it names (42), or null. formatOrderNumber's inverse. */
export function parseOrderNumber(text: string): number | null {
  const match = /^wo-?(\d{1,10})$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const id = Number(match[1]) - ORDER_NUMBER_OFFSET;
  return id >= 1 ? id : null;
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
