import type { ShopifyDraftOrder, ShopifyOrder } from '../../integrations/shopify/shopify-api';
import type { ShopifyOrderFacts, Tracking } from '../orders';
import { parseShopifyTime } from './shopify-time';

/*
 * What Shopify's Admin API answers (GetOrder, GetDraftOrder;
 * docs/shopify.md#order-read-back-and-webhook-subscriptions) say about a portal order, as the facts
 * orders/shopify-facts.ts applies: the reconciliation's reading, and the delivery rule a webhook's
 * 'delivered' is checked against (process-webhook-event.ts).
 */

const newest = (times: (Date | null)[]): Date | null =>
  times.reduce<Date | null>((latest, time) => (time && (!latest || time > latest) ? time : latest), null);

const successful = (order: ShopifyOrder) =>
  order.fulfillments
    .filter((fulfillment) => fulfillment.status === 'SUCCESS')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/**
 * The order is delivered when every line has left the warehouse (FULFILLED) and every shipment has arrived
 * (DELIVERED): one parcel of several delivered is not the order delivered. At the newest `deliveredAt`
 * (`fallback` when Shopify gives none), or null when not delivered.
 */
export function deliveryOf(order: ShopifyOrder, fallback: Date): { at: Date } | null {
  const shipped = successful(order);
  if (order.displayFulfillmentStatus !== 'FULFILLED' || shipped.length === 0) return null;
  if (!shipped.every((fulfillment) => fulfillment.displayStatus === 'DELIVERED')) return null;
  const deliveredAt = shipped.map((fulfillment) => parseShopifyTime(fulfillment.deliveredAt) ?? fallback);
  return { at: newest(deliveredAt) ?? fallback };
}

/**
 * What an Order read through GetOrder says, with Shopify's own times where it gives them: fulfilments'
 * createdAt and deliveredAt, and the draft's completion as the payment time. GetOrder has no payment time;
 * the portal's clock (`now`) stands in for it only when the draft's is not known. The state is stamped with
 * the order's `updatedAt`, which moves with every change (a fulfilment's tracking edited, a parcel delivered):
 * a webhook about anything older is then stale, and cannot overwrite what this read-back wrote.
 */
export function factsOfOrder(
  order: ShopifyOrder,
  now: Date,
  draft: Pick<ShopifyDraftOrder, 'completedAt'> | null = null,
): ShopifyOrderFacts {
  const completedAt = parseShopifyTime(draft?.completedAt);
  const facts: ShopifyOrderFacts = {
    observedAt: null,
    current: true,
    order: { gid: order.id, name: order.name },
  };
  if (order.fullyPaid || order.displayFinancialStatus === 'PAID') facts.paid = { at: completedAt ?? now };
  if (order.displayFulfillmentStatus === 'FULFILLED') facts.fulfillment = 'fulfilled';
  if (order.displayFulfillmentStatus === 'PARTIALLY_FULFILLED') facts.fulfillment = 'partial';
  const shipped = successful(order);
  const createdAt = shipped.map((fulfillment) => parseShopifyTime(fulfillment.createdAt));
  if (shipped.length > 0) {
    const tracked = shipped
      .flatMap((fulfillment) =>
        fulfillment.trackingInfo.filter((info) => info.number || info.url || info.company),
      )
      .at(-1);
    const tracking: Tracking | null = tracked
      ? { number: tracked.number, url: tracked.url, company: tracked.company }
      : null;
    facts.shipped = { at: createdAt[0] ?? now, tracking };
    const delivered = deliveryOf(order, now);
    if (delivered) facts.delivered = delivered;
  }
  // updatedAt is the newest of them all; the others only stand in should Shopify ever leave it unreadable.
  facts.observedAt = newest([parseShopifyTime(order.updatedAt), completedAt, ...createdAt]);
  return facts;
}

/** What a draft read through GetDraftOrder says while the portal order is not linked to its order yet. */
export function factsOfDraft(draft: ShopifyDraftOrder): ShopifyOrderFacts {
  const invoiceSentAt = parseShopifyTime(draft.invoiceSentAt);
  const completedAt = parseShopifyTime(draft.completedAt);
  const facts: ShopifyOrderFacts = { observedAt: newest([invoiceSentAt, completedAt]), current: true };
  if (draft.status === 'INVOICE_SENT') facts.invoice = { url: draft.invoiceUrl, sentAt: invoiceSentAt };
  if (draft.status === 'COMPLETED' && draft.order) {
    facts.order = { gid: draft.order.id, name: draft.order.name };
  }
  return facts;
}
