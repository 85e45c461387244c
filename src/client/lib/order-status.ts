import type { OrderStatus } from '../../shared/schemas/orders';

/**
 * What each order status is called wherever an order is shown: the customer's history and detail, the
 * admin Orders section and the order context of a support message (spec 000 §4, DECISIONS §4).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
