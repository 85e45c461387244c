import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import {
  customerOrder,
  FOUR_OZ,
  newCustomer,
  setStatus,
  submitOrder,
} from '../orders/shopify/shopify-orders-test-support';
import { processWebhooks } from './shopify-events-test-support';
import { signInAdmin } from '../../test/factories/sign-in';
import { readOrder } from '../../test/factories/orders';

/*
 * Issue 8's journey end to end on the real portal flow: the customer submits, the draft-order job makes the
 * draft, staff approve (the invoice goes out), the customer pays in the store, the merchant ships with
 * tracking and the carrier delivers — and the customer's order page follows each step from the webhooks.
 */
describe('an order from submission to delivery, driven by Shopify webhooks', () => {
  let t: ShopifyTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createShopifyTestApp({ listen: true });
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('shows Pay now, then Paid, Shipped with tracking and Delivered', async () => {
    const { user, cookie } = await newCustomer(t.app, t.db);
    const placed = await submitOrder(t.app, cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    await processWebhooks(t);
    await setStatus(t.app, admin, placed.orderId, 'processing');
    await processWebhooks(t);

    const approved = await customerOrder(t.app, cookie, placed.orderId);
    expect(approved.order).toMatchObject({ status: 'processing', paymentStatus: 'invoice_sent' });
    expect(approved.order.invoiceUrl).toMatch(/\/invoices\/[0-9a-f]{32}$/);
    const draftName = approved.order.shopifyOrderId;
    expect(draftName).toMatch(/^#D\d+$/);

    const { shopifyDraftOrderGid } = await readOrder(t.db, placed.orderId);
    const paid = t.fake.control.payDraftOrder(shopifyDraftOrderGid!);
    await processWebhooks(t);
    expect((await customerOrder(t.app, cookie, placed.orderId)).order).toMatchObject({
      status: 'processing',
      paymentStatus: 'paid',
      shopifyOrderId: paid.orderName,
      invoiceUrl: null,
    });

    const shipment = t.fake.control.fulfillOrder(paid.orderId, {
      company: 'UPS',
      number: '1ZJOURNEY',
      url: 'https://www.ups.com/track?tracknum=1ZJOURNEY',
    });
    await processWebhooks(t);
    expect((await customerOrder(t.app, cookie, placed.orderId)).order).toMatchObject({
      status: 'shipped',
      trackingNumber: '1ZJOURNEY',
      trackingUrl: 'https://www.ups.com/track?tracknum=1ZJOURNEY',
    });
    const shippedMail = t.sentMail.find(
      (mail) => mail.includes(`To: ${user.email}`) && mail.includes('shipped'),
    );
    expect(shippedMail).toContain('Tracking number: 1ZJOURNEY');

    t.fake.control.updateFulfillment(shipment.fulfillmentId, 'delivered');
    await processWebhooks(t);
    const delivered = (await customerOrder(t.app, cookie, placed.orderId)).order;
    expect(delivered).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(delivered.paidAt).not.toBeNull();
    expect(delivered.shippedAt).not.toBeNull();
    expect(delivered.deliveredAt).not.toBeNull();
  });
});
