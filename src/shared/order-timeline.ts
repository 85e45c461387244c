import type { OrderDetail } from './schemas/orders';

export interface TimelineEntry {
  label: string;
  /** ISO time the step happened, or null while it has not (yet). */
  at: string | null;
}

type TimelineDates = Pick<
  OrderDetail,
  'createdAt' | 'approvedAt' | 'invoiceSentAt' | 'paidAt' | 'shippedAt' | 'deliveredAt' | 'cancelledAt'
>;

/**
 * The order's one timeline (docs/orders.md#order-timeline): Submitted → Approved → Invoice sent → Paid →
 * Shipped → Delivered, each with its date once it happened. A cancelled order ends with 'Cancelled' instead
 * of the steps it never reached; the steps it did reach keep their dates.
 */
export function buildTimeline(order: TimelineDates): TimelineEntry[] {
  const steps: TimelineEntry[] = [
    { label: 'Submitted', at: order.createdAt },
    { label: 'Approved', at: order.approvedAt },
    { label: 'Invoice sent', at: order.invoiceSentAt },
    { label: 'Paid', at: order.paidAt },
    { label: 'Shipped', at: order.shippedAt },
    { label: 'Delivered', at: order.deliveredAt },
  ];
  if (!order.cancelledAt) return steps;
  return [...steps.filter((step) => step.at !== null), { label: 'Cancelled', at: order.cancelledAt }];
}
