import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs, orders, products, shopifyWebhookEvents } from '../../db/schema';
import { splitGid } from '../../../../dev/fake-shopify/gid';
import { updateFulfillment } from '../../../../dev/fake-shopify/orders';
import type { FakeTracking } from '../../../../dev/fake-shopify/state';
import type { ShopifyTestApp } from '../../test/shopify-test-app';
import { storeOrder } from '../../test/factories/orders';

/**
 * A portal order already synced to the fake store, as the draft-order job leaves it (orders/shopify): a
 * draft with one case of 800-0001 at the wholesale price, its name, GID and invoice link on the order.
 * `invoice` sends the draft's invoice too (approval); `attributes: false` leaves out `portal_order_id`,
 * so only the GIDs can link the order's events.
 */
export async function createSyncedOrder(
  t: ShopifyTestApp,
  options: { userId?: number; email?: string; invoice?: boolean; attributes?: boolean } = {},
) {
  const [product] = await t.db.select().from(products).where(eq(products.sku, '800-0001'));
  if (!product?.shopifyVariantId) throw new Error('800-0001 is not linked to the fake store');
  const email = options.email ?? 'ada.events@example.com';
  const order = await storeOrder(
    t.db,
    {
      userId: options.userId ?? null,
      customerEmail: email,
      status: 'processing',
      approvedAt: new Date(),
      testMode: false,
      shopifySyncStatus: 'synced',
      orderTotal: 12780,
      standardTotal: 12780,
      totalCases: 1,
    },
    [{ productId: product.id, quantity: 12, price: 1065, name: product.name, sku: product.sku }],
  );
  const created = await t.shopify.api.createDraftOrder({
    email,
    tags: ['wholesale', 'portal'],
    customAttributes:
      options.attributes === false ? [] : [{ key: 'portal_order_id', value: String(order.id) }],
    lineItems: [
      {
        variantId: product.shopifyVariantId,
        quantity: 12,
        priceOverride: { amount: '10.65', currencyCode: 'USD' },
      },
    ],
  });
  if (!created.ok) throw new Error(`draft not created: ${created.error.message}`);
  const draft = created.data;
  await t.db
    .update(orders)
    .set({
      shopifyDraftOrderGid: draft.id,
      shopifyOrderId: draft.name,
      shopifyCheckoutUrl: draft.invoiceUrl,
      shopifyUpdatedAt: new Date(Date.now() - 60_000),
    })
    .where(eq(orders.id, order.id));
  if (options.invoice) {
    const sent = await t.shopify.api.sendDraftOrderInvoice(draft.id);
    if (!sent.ok) throw new Error(`invoice not sent: ${sent.error.message}`);
    await t.db
      .update(orders)
      .set({ paymentStatus: 'invoice_sent', invoiceSentAt: new Date() })
      .where(eq(orders.id, order.id));
  }
  return { orderId: order.id, draftGid: draft.id, draftName: draft.name };
}

/** The merchant adds or edits a shipment's tracking in the store (fulfillments/update). */
export function editTracking(t: ShopifyTestApp, fulfillmentGid: string, tracking: Partial<FakeTracking>) {
  const id = splitGid(fulfillmentGid)?.id;
  if (id === undefined) throw new Error(`not a GID: ${fulfillmentGid}`);
  updateFulfillment(t.fake.store, id, { tracking });
}

/** The store's numeric id of the order line of a one-line order (to fulfil part of it). */
export function onlyLineOf(t: ShopifyTestApp, orderGid: string) {
  const order = t.fake.store.orders.get(splitGid(orderGid)?.id ?? -1);
  const [line] = order?.lineItems ?? [];
  if (!line) throw new Error(`no order line in ${orderGid}`);
  return line;
}

/** Waits until the store has delivered every webhook, then runs the jobs they queued. */
export async function processWebhooks(t: ShopifyTestApp): Promise<void> {
  await t.fake.control.webhooksSettled();
  await t.runJobs();
}

/** Stored webhook events about `resourceGid` (or all), oldest first. */
export function storedEvents(db: Database, resourceGid?: string) {
  return db
    .select()
    .from(shopifyWebhookEvents)
    .where(resourceGid ? eq(shopifyWebhookEvents.resourceGid, resourceGid) : undefined)
    .orderBy(asc(shopifyWebhookEvents.id));
}

export function jobsOfType(db: Database, type: string) {
  return db.select().from(jobs).where(eq(jobs.type, type)).orderBy(asc(jobs.id));
}

/** The 'shopify.webhook' jobs that processed the event with this X-Shopify-Event-Id (of any topic). */
export function jobsOfEvent(db: Database, eventId: string) {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, 'shopify.webhook'), sql`${jobs.payload}->>'eventId' = ${eventId}`));
}

/** The customer's e-mails whose subject names the order's tracking (orderTrackingEmail). */
export const trackingMails = (t: ShopifyTestApp, to: string) =>
  t.sentMail.filter((mail) => mail.includes(`To: ${to}`) && mail.includes(': tracking details'));
