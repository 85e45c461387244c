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
> &
  Partial<Pick<OrderDetail, 'prepared' | 'cancelledBy'>>;

function entry(
  event: OrderEvent,
  at: string | null,
  label: string = ORDER_EVENTS[event].label,
): TimelineEntry {
  return { event, label, status: statusNoteOf(event), at };
}

/** How the end of a cancelled order reads: declined or expired (a prepared order), else cancelled (by whom). */
function ending(order: TimelineDates, cancelledAt: string): TimelineEntry {
  const prepared = order.prepared;
  if (prepared?.expiredAt) return entry('expired', prepared.expiredAt);
  const by = order.cancelledBy ? ` by ${order.cancelledBy.name}` : '';
  if (prepared?.declinedAt) return entry('declined', prepared.declinedAt, `Declined${by}`);
  return entry('cancelled', cancelledAt, `Cancelled${by}`);
}

/**
 * The order's one timeline (docs/orders.md#order-timeline): Submitted → Approved → Invoice sent → Paid →
 * Shipped → Delivered, each with its date once it happened. An order staff prepared starts with 'Prepared by
 * {store} staff' and 'Confirmed by {buyer}' instead of 'Submitted' (docs/orders.md#staff-prepare-an-order).
 * A cancelled order ends with 'Cancelled' (by the buyer who did it), 'Declined' or 'Expired unconfirmed'
 * instead of the steps it never reached; the steps it did reach keep their dates.
 */
export function buildTimeline(order: TimelineDates, storeName?: string): TimelineEntry[] {
  const prepared = order.prepared;
  const start = prepared
    ? [
        entry('prepared', order.createdAt, storeName ? `Prepared by ${storeName} staff` : undefined),
        entry(
          'confirmed',
          prepared.confirmedAt,
          prepared.confirmedBy ? `Confirmed by ${prepared.confirmedBy.name}` : undefined,
        ),
      ]
    : [entry('submitted', order.createdAt)];
  const steps: TimelineEntry[] = [
    ...start,
    entry('approved', order.approvedAt),
    entry('invoiceSent', order.invoiceSentAt),
    entry('paid', order.paidAt),
    entry('shipped', order.shippedAt),
    entry('delivered', order.deliveredAt),
  ];
  if (!order.cancelledAt) return steps;
  return [...steps.filter((step) => step.at !== null), ending(order, order.cancelledAt)];
}
