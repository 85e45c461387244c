import { z } from 'zod';
import { parseOrderReference } from '../../../shared/orders';
import type { ShopifyOrderFacts, Tracking } from '../orders';
import { parseShopifyTime } from './shopify-time';

/*
 * What a stored webhook says, read at processing time (the raw JSON is kept as it arrived). Payloads are
 * REST-style snake_case (docs/shopify.md#webhook-topics; Shopify's examples are in
 * src/server/integrations/shopify/webhook-examples). Identity is never the numeric `id`, which JSON.parse
 * rounds above 2^53 (docs/shopify.md#shopify-ids): objects are named by `admin_graphql_api_id`, and an
 * `order_id` is taken losslessly from the stored JSON's text (the caller passes it) to compose the Order GID.
 * The schemas hold only what the portal uses and accept anything else Shopify adds.
 */

export const ORDER_TOPICS = [
  'orders/paid',
  'orders/fulfilled',
  'orders/partially_fulfilled',
  'orders/updated',
] as const;
export const FULFILLMENT_TOPICS = ['fulfillments/create', 'fulfillments/update'] as const;
export const DRAFT_ORDER_TOPIC = 'draft_orders/update';
export const PRODUCT_TOPIC = 'products/update';

/** Where to look for the portal order an event is about, best first (find-portal-order.ts). */
export interface OrderRef {
  orderGid?: string;
  draftOrderGid?: string;
  /**
   * An order's `portal_order_id` attribute (`note_attributes` in payloads, docs/shopify.md#order-events): a
   * hint only. A shopper can put any cart attribute on a storefront order, so it links nothing until Shopify
   * confirms that the named portal order's draft became this order (process-webhook-event.ts).
   */
  portalOrderHint?: number;
}

export type WebhookMeaning =
  | {
      kind: 'order';
      ref: OrderRef;
      facts: ShopifyOrderFacts;
      draftCompleted: boolean;
      /**
       * A fulfilment event says its parcel arrived. That parcel may be one of several, so the order is
       * delivered only if Shopify confirms that every shipment arrived (process-webhook-event.ts).
       */
      parcelDelivered?: { at: Date };
    }
  | { kind: 'product'; productGid: string; skus: string[] }
  | { kind: 'ignore'; reason: string };

export interface StoredWebhook {
  topic: string;
  payload: unknown;
  /** The top-level `order_id` exactly as sent (digits), or null. */
  orderIdText: string | null;
  triggeredAt: Date | null;
  receivedAt: Date;
}

const MAX_TEXT = 2048;

/** A payload of a topic the portal reads that lacks what the portal needs: retrying cannot help. */
export class MalformedWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedWebhookError';
  }
}

const gid = (type: string) => z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`), `a ${type} GID`);

/** A short, non-empty string, or null (a link or number Shopify left empty, or something absurdly long). */
const text = z
  .unknown()
  .transform((value) =>
    typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT ? value.trim() : null,
  );

/** An ISO time, or null when absent or unreadable. */
const time = z.unknown().transform(parseShopifyTime);

const texts = z
  .unknown()
  .transform((value) =>
    Array.isArray(value) ? value.map((item) => text.parse(item)).filter((item) => item !== null) : [],
  );

const noteAttributes = z
  .array(z.object({ name: z.unknown(), value: z.unknown() }))
  .nullish()
  .transform((attributes) => attributes ?? []);

const fulfillmentFields = {
  status: text,
  shipment_status: text,
  tracking_company: text,
  tracking_number: text,
  tracking_numbers: texts,
  tracking_url: text,
  tracking_urls: texts,
  created_at: time,
  updated_at: time,
};

const fulfillmentPayloadSchema = z.object({ admin_graphql_api_id: gid('Fulfillment'), ...fulfillmentFields });
type FulfillmentPayload = z.infer<typeof fulfillmentPayloadSchema>;

const orderPayloadSchema = z.object({
  admin_graphql_api_id: gid('Order'),
  name: text,
  financial_status: text,
  fulfillment_status: text,
  updated_at: time,
  note_attributes: noteAttributes,
  payment_terms: z
    .object({
      payment_schedules: z
        .array(z.object({ due_at: time, completed_at: time }))
        .nullish()
        .transform((list) => list ?? []),
    })
    .nullish(),
  fulfillments: z
    .array(z.object(fulfillmentFields))
    .nullish()
    .transform((list) => list ?? []),
});

const draftOrderPayloadSchema = z.object({
  admin_graphql_api_id: gid('DraftOrder'),
  status: z.string(),
  invoice_url: text,
  invoice_sent_at: time,
  updated_at: time,
});

const productPayloadSchema = z.object({
  admin_graphql_api_id: gid('Product'),
  variants: z
    .array(z.object({ sku: text }))
    .nullish()
    .transform((list) => list ?? []),
});

/** `portal_order_id` as the portal writes it on drafts: the order id ('42') or its number ('WO-1042'). */
export function portalOrderIdOf(attributes: readonly { name: unknown; value: unknown }[]): number | null {
  const attribute = attributes.find((candidate) => candidate.name === 'portal_order_id');
  return typeof attribute?.value === 'string' ? parseOrderReference(attribute.value) : null;
}

/** `gid://shopify/Order/{order_id}` from the order_id's exact digits (never through a JS number). */
export function orderGidFromId(orderIdText: string | null): string | null {
  return orderIdText !== null && /^\d{1,20}$/.test(orderIdText) ? `gid://shopify/Order/${orderIdText}` : null;
}

function trackingOf(fulfillment: Omit<FulfillmentPayload, 'admin_graphql_api_id'>): Tracking | null {
  const tracking = {
    number: fulfillment.tracking_number ?? fulfillment.tracking_numbers[0] ?? null,
    url: fulfillment.tracking_url ?? fulfillment.tracking_urls[0] ?? null,
    company: fulfillment.tracking_company,
  };
  return tracking.number || tracking.url || tracking.company ? tracking : null;
}

const FAILED_FULFILLMENT = new Set(['cancelled', 'error', 'failure']);

/** A fulfilment that left the warehouse: done (`success`), or one that already has tracking. */
function hasShipped(fulfillment: Omit<FulfillmentPayload, 'admin_graphql_api_id'>): boolean {
  const status = fulfillment.status?.toLowerCase() ?? null;
  if (status !== null && FAILED_FULFILLMENT.has(status)) return false;
  return status === 'success' || trackingOf(fulfillment) !== null;
}

const isDelivered = (fulfillment: Omit<FulfillmentPayload, 'admin_graphql_api_id'>) =>
  fulfillment.shipment_status?.toLowerCase() === 'delivered';

/**
 * The time the event describes: the payload's own `updated_at` (signed with the body), else
 * X-Shopify-Triggered-At (kept on retries, docs/shopify.md#webhook-delivery, but not signed), else when it
 * arrived.
 */
function observedAt(stored: StoredWebhook, payloadTime: Date | null): Date {
  return payloadTime ?? stored.triggeredAt ?? stored.receivedAt;
}

function draftOrderMeaning(stored: StoredWebhook): WebhookMeaning {
  const draft = draftOrderPayloadSchema.parse(stored.payload);
  const at = observedAt(stored, draft.updated_at);
  const facts: ShopifyOrderFacts = { observedAt: at };
  const status = draft.status.toLowerCase();
  let draftCompleted = false;
  if (status === 'invoice_sent') facts.invoice = { url: draft.invoice_url, sentAt: draft.invoice_sent_at };
  if (status === 'completed') {
    const orderGid = orderGidFromId(stored.orderIdText);
    if (orderGid) {
      facts.order = { gid: orderGid, name: null };
      draftCompleted = true;
    }
  }
  if (!facts.invoice && !facts.order) return { kind: 'ignore', reason: `draft order is ${status}` };
  // Only the portal's own draft (its GID on the order) is ever this portal order; attributes are not read.
  return { kind: 'order', ref: { draftOrderGid: draft.admin_graphql_api_id }, facts, draftCompleted };
}

function orderMeaning(stored: StoredWebhook): WebhookMeaning {
  const order = orderPayloadSchema.parse(stored.payload);
  const at = observedAt(stored, order.updated_at);
  const facts: ShopifyOrderFacts = {
    observedAt: at,
    order: { gid: order.admin_graphql_api_id, name: order.name },
  };
  // The payload's own word, not the topic: X-Shopify-Topic is not signed, so an orders/updated body replayed
  // as orders/paid must not mark anything paid.
  if (order.financial_status?.toLowerCase() === 'paid') facts.paid = { at };
  // Net terms: Shopify's due date of the open schedule (the merchant may move it; docs/orders.md#payment-terms).
  const openSchedule = order.payment_terms?.payment_schedules.find((schedule) => !schedule.completed_at);
  if (openSchedule?.due_at) facts.paymentDueAt = openSchedule.due_at;
  const fulfillmentStatus = order.fulfillment_status?.toLowerCase() ?? null;
  if (fulfillmentStatus === 'fulfilled' || fulfillmentStatus === 'partial') {
    facts.fulfillment = fulfillmentStatus;
  }
  const shipped = order.fulfillments.filter(hasShipped);
  const newestTracked = shipped.filter((fulfillment) => trackingOf(fulfillment) !== null).at(-1);
  if (shipped.length > 0 || facts.fulfillment) {
    facts.shipped = {
      at: shipped[0]?.created_at ?? at,
      tracking: newestTracked ? trackingOf(newestTracked) : null,
    };
  }
  // Delivered only when everything is fulfilled and every shipment arrived (ADR 0012).
  if (fulfillmentStatus === 'fulfilled' && shipped.length > 0 && shipped.every(isDelivered)) {
    facts.delivered = { at };
  }
  const portalOrderHint = portalOrderIdOf(order.note_attributes);
  return {
    kind: 'order',
    ref: {
      orderGid: order.admin_graphql_api_id,
      ...(portalOrderHint !== null ? { portalOrderHint } : {}),
    },
    facts,
    draftCompleted: false,
  };
}

function fulfillmentMeaning(stored: StoredWebhook): WebhookMeaning {
  const fulfillment = fulfillmentPayloadSchema.parse(stored.payload);
  const orderGid = orderGidFromId(stored.orderIdText);
  if (!orderGid) throw new MalformedWebhookError(`${stored.topic} without a readable order_id`);
  const at = observedAt(stored, fulfillment.updated_at);
  const facts: ShopifyOrderFacts = { observedAt: at, order: { gid: orderGid, name: null } };
  if (!hasShipped(fulfillment)) {
    return { kind: 'ignore', reason: `fulfilment ${fulfillment.status ?? 'without status'}` };
  }
  facts.shipped = { at: fulfillment.created_at ?? at, tracking: trackingOf(fulfillment) };
  return {
    kind: 'order',
    ref: { orderGid },
    facts,
    draftCompleted: false,
    ...(isDelivered(fulfillment) ? { parcelDelivered: { at } } : {}),
  };
}

function productMeaning(stored: StoredWebhook): WebhookMeaning {
  const product = productPayloadSchema.parse(stored.payload);
  const skus = product.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
  return { kind: 'product', productGid: product.admin_graphql_api_id, skus };
}

/** What a stored event means for the portal. Throws (zod) when a payload of a known topic is malformed. */
export function interpretWebhook(stored: StoredWebhook): WebhookMeaning {
  const topic = stored.topic;
  if (topic === DRAFT_ORDER_TOPIC) return draftOrderMeaning(stored);
  if ((ORDER_TOPICS as readonly string[]).includes(topic)) return orderMeaning(stored);
  if ((FULFILLMENT_TOPICS as readonly string[]).includes(topic)) return fulfillmentMeaning(stored);
  if (topic === PRODUCT_TOPIC) return productMeaning(stored);
  return { kind: 'ignore', reason: `topic ${topic} is not used` };
}
