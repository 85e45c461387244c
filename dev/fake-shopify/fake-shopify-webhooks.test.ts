import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHOPIFY_DOCUMENTS } from '../../src/server/integrations/shopify/documents';
import { startFakeShopify, type FakeShopify, type FakeShopifyOptions } from './fake-shopify';
import { at, queryData, startWebhookReceiver } from './fake-store-test-support';
import { HISTORY_LIMIT } from './history';
import { createWebhookDispatcher, signWebhookBody } from './webhooks';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(statuses: number[] = [], options: FakeShopifyOptions = {}) {
  const receiver = await startWebhookReceiver(statuses);
  cleanups.push(receiver.close);
  const fake = await startFakeShopify({
    webhookUrl: receiver.url,
    webhookSecret: 'hush',
    webhookRetryDelayMs: 1,
    now: () => Date.parse('2026-11-22T15:30:00Z'),
    ...options,
  });
  cleanups.push(() => fake.close());
  const [product] = fake.control.seedProducts([
    { title: '4 oz Bottle', variants: [{ sku: '800-0001', price: '26.00' }] },
  ]);
  return { fake, receiver, product: product! };
}

async function createDraft(fake: FakeShopify, variantId: string) {
  const data = await queryData(fake, SHOPIFY_DOCUMENTS.CreateDraftOrder, {
    input: {
      email: 'buyer@example.com',
      note: 'WO-7',
      tags: ['portal-order-7'],
      customAttributes: [{ key: 'portal_order_id', value: '7' }],
      lineItems: [{ variantId, quantity: 12, priceOverride: { amount: '10.65', currencyCode: 'USD' } }],
    },
  });
  return String(at(data, 'draftOrderCreate', 'draftOrder', 'id'));
}

const settle = (fake: FakeShopify) => fake.control.webhooksSettled();

describe('webhook signing (docs/shopify.md#webhook-signature)', () => {
  it('matches the contract test vectors', () => {
    expect(signWebhookBody('hush', '{"id":1}')).toBe('VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=');
    expect(
      signWebhookBody('hush', '{"id":820982911946154508,"name":"#9999","financial_status":"paid"}'),
    ).toBe('0lxseWBCIk71KWf1ESOK9aDbDT4UbAfwiDoyrNz7E1s=');
  });

  it('sends every header of docs/shopify.md#webhook-headers, the HMAC computed over the raw body', async () => {
    const { fake, receiver } = await setUp();
    fake.control.emitWebhook(
      'orders/paid',
      { id: 1 },
      { eventId: 'event-1', triggeredAt: '2026-11-22T15:30:00.000Z' },
    );
    await settle(fake);
    const [webhook] = receiver.received;
    expect(webhook?.rawBody).toBe('{"id":1}');
    expect(webhook?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': 'VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=',
      'x-shopify-topic': 'orders/paid',
      'x-shopify-shop-domain': 'fake-store.myshopify.com',
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-shopify-event-id': 'event-1',
      'x-shopify-triggered-at': '2026-11-22T15:30:00.000Z',
    });
    const expected = createHmac('sha256', 'hush')
      .update(webhook?.rawBody ?? '')
      .digest('base64');
    expect(webhook?.headers['x-shopify-hmac-sha256']).toBe(expected);
  });
});

describe('webhooks from store actions (docs/shopify.md#webhook-topics)', () => {
  it('payDraftOrder: draft_orders/update (completed, order_id), then orders/paid (#1001, paid)', async () => {
    const { fake, receiver, product } = await setUp();
    const draftId = await createDraft(fake, product.variants[0]!.id);
    const paid = fake.control.payDraftOrder(draftId);
    expect(paid.orderName).toBe('#1001');
    await settle(fake);
    expect(receiver.topics()).toEqual(['draft_orders/update', 'orders/paid']);

    const [draftHook, orderHook] = receiver.received;
    expect(draftHook?.json).toMatchObject({
      id: Number(draftId.split('/').at(-1)),
      admin_graphql_api_id: draftId,
      name: '#D1',
      status: 'completed',
      order_id: Number(paid.orderId.split('/').at(-1)),
      email: 'buyer@example.com',
      note: 'WO-7',
      tags: 'portal-order-7',
      note_attributes: [{ name: 'portal_order_id', value: '7' }],
      total_price: '127.80',
      completed_at: '2026-11-22T10:30:00-05:00',
      invoice_url: expect.stringMatching(
        /^https:\/\/fake-store\.myshopify\.com\/548380009\/invoices\/[0-9a-f]{32}$/,
      ),
    });
    expect(orderHook?.json).toMatchObject({
      id: Number(paid.orderId.split('/').at(-1)),
      admin_graphql_api_id: paid.orderId,
      name: '#1001',
      order_number: 1001,
      financial_status: 'paid',
      fulfillment_status: null,
      tags: 'portal-order-7',
      note_attributes: [{ name: 'portal_order_id', value: '7' }],
      total_price: '127.80',
      updated_at: '2026-11-22T10:30:00-05:00',
      line_items: [expect.objectContaining({ sku: '800-0001', quantity: 12, price: '10.65' })],
    });
  });

  it('fulfillOrder: fulfillments/create with tracking, then orders/fulfilled; delivery as fulfillments/update', async () => {
    const { fake, receiver, product } = await setUp();
    const { orderId } = fake.control.payDraftOrder(await createDraft(fake, product.variants[0]!.id));
    const { fulfillmentId, name } = fake.control.fulfillOrder(orderId, {
      company: 'UPS',
      number: '1Z999AA10123456784',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    fake.control.updateFulfillment(fulfillmentId, 'delivered');
    await settle(fake);
    expect(receiver.topics().slice(2)).toEqual([
      'fulfillments/create',
      'orders/fulfilled',
      'fulfillments/update',
    ]);
    const [created, fulfilled, delivered] = receiver.received.slice(2);
    expect(name).toBe('#1001.1');
    expect(created?.json).toMatchObject({
      admin_graphql_api_id: fulfillmentId,
      order_id: Number(orderId.split('/').at(-1)),
      name: '#1001.1',
      status: 'success',
      shipment_status: null,
      tracking_company: 'UPS',
      tracking_number: '1Z999AA10123456784',
      tracking_numbers: ['1Z999AA10123456784'],
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      tracking_urls: ['https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    });
    expect(fulfilled?.json).toMatchObject({
      name: '#1001',
      fulfillment_status: 'fulfilled',
      financial_status: 'paid',
    });
    expect(delivered?.json).toMatchObject({
      admin_graphql_api_id: fulfillmentId,
      shipment_status: 'delivered',
    });
  });

  it('updateProduct and productVariantsBulkUpdate: products/update with variants and GIDs', async () => {
    const { fake, receiver, product } = await setUp();
    fake.control.updateProduct(product.id, {
      title: '4 oz Mist',
      variants: [{ id: product.variants[0]!.id, price: '27.00' }],
    });
    await queryData(fake, SHOPIFY_DOCUMENTS.UpdateVariants, {
      productId: product.id,
      variants: [{ id: product.variants[0]!.id, price: '28.00' }],
    });
    await settle(fake);
    expect(receiver.topics()).toEqual(['products/update', 'products/update']);
    expect(receiver.received[0]?.json).toMatchObject({
      admin_graphql_api_id: product.id,
      title: '4 oz Mist',
      status: 'active',
      variants: [{ admin_graphql_api_id: product.variants[0]!.id, sku: '800-0001', price: '27.00' }],
      variant_gids: [{ admin_graphql_api_id: product.variants[0]!.id }],
    });
    expect(receiver.received[1]?.json).toMatchObject({ variants: [{ price: '28.00' }] });
  });

  it('draftOrderInvoiceSend announces draft_orders/update with status invoice_sent', async () => {
    const { fake, receiver, product } = await setUp();
    const draftId = await createDraft(fake, product.variants[0]!.id);
    await queryData(fake, SHOPIFY_DOCUMENTS.SendDraftOrderInvoice, { id: draftId });
    await settle(fake);
    expect(receiver.received.map((webhook) => [webhook.topic, webhook.json.status])).toEqual([
      ['draft_orders/update', 'invoice_sent'],
    ]);
  });
});

describe('delivery: retries, duplicates, out-of-order', () => {
  it('retries a non-2xx delivery with the same body and ids, and records every attempt', async () => {
    const { fake, receiver } = await setUp([500, 503]);
    const [delivery] = fake.control.emitWebhook('orders/paid', { id: 5 });
    await settle(fake);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((webhook) => webhook.headers['x-shopify-webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((webhook) => webhook.rawBody))).toEqual(new Set(['{"id":5}']));
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 503, 200]);
  });

  it('gives up after the configured attempts', async () => {
    const { fake, receiver } = await setUp([500, 500, 500, 500], { webhookMaxAttempts: 3 });
    const [delivery] = fake.control.emitWebhook('orders/paid', { id: 5 });
    await settle(fake);
    expect(receiver.received).toHaveLength(3);
    expect(delivery?.state).toBe('failed');
  });

  it('records an unreachable endpoint as attempts without a status', async () => {
    const { fake } = await setUp([], { webhookMaxAttempts: 2 });
    const gone = await startWebhookReceiver();
    await gone.close();
    fake.control.setWebhookUrl(gone.url);
    const [delivery] = fake.control.emitWebhook('orders/paid', { id: 5 });
    await settle(fake);
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ status: null, error: expect.stringMatching(/ECONNREFUSED/) }),
      expect.objectContaining({ status: null }),
    ]);
    expect(delivery?.state).toBe('failed');
  });

  it('redelivers a delivery as a duplicate: same Event-Id, same body', async () => {
    const { fake, receiver } = await setUp();
    const [original] = fake.control.emitWebhook('orders/paid', { id: 9 });
    await settle(fake);
    const duplicate = fake.control.redeliver(original!.id);
    const renamed = fake.control.redeliver(original!.id, { newWebhookId: true });
    await settle(fake);
    expect(duplicate.redeliveryOf).toBe(original!.id);
    const [first, second, third] = receiver.received;
    expect(second?.headers['x-shopify-event-id']).toBe(first?.headers['x-shopify-event-id']);
    expect(second?.headers['x-shopify-webhook-id']).toBe(first?.headers['x-shopify-webhook-id']);
    expect(third?.headers['x-shopify-event-id']).toBe(first?.headers['x-shopify-event-id']);
    expect(third?.headers['x-shopify-webhook-id']).not.toBe(first?.headers['x-shopify-webhook-id']);
    expect(renamed.webhookId).toBe(third?.headers['x-shopify-webhook-id']);
    expect(second?.rawBody).toBe(first?.rawBody);
  });

  it('holds deliveries and releases them in reverse order (out-of-order delivery)', async () => {
    const { fake, receiver, product } = await setUp();
    fake.control.holdWebhooks();
    const { orderId } = fake.control.payDraftOrder(await createDraft(fake, product.variants[0]!.id));
    fake.control.fulfillOrder(orderId, { company: 'UPS', number: '1Z1' });
    await settle(fake);
    expect(receiver.received).toEqual([]);
    expect(fake.control.deliveries.every((delivery) => delivery.state === 'held')).toBe(true);
    await fake.control.releaseWebhooks({ order: 'reverse' });
    await settle(fake);
    expect(receiver.topics()).toEqual([
      'orders/fulfilled',
      'fulfillments/create',
      'orders/paid',
      'draft_orders/update',
    ]);
  });

  it('keeps only the most recent deliveries (historyLimit), but releases every held one', async () => {
    const { fake, receiver } = await setUp([], { historyLimit: 2 });
    fake.control.holdWebhooks();
    for (let id = 1; id <= 4; id += 1) fake.control.emitWebhook('orders/paid', { id });
    expect(fake.control.deliveries.map((delivery) => delivery.body)).toEqual(['{"id":3}', '{"id":4}']);
    await fake.control.releaseWebhooks();
    await settle(fake);
    expect(receiver.received.map((webhook) => webhook.rawBody)).toEqual([
      '{"id":1}',
      '{"id":2}',
      '{"id":3}',
      '{"id":4}',
    ]);
  });

  it(`keeps the last ${HISTORY_LIMIT} deliveries by default (a long SHOPIFY_MODE=fake run stays bounded)`, async () => {
    const dispatcher = createWebhookDispatcher({
      secret: 'hush',
      shopDomain: 'fake-store.myshopify.com',
      apiVersion: '2026-10',
      url: () => 'http://127.0.0.1:1/api/shopify/webhooks',
      topics: ['orders/paid'],
      subscriptions: () => [],
      maxAttempts: 1,
      retryDelayMs: 1,
      timeoutMs: 1_000,
      now: Date.now,
      fetch: () => Promise.resolve(new Response(null, { status: 200 })),
    });
    for (let id = 1; id <= HISTORY_LIMIT + 1; id += 1) dispatcher.emit('orders/paid', { id });
    await dispatcher.settled();
    expect(HISTORY_LIMIT).toBe(500);
    expect(dispatcher.deliveries).toHaveLength(500);
    expect(dispatcher.deliveries[0]?.body).toBe('{"id":2}');
    expect(dispatcher.deliveries.every((delivery) => delivery.state === 'delivered')).toBe(true);
    dispatcher.close();
  });

  it('also delivers to subscriptions made with webhookSubscriptionCreate', async () => {
    const { fake, receiver } = await setUp([], { webhookUrl: null });
    await queryData(fake, SHOPIFY_DOCUMENTS.CreateWebhook, {
      topic: 'ORDERS_PAID',
      sub: { uri: receiver.url },
    });
    fake.control.emitWebhook('orders/paid', { id: 1 });
    fake.control.emitWebhook('products/update', { id: 2 });
    await settle(fake);
    expect(receiver.topics()).toEqual(['orders/paid']);
  });
});

describe('control over HTTP (/__fake)', () => {
  it('pays a draft and fulfils an order through the control endpoints', async () => {
    const { fake, receiver, product } = await setUp();
    const draftId = await createDraft(fake, product.variants[0]!.id);
    const post = (path: string, body: unknown) =>
      fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const paid = await post('/__fake/draft-orders/pay', { id: draftId });
    expect(paid.status).toBe(200);
    const { orderId } = z.object({ orderId: z.string() }).parse(await paid.json());
    expect((await post('/__fake/orders/fulfill', { id: orderId, company: 'DHL', number: 'D1' })).status).toBe(
      200,
    );
    expect((await post('/__fake/draft-orders/pay', { id: draftId })).status).toBe(409);
    expect((await post('/__fake/orders/fulfill', { nope: true })).status).toBe(400);
    await settle(fake);
    expect(receiver.topics()).toEqual([
      'draft_orders/update',
      'orders/paid',
      'fulfillments/create',
      'orders/fulfilled',
    ]);

    const state = await (await fetch(`${fake.url}/__fake/state`)).json();
    expect(at(state, 'orders', 0)).toMatchObject({
      name: '#1001',
      financialStatus: 'PAID',
      fulfillmentStatus: 'FULFILLED',
    });
  });
});
