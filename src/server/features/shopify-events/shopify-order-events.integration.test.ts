import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailResponseSchema } from '../../../shared/schemas/orders';
import { jobs, orders, products } from '../../db/schema';
import { SEND_EMAIL_JOB } from '../../mail/email.jobs';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import {
  createSyncedOrder,
  editTracking,
  jobsOfEvent,
  jobsOfType,
  onlyLineOf,
  processWebhooks,
  storedEvents,
  trackingMails,
} from './shopify-events-test-support';
import { createUser } from '../../test/factories/users';
import { get } from '../../test/requests';
import { signIn } from '../../test/factories/sign-in';
import { readOrder } from '../../test/factories/orders';
import { SHOPIFY_PRODUCT_REFRESH_JOB } from '../admin-catalog/shopify-catalog.jobs';
import { PRODUCT_REFRESH_WINDOW_MS } from './process-webhook-event';
import { reconcileOrders } from './reconcile-orders';

const quiet = { info() {}, warn() {}, error() {} };

/*
 * The fake store's real, signed deliveries (docs/shopify.md#the-fake-store) reach the listening portal; each
 * test drives the store as a merchant and a customer would and checks what the portal made of it.
 */
describe('Shopify order events', () => {
  let t: ShopifyTestApp;

  beforeAll(async () => {
    t = await createShopifyTestApp({ listen: true });
  });
  afterAll(() => t.close());

  const deliveriesOf = (topic: string) =>
    t.fake.control.deliveries.filter((delivery) => delivery.topic === topic);

  /** The customer pays the invoice in the store: the draft completes into a paid order. */
  const pay = (draftGid: string) => t.fake.control.payDraftOrder(draftGid);

  it('records the invoice going out (draft_orders/update invoice_sent)', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t);
    await t.db.update(orders).set({ shopifyCheckoutUrl: null }).where(eq(orders.id, orderId));
    const sent = await t.shopify.api.sendDraftOrderInvoice(draftGid);
    expect(sent.ok).toBe(true);
    await processWebhooks(t);

    const order = await readOrder(t.db, orderId);
    expect(order.paymentStatus).toBe('invoice_sent');
    expect(order.invoiceSentAt).not.toBeNull();
    expect(order.shopifyCheckoutUrl).toMatch(/\/invoices\/[0-9a-f]{32}$/);
    const [event] = await storedEvents(t.db, draftGid);
    expect(event).toMatchObject({ topic: 'draft_orders/update', state: 'processed' });
    expect(event?.processedAt).not.toBeNull();
  });

  it('links the paid order: the order name replaces the draft name, payment is paid', async () => {
    const { orderId, draftGid, draftName } = await createSyncedOrder(t, { invoice: true });
    expect((await readOrder(t.db, orderId)).shopifyOrderId).toBe(draftName);
    const paid = pay(draftGid);
    await processWebhooks(t);

    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({
      shopifyOrderId: paid.orderName,
      shopifyOrderGid: paid.orderId,
      shopifyDraftOrderGid: draftGid,
      paymentStatus: 'paid',
      status: 'processing',
    });
    expect(order.paidAt).not.toBeNull();
    expect((await storedEvents(t.db, paid.orderId)).map((event) => [event.topic, event.state])).toEqual([
      ['orders/paid', 'processed'],
    ]);
  });

  it('processes a redelivered event (same Event-Id) once', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    const paid = pay(draftGid);
    await processWebhooks(t);
    const original = deliveriesOf('orders/paid').at(-1)!;
    t.fake.control.redeliver(original.id);
    t.fake.control.redeliver(original.id, { newWebhookId: true });
    await processWebhooks(t);

    expect(await storedEvents(t.db, paid.orderId)).toHaveLength(1);
    expect(await jobsOfEvent(t.db, original.eventId)).toHaveLength(1);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('paid');
  });

  it('keeps a paid order paid when the invoice_sent event arrives after the payment', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t);
    t.fake.control.holdWebhooks();
    await t.shopify.api.sendDraftOrderInvoice(draftGid);
    const paid = pay(draftGid);
    await t.fake.control.releaseWebhooks({ order: 'reverse' });
    await processWebhooks(t);

    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({ paymentStatus: 'paid', shopifyOrderId: paid.orderName });
    expect(order.invoiceSentAt).not.toBeNull();
  });

  it('links an order whose payment overtook its draft, through the draft event (no portal_order_id)', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true, attributes: false });
    t.fake.control.holdWebhooks();
    const paid = pay(draftGid);
    // orders/paid arrives and is processed before the draft's completion is even delivered.
    const paidDelivery = deliveriesOf('orders/paid').at(-1)!;
    const response = await fetch(`${t.portalUrl}/api/shopify/webhooks`, {
      method: 'POST',
      headers: paidDelivery.headers,
      body: paidDelivery.body,
    });
    expect(response.status).toBe(200);
    await t.runJobs();
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
    expect((await storedEvents(t.db, paid.orderId))[0]?.state).toBe('ignored');

    await t.fake.control.releaseWebhooks();
    await processWebhooks(t);
    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      shopifyOrderGid: paid.orderId,
      shopifyOrderId: paid.orderName,
    });
    expect((await storedEvents(t.db, paid.orderId))[0]?.state).toBe('processed');
  });

  /** A storefront order whose shopper set the cart attribute `portal_order_id` (anyone can). */
  async function foreignOrderNaming(portalOrderId: number) {
    const [product] = await t.db.select().from(products).where(eq(products.sku, '800-0002'));
    const draft = await t.shopify.api.createDraftOrder({
      email: 'shopper@example.com',
      customAttributes: [{ key: 'portal_order_id', value: String(portalOrderId) }],
      lineItems: [
        {
          variantId: product!.shopifyVariantId!,
          quantity: 1,
          priceOverride: { amount: '1.00', currencyCode: 'USD' },
        },
      ],
    });
    if (!draft.ok) throw new Error(draft.error.message);
    return pay(draft.data.id);
  }

  it("ignores a foreign order whose attributes name a portal order, and the order's real events still apply", async () => {
    const { orderId, draftGid, draftName } = await createSyncedOrder(t, { invoice: true });
    const foreign = await foreignOrderNaming(orderId);
    await processWebhooks(t);

    expect(await readOrder(t.db, orderId)).toMatchObject({
      paymentStatus: 'invoice_sent',
      paidAt: null,
      shopifyOrderGid: null,
      shopifyOrderId: draftName,
    });
    // Its draft's completion and its orders/paid, both naming the portal order: ignored.
    const ignored = [
      ...(await storedEvents(t.db, foreign.draftOrderId)),
      ...(await storedEvents(t.db, foreign.orderId)),
    ];
    expect(ignored.map((event) => [event.topic, event.state])).toEqual([
      ['draft_orders/update', 'ignored'],
      ['orders/paid', 'ignored'],
    ]);

    const paid = pay(draftGid);
    await processWebhooks(t);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      paymentStatus: 'paid',
      shopifyOrderGid: paid.orderId,
      shopifyOrderId: paid.orderName,
    });
    t.fake.control.fulfillOrder(foreign.orderId, { company: 'UPS', number: 'FOREIGN1' });
    await processWebhooks(t);
    expect(await readOrder(t.db, orderId)).toMatchObject({ status: 'processing', trackingNumber: null });
  });

  it("links an order event that overtook its draft at once, once Shopify confirms the portal order's draft became it", async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    t.fake.control.holdWebhooks();
    const paid = pay(draftGid);
    const paidDelivery = deliveriesOf('orders/paid').at(-1)!;
    const response = await fetch(`${t.portalUrl}/api/shopify/webhooks`, {
      method: 'POST',
      headers: paidDelivery.headers,
      body: paidDelivery.body,
    });
    expect(response.status).toBe(200);
    await t.runJobs();
    expect(await readOrder(t.db, orderId)).toMatchObject({
      paymentStatus: 'paid',
      shopifyOrderGid: paid.orderId,
      shopifyOrderId: paid.orderName,
    });
    expect((await storedEvents(t.db, paid.orderId))[0]?.state).toBe('processed');
    await t.fake.control.releaseWebhooks();
    await processWebhooks(t);
  });

  it('sends the approval e-mail with Pay now once when Shopify reports the invoice before the invoice job', async () => {
    const email = 'invoice-first@example.com';
    const { orderId, draftGid } = await createSyncedOrder(t, { email });
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');
    t.sentMail.length = 0;
    await t.shopify.api.sendDraftOrderInvoice(draftGid);
    await processWebhooks(t);
    const invoiceDelivery = deliveriesOf('draft_orders/update').at(-1)!;
    t.fake.control.redeliver(invoiceDelivery.id);
    await processWebhooks(t);

    const order = await readOrder(t.db, orderId);
    expect(order.paymentStatus).toBe('invoice_sent');
    const approvals = t.sentMail.filter((mail) => mail.includes(`To: ${email}`) && mail.includes('approved'));
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toContain(`Pay now: ${order.shopifyCheckoutUrl}`);
    // Under the invoice job's key, so that job (recording it second) sends nothing more.
    const [mailJob] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, SEND_EMAIL_JOB), like(jobs.dedupeKey, `order-approved-invoice:${orderId}:%`)));
    expect(mailJob?.dedupeKey).toBe(`order-approved-invoice:${orderId}:${draftGid}`);
  });

  it('finds an order event through its stored draft event when both arrive in reverse', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true, attributes: false });
    t.fake.control.holdWebhooks();
    const paid = pay(draftGid);
    await t.fake.control.releaseWebhooks({ order: 'reverse' });
    await processWebhooks(t);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      paymentStatus: 'paid',
      shopifyOrderGid: paid.orderId,
    });
  });

  it('takes a customer from Paid to Shipped with tracking to Delivered (GET /api/orders/{id})', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    const { orderId, draftGid } = await createSyncedOrder(t, {
      userId: user.id,
      email: user.email,
      invoice: true,
    });
    const detail = async () =>
      orderDetailResponseSchema.parse((await get(t.app, `/api/orders/${orderId}`, { cookie })).json()).order;
    expect(await detail()).toMatchObject({ status: 'processing', paymentStatus: 'invoice_sent' });

    const paid = pay(draftGid);
    await processWebhooks(t);
    expect(await detail()).toMatchObject({ status: 'processing', paymentStatus: 'paid', invoiceUrl: null });

    t.sentMail.length = 0;
    const shipment = t.fake.control.fulfillOrder(paid.orderId, {
      company: 'UPS',
      number: '1Z999AA10123456784',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    await processWebhooks(t);
    const shipped = await detail();
    expect(shipped).toMatchObject({
      status: 'shipped',
      paymentStatus: 'paid',
      trackingCompany: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(shipped.shippedAt).not.toBeNull();
    const shippedMail = t.sentMail.filter((mail) => mail.includes('shipped'));
    expect(shippedMail).toHaveLength(1);
    expect(shippedMail[0]).toContain(`To: ${user.email}`);
    expect(shippedMail[0]).toContain('Tracking number: 1Z999AA10123456784');
    expect(shippedMail[0]).toContain(
      'Track your package: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect((await readOrder(t.db, orderId)).fulfillmentStatus).toBe('fulfilled');

    t.fake.control.updateFulfillment(shipment.fulfillmentId, 'delivered');
    await processWebhooks(t);
    const delivered = await detail();
    expect(delivered).toMatchObject({ status: 'delivered', trackingNumber: '1Z999AA10123456784' });
    expect(delivered.deliveredAt).not.toBeNull();
    expect(t.sentMail.filter((mail) => mail.includes('shipped'))).toHaveLength(1);
  });

  it('sends the shipped e-mail once when the fulfilment is delivered twice', async () => {
    const { draftGid } = await createSyncedOrder(t, { invoice: true, email: 'twice@example.com' });
    const paid = pay(draftGid);
    await processWebhooks(t);
    t.fake.control.fulfillOrder(paid.orderId, { company: 'UPS', number: 'TWICE1' });
    await processWebhooks(t);
    const created = deliveriesOf('fulfillments/create').at(-1)!;
    t.fake.control.redeliver(created.id);
    await processWebhooks(t);
    const mails = t.sentMail.filter(
      (mail) => mail.includes('To: twice@example.com') && mail.includes('shipped'),
    );
    expect(mails).toHaveLength(1);
  });

  it('fulfilled first and tracked later: the shipped e-mail, then one e-mail with the tracking', async () => {
    const email = 'track-later@example.com';
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true, email });
    const paid = pay(draftGid);
    await processWebhooks(t);
    t.sentMail.length = 0;
    const shipment = t.fake.control.fulfillOrder(paid.orderId);
    await processWebhooks(t);
    expect(await readOrder(t.db, orderId)).toMatchObject({ status: 'shipped', trackingNumber: null });
    const shippedMail = t.sentMail.filter(
      (mail) => mail.includes(`To: ${email}`) && mail.includes('shipped'),
    );
    expect(shippedMail).toHaveLength(1);
    expect(shippedMail[0]).not.toContain('Tracking number');

    editTracking(t, shipment.fulfillmentId, {
      company: 'UPS',
      number: '1ZLATER',
      url: 'https://ups.example/1ZLATER',
    });
    await processWebhooks(t);
    expect(await readOrder(t.db, orderId)).toMatchObject({ status: 'shipped', trackingNumber: '1ZLATER' });
    const [mail, ...more] = trackingMails(t, email);
    expect(more).toHaveLength(0);
    expect(mail).toContain('Tracking number: 1ZLATER');
    expect(mail).toContain('Track your package: https://ups.example/1ZLATER');
    expect(mail).toContain(`/orders/${orderId}`);

    // The reconciliation reads the same tracking back, and a corrected number is not news: still one.
    await reconcileOrders({ db: t.db, env: t.env, shopify: t.shopify, log: quiet });
    editTracking(t, shipment.fulfillmentId, { number: '1ZFIXED' });
    await processWebhooks(t);
    expect((await readOrder(t.db, orderId)).trackingNumber).toBe('1ZFIXED');
    expect(trackingMails(t, email)).toHaveLength(1);
  });

  it('keeps an order shipped while only some of its parcels are delivered, and delivers it with the last', async () => {
    const email = 'two-parcels@example.com';
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true, email });
    const paid = pay(draftGid);
    await processWebhooks(t);
    const line = onlyLineOf(t, paid.orderId);
    const first = t.fake.control.fulfillOrder(
      paid.orderId,
      { company: 'UPS', number: 'PART1' },
      { lineItems: [{ id: line.id, quantity: 6 }] },
    );
    await processWebhooks(t);
    t.fake.control.updateFulfillment(first.fulfillmentId, 'delivered');
    await processWebhooks(t);
    // Shopify: the order is only partly fulfilled. One parcel arrived, the order did not.
    expect(await readOrder(t.db, orderId)).toMatchObject({ status: 'shipped', deliveredAt: null });

    const second = t.fake.control.fulfillOrder(paid.orderId, { company: 'UPS', number: 'PART2' });
    t.fake.control.updateFulfillment(second.fulfillmentId, 'in_transit');
    await processWebhooks(t);
    // Every line has shipped now, and the carrier reports the first parcel again: the second is on its way.
    t.fake.control.updateFulfillment(first.fulfillmentId, 'delivered');
    await processWebhooks(t);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'shipped',
      fulfillmentStatus: 'fulfilled',
      deliveredAt: null,
    });

    t.fake.control.updateFulfillment(second.fulfillmentId, 'delivered');
    await processWebhooks(t);
    const order = await readOrder(t.db, orderId);
    expect(order.status).toBe('delivered');
    expect(order.deliveredAt).not.toBeNull();
    const delivered = t.sentMail.filter(
      (mail) => mail.includes(`To: ${email}`) && mail.includes('delivered'),
    );
    expect(delivered).toHaveLength(1);
  });

  it('retries a delivered parcel whose order Shopify cannot be asked about now', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    const paid = pay(draftGid);
    const shipment = t.fake.control.fulfillOrder(paid.orderId, { company: 'UPS', number: 'BUSY1' });
    await processWebhooks(t);
    // Throttled answers are retryable and do not open the client's circuit.
    t.fake.control.failNext(10, { kind: 'throttled' });
    t.fake.control.updateFulfillment(shipment.fulfillmentId, 'delivered');
    await processWebhooks(t);
    t.fake.control.clearFailures();
    const delivery = deliveriesOf('fulfillments/update').at(-1)!;
    const [job] = await jobsOfEvent(t.db, delivery.eventId);
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job?.lastError).toContain('could not confirm the delivery');
    expect((await readOrder(t.db, orderId)).status).toBe('shipped');

    await t.runJobs({ laterMs: 60_000 });
    expect((await readOrder(t.db, orderId)).status).toBe('delivered');
    expect((await storedEvents(t.db)).find((event) => event.eventId === delivery.eventId)?.state).toBe(
      'processed',
    );
  });

  it('stores and processes the same event id under two topics, each once', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    const paid = pay(draftGid);
    await processWebhooks(t);
    t.fake.control.holdWebhooks();
    t.fake.control.fulfillOrder(paid.orderId, { company: 'UPS', number: 'SAMEID' });
    const held = [deliveriesOf('fulfillments/create').at(-1)!, deliveriesOf('orders/fulfilled').at(-1)!];
    // One change in Shopify, two topics: delivered here under one event id, each of them twice.
    const eventId = `shared-${orderId}`;
    for (const delivery of [...held, ...held]) {
      const response = await fetch(`${t.portalUrl}/api/shopify/webhooks`, {
        method: 'POST',
        headers: { ...delivery.headers, 'x-shopify-event-id': eventId },
        body: delivery.body,
      });
      expect(response.status).toBe(200);
    }
    await t.fake.control.releaseWebhooks();
    await processWebhooks(t);

    const events = (await storedEvents(t.db)).filter((event) => event.eventId === eventId);
    expect(events.map((event) => [event.topic, event.state])).toEqual([
      ['fulfillments/create', 'processed'],
      ['orders/fulfilled', 'processed'],
    ]);
    expect(await jobsOfEvent(t.db, eventId)).toHaveLength(2);
    expect(await readOrder(t.db, orderId)).toMatchObject({ status: 'shipped', trackingNumber: 'SAMEID' });
  });

  it('keeps a delivered order delivered when the shipping events arrive after the delivery', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    const paid = pay(draftGid);
    await processWebhooks(t);
    t.fake.control.holdWebhooks();
    const shipment = t.fake.control.fulfillOrder(paid.orderId, { company: 'DHL', number: 'JD0001' });
    t.fake.control.updateFulfillment(shipment.fulfillmentId, 'delivered');
    await t.fake.control.releaseWebhooks({ order: 'reverse' });
    await processWebhooks(t);

    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({ status: 'delivered', trackingNumber: 'JD0001', trackingCompany: 'DHL' });
    expect(order.shippedAt).not.toBeNull();
    expect(order.deliveredAt).not.toBeNull();
  });

  it('leaves the status of a cancelled order alone', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const paid = pay(draftGid);
    t.fake.control.fulfillOrder(paid.orderId, { number: 'X1' });
    await processWebhooks(t);
    expect((await readOrder(t.db, orderId)).status).toBe('cancelled');
  });

  it("ignores events about the shop's other orders", async () => {
    const [product] = await t.db.select().from(products).where(eq(products.sku, '800-0002'));
    const draft = await t.shopify.api.createDraftOrder({
      email: 'retail@example.com',
      lineItems: [
        {
          variantId: product!.shopifyVariantId!,
          quantity: 1,
          priceOverride: { amount: '10.00', currencyCode: 'USD' },
        },
      ],
    });
    if (!draft.ok) throw new Error(draft.error.message);
    const paid = pay(draft.data.id);
    t.fake.control.fulfillOrder(paid.orderId, { number: 'RETAIL1' });
    await processWebhooks(t);
    const events = await storedEvents(t.db, paid.orderId);
    expect(events.map((event) => event.state)).toEqual(['ignored', 'ignored']);
    expect(events.every((event) => event.processedAt !== null)).toBe(true);
  });

  it('queues one debounced catalogue refresh per product per minute (products/update)', async () => {
    const [product] = await t.db.select().from(products).where(eq(products.sku, '800-0001'));
    const productGid = product!.shopifyProductId!;
    const before = (await jobsOfType(t.db, SHOPIFY_PRODUCT_REFRESH_JOB)).length;
    t.fake.control.updateProduct(productGid, { title: '4 oz Bottle (new label)' });
    t.fake.control.updateProduct(productGid, { title: '4 oz Bottle (newer label)' });
    await processWebhooks(t);

    const refreshes = (await jobsOfType(t.db, SHOPIFY_PRODUCT_REFRESH_JOB)).slice(before);
    // Two events in the same minute: one refresh (or two across a minute boundary), at a window's end.
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.length).toBeLessThanOrEqual(2);
    for (const job of refreshes) {
      expect(job.payload).toEqual({ productGid });
      expect(job.runAt.getTime() % PRODUCT_REFRESH_WINDOW_MS).toBe(0);
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now() - PRODUCT_REFRESH_WINDOW_MS);
    }
    const events = await storedEvents(t.db, productGid);
    expect(events.map((event) => event.state)).toEqual(['processed', 'processed']);
  });

  it('ignores products/update for a product the portal does not sell', async () => {
    const [other] = t.fake.control.seedProducts([
      { title: 'Retail only', variants: [{ sku: 'RETAIL-9', price: '5.00' }] },
    ]);
    t.fake.control.updateProduct(other!.id, { title: 'Retail only (new)' });
    await processWebhooks(t);
    expect((await storedEvents(t.db, other!.id)).map((event) => event.state)).toEqual(['ignored']);
  });

  it('marks a malformed payload of a known topic failed without retrying', async () => {
    t.fake.control.emitWebhook('orders/paid', { id: 1, name: '#1' });
    await processWebhooks(t);
    const [event] = (await storedEvents(t.db)).filter(
      (row) => row.topic === 'orders/paid' && row.resourceGid === null,
    );
    expect(event).toMatchObject({ state: 'failed' });
    expect(event?.error).toContain('Malformed orders/paid payload');
    const [job] = await jobsOfEvent(t.db, event!.eventId);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
  });
});
