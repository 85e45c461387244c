import type { OrderStatus } from '../../shared/schemas/orders';

/**
 * What each order status is called wherever an order is shown: the customer's history and detail, the
 * admin Orders section and the order context of a support message (docs/orders.md#order-timeline,
 * docs/orders.md#order-states).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
