import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { ORDER_HANDS_MESSAGES } from '../../../shared/schemas/order-changes';

/** A cancelled order is over: nothing is changed in it, and 'Cancel it' would make no sense. */
export const CANCELLED_NOT_EDITABLE = 'A cancelled order cannot be changed. Create a new order instead.';

/**
 * Why staff may not change the order's lines (docs/admin.md#orders 'Edit lines'), or null when they may: only
 * a pending order, or one awaiting the buyer's confirmation, that nothing was invoiced or paid for. The
 * server decides again; these are its own words (ORDER_HANDS_MESSAGES).
 */
export function lineEditRefusal(order: Pick<AdminOrder, 'status' | 'paymentStatus'>): string | null {
  if (order.status === 'cancelled') return CANCELLED_NOT_EDITABLE;
  if (order.paymentStatus !== 'unpaid') return ORDER_HANDS_MESSAGES.invoiced;
  if (order.status !== 'pending' && order.status !== 'awaiting_confirmation') {
    return ORDER_HANDS_MESSAGES.staffNotEditable;
  }
  return null;
}
