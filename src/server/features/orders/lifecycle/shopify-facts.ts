import { toOrderStatus } from '../../../../shared/orders';
import type { OrderStatus, PaymentStatus } from '../../../../shared/schemas/orders';
import type { orders, OrderRow } from '../../../db/schema';

/*
 * The one place that decides how what Shopify reports moves a portal order on (issue 8 'Webhooks').
 * Webhooks and the reconciliation both describe what they learnt as ShopifyOrderFacts; planOrderChanges turns
 * facts and the stored order into the column changes. Pure: no I/O, no clock of its own. The rules (forward
 * only, no older event over newer state, Shopify's own times): docs/decisions/0012-shopify-order-events.md.
 */

export interface Tracking {
  number: string | null;
  url: string | null;
  company: string | null;
}

export type FulfillmentProgress = 'unfulfilled' | 'partial' | 'fulfilled';

export interface ShopifyOrderFacts {
  /**
   * When this was Shopify's state, by Shopify's clock: the payload's `updated_at` (else the delivery's
   * X-Shopify-Triggered-At); for a read-back the newest time Shopify reported. Null when Shopify gave none.
   */
  observedAt: Date | null;
  /** Read back from Shopify just now (reconciliation): the present state, so never stale. */
  current?: boolean;
  /** The draft's invoice went out (draft status INVOICE_SENT). */
  invoice?: { url: string | null; sentAt: Date | null };
  /** The draft became this order (draft COMPLETED with `order_id`, or found through the order). */
  order?: { gid: string; name: string | null };
  paid?: { at: Date };
  /** The due date of the order's open payment schedule (net terms). */
  paymentDueAt?: Date;
  fulfillment?: FulfillmentProgress;
  /** At least one fulfilment left the warehouse; tracking of the newest one that has any. */
  shipped?: { at: Date; tracking: Tracking | null };
  /** Every shipment arrived (a fulfilment event's word is checked with Shopify first). */
  delivered?: { at: Date };
}

/** The order columns the rules read. */
export type OrderState = Pick<
  OrderRow,
  | 'status'
  | 'paymentStatus'
  | 'fulfillmentStatus'
  | 'shopifyOrderGid'
  | 'shopifyOrderId'
  | 'shopifyCheckoutUrl'
  | 'shopifyUpdatedAt'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'trackingCompany'
  | 'invoiceSentAt'
  | 'paidAt'
  | 'paymentDueAt'
  | 'shippedAt'
  | 'deliveredAt'
>;

export type OrderChanges = Partial<typeof orders.$inferInsert>;

export interface OrderPlan {
  /** Columns to write; empty when the facts tell nothing new. */
  changes: OrderChanges;
  /** The status the order moved to (the customer is told), or null. */
  movedTo: Extract<OrderStatus, 'shipped' | 'delivered'> | null;
  /**
   * The order was already shipped with nothing to follow and now gets a tracking number or link: the
   * customer is told, as the 'shipped' e-mail went out without it (Shopify lets a merchant fulfil first and
   * add tracking later).
   */
  trackingAdded: boolean;
  /** The facts name a Shopify order other than the one this portal order is linked to: not applied. */
  conflictingOrderGid: string | null;
}

const STATUS_RANK: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  // Never in Shopify: its draft is made when the buyer confirms it.
  awaiting_confirmation: -1,
  pending: 0,
  // Waiting for staff's credit decision: as pending to Shopify (docs/credit.md#credit-hold-at-approval).
  on_hold: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
};
const PAYMENT_RANK: Record<PaymentStatus, number> = { unpaid: 0, invoice_sent: 1, paid: 2 };
const FULFILLMENT_RANK: Record<FulfillmentProgress, number> = { unfulfilled: 0, partial: 1, fulfilled: 2 };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** Webhook payload times are whole seconds; X-Shopify-Triggered-At and Admin API times can carry ms. */
const hasMilliseconds = (date: Date) => date.getTime() % 1000 !== 0;

/**
 * True when facts observed at `observedAt` are older than what the order last took from Shopify. Compared
 * to the millisecond when both times have milliseconds, else in whole seconds: a payload's `12:00:00` is
 * any time in that second, so it is not older than `12:00:00.700`.
 */
export function isStale(observedAt: Date | null, lastUpdate: Date | null): boolean {
  if (observedAt === null || lastUpdate === null) return false;
  if (hasMilliseconds(observedAt) && hasMilliseconds(lastUpdate)) return observedAt < lastUpdate;
  return seconds(observedAt) < seconds(lastUpdate);
}

function fulfillmentRank(stored: string): number {
  return stored in FULFILLMENT_RANK ? FULFILLMENT_RANK[stored as FulfillmentProgress] : 0;
}

const hasTracking = (tracking: Tracking | null | undefined): tracking is Tracking =>
  Boolean(tracking && (tracking.number || tracking.url || tracking.company));

/** Something the customer can follow a parcel with: a carrier's name alone is not. */
const canFollow = (tracking: Pick<Tracking, 'number' | 'url'>) => Boolean(tracking.number || tracking.url);

/** A date no later than `now`: a store clock ahead of ours must not put the timeline in the future. */
const notAfter = (date: Date, now: Date) => (date.getTime() > now.getTime() ? now : date);

export function planOrderChanges(order: OrderState, facts: ShopifyOrderFacts, now: Date): OrderPlan {
  const changes: OrderChanges = {};
  const stale = !facts.current && isStale(facts.observedAt, order.shopifyUpdatedAt);

  if (facts.order) {
    if (order.shopifyOrderGid === null) {
      changes.shopifyOrderGid = facts.order.gid;
      if (facts.order.name) changes.shopifyOrderId = facts.order.name;
    } else if (order.shopifyOrderGid !== facts.order.gid) {
      // Another Shopify order already owns this portal order: never apply facts about a different one.
      return { changes: {}, movedTo: null, trackingAdded: false, conflictingOrderGid: facts.order.gid };
    } else if (facts.order.name && order.shopifyOrderId !== facts.order.name) {
      // Linked earlier without a name (a fulfilment event): the order name replaces the draft name.
      changes.shopifyOrderId = facts.order.name;
    }
  }

  const paymentRank = PAYMENT_RANK[order.paymentStatus];
  if (facts.invoice) {
    if (paymentRank < PAYMENT_RANK.invoice_sent) changes.paymentStatus = 'invoice_sent';
    if (order.invoiceSentAt === null) {
      changes.invoiceSentAt = notAfter(facts.invoice.sentAt ?? facts.observedAt ?? now, now);
    }
    const url = facts.invoice.url;
    if (url && url !== order.shopifyCheckoutUrl && (!stale || order.shopifyCheckoutUrl === null)) {
      changes.shopifyCheckoutUrl = url;
    }
  }
  if (facts.paid) {
    if (paymentRank < PAYMENT_RANK.paid) changes.paymentStatus = 'paid';
    if (order.paidAt === null) changes.paidAt = notAfter(facts.paid.at, now);
  }

  // Shopify's due date wins over the portal's (the merchant may have moved it), unless these facts are older.
  const due = facts.paymentDueAt;
  if (due && !stale && paymentRank < PAYMENT_RANK.paid && due.getTime() !== order.paymentDueAt?.getTime()) {
    changes.paymentDueAt = due;
    // A later date owes the buyer its own notices (3 days before, the day after).
    if (order.paymentDueAt && due > order.paymentDueAt) {
      changes.paymentDueSoonEmailedAt = null;
      changes.paymentOverdueEmailedAt = null;
    }
  }

  if (facts.fulfillment && FULFILLMENT_RANK[facts.fulfillment] > fulfillmentRank(order.fulfillmentStatus)) {
    changes.fulfillmentStatus = facts.fulfillment;
  }

  const status = toOrderStatus(order.status);
  const target = facts.delivered ? 'delivered' : facts.shipped ? 'shipped' : null;
  let movedTo: OrderPlan['movedTo'] = null;
  if (target && status !== 'cancelled' && STATUS_RANK[target] > STATUS_RANK[status]) {
    changes.status = target;
    changes.shippingStatus = target;
    movedTo = target;
  }
  if (target && status !== 'cancelled' && order.shippedAt === null) {
    const shippedAt = facts.shipped?.at ?? facts.delivered?.at;
    if (shippedAt) changes.shippedAt = notAfter(shippedAt, now);
  }
  if (facts.delivered && status !== 'cancelled' && order.deliveredAt === null) {
    changes.deliveredAt = notAfter(facts.delivered.at, now);
  }

  const tracking = facts.shipped?.tracking;
  const stored = { number: order.trackingNumber, url: order.trackingUrl, company: order.trackingCompany };
  let trackingAdded = false;
  if (hasTracking(tracking)) {
    const known = hasTracking(stored);
    const differs =
      tracking.number !== order.trackingNumber ||
      tracking.url !== order.trackingUrl ||
      tracking.company !== order.trackingCompany;
    if (differs && (!stale || !known)) {
      changes.trackingNumber = tracking.number;
      changes.trackingUrl = tracking.url;
      changes.trackingCompany = tracking.company;
      // Only while shipped: moving to shipped now sends the 'shipped' e-mail with it, and after delivery
      // there is nothing left to follow.
      trackingAdded = status === 'shipped' && movedTo === null && !canFollow(stored) && canFollow(tracking);
    }
  }

  if (Object.keys(changes).length === 0) {
    return { changes, movedTo, trackingAdded, conflictingOrderGid: null };
  }
  const observedAt = facts.observedAt;
  if (observedAt && (order.shopifyUpdatedAt === null || observedAt > order.shopifyUpdatedAt)) {
    changes.shopifyUpdatedAt = observedAt;
  }
  changes.updatedAt = now;
  return { changes, movedTo, trackingAdded, conflictingOrderGid: null };
}
