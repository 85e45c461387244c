import { ORDER_EVENTS, statusNoteOf, type OrderEvent } from './orders';
import type { OrderDetail } from './schemas/orders';

export interface TimelineEntry {
  event: OrderEvent;
  label: string;
  /** The status this step moved the order to, when its name differs ('Approved' → 'Processing'). */
  status: string | null;
  /** ISO time the step happened, or null while it has not (yet). */
  at: string | null;
}

type TimelineDates = Pick<
  OrderDetail,
  'createdAt' | 'approvedAt' | 'invoiceSentAt' | 'paidAt' | 'shippedAt' | 'deliveredAt' | 'cancelledAt'
>;

function entry(event: OrderEvent, at: string | null): TimelineEntry {
  return { event, label: ORDER_EVENTS[event].label, status: statusNoteOf(event), at };
}

/**
 * The order's one timeline (docs/orders.md#order-timeline): Submitted → Approved → Invoice sent → Paid →
 * Shipped → Delivered, each with its date once it happened. A cancelled order ends with 'Cancelled' instead
 * of the steps it never reached; the steps it did reach keep their dates.
 */
export function buildTimeline(order: TimelineDates): TimelineEntry[] {
  const steps: TimelineEntry[] = [
    entry('submitted', order.createdAt),
    entry('approved', order.approvedAt),
    entry('invoiceSent', order.invoiceSentAt),
    entry('paid', order.paidAt),
    entry('shipped', order.shippedAt),
    entry('delivered', order.deliveredAt),
  ];
  if (!order.cancelledAt) return steps;
  return [...steps.filter((step) => step.at !== null), entry('cancelled', order.cancelledAt)];
}
