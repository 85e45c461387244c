import { afterEach, describe, expect, it } from 'vitest';
import { createShopifyClient, type ShopifyClientOptions } from '../../src/server/integrations/shopify/client';
import { createShopifyApi } from '../../src/server/integrations/shopify/shopify-api';
import { startFakeShopify, type FakeShopify, type FakeShopifyOptions } from './fake-shopify';
import { DAY_MS } from './payment-terms';

/*
 * The portal's REAL client (client.ts + shopify-api.ts) against the fake store, over HTTP: the client's strict
 * zod schemas (exactly the selected fields) fail on any drift between the fake and the documents, and the
 * fake's failure switches drive the client's retry, backoff, timeout and circuit-breaker paths. One clock is
 * shared: the client's injected sleep moves it, so the fake's leaky bucket refills without real waiting.
 */

let fake: FakeShopify | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(options: { fake?: FakeShopifyOptions; client?: ShopifyClientOptions } = {}) {
  let now = Date.parse('2026-11-22T12:00:00Z');
  const sleeps: number[] = [];
  fake = await startFakeShopify({ now: () => now, ...options.fake });
  const client = createShopifyClient(
    { storeDomain: fake.url, adminToken: fake.token, apiVersion: '2026-10' },
    {
      now: () => now,
      sleep: (ms) => {
        sleeps.push(ms);
        now += ms;
        return Promise.resolve();
      },
      random: () => 0,
      ...options.client,
    },
  );
  return { fake, client, api: createShopifyApi(client), sleeps, advance: (ms: number) => (now += ms) };
}

const operations = (shop: FakeShopify) => shop.control.requests.map((request) => request.operationName);

describe('real client × fake store: catalogue', () => {
  it('lists every product and every variant across product and variant pages', async () => {
    const { fake: shop, api } = await setUp();
    shop.control.seedProducts([
      { title: '4 oz Bottle', variants: [{ sku: '800-0001', price: '26.00' }] },
      { title: '1 oz Bottle', variants: [{ sku: '800-0002', price: '10.00' }] },
      { title: 'Hidden', status: 'DRAFT', variants: [{ sku: 'DRAFT-1', price: '1.00' }] },
      {
        title: 'Gift Set',
        imageUrl: 'https://cdn.example.com/gift.png',
        variants: ['A', 'B', 'C', 'D', 'E'].map((letter) => ({
          title: letter,
          sku: `GIFT-${letter}`,
          price: '5.00',
        })),
      },
      { title: 'Split Pack', variants: [{ sku: 'SPLIT-PACK-01', price: '18.00', compareAtPrice: '20.00' }] },
    ]);

    const result = await api.listProducts({ pageSize: 2, variantsPerPage: 2 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.map((product) => product.title)).toEqual([
      '4 oz Bottle',
      '1 oz Bottle',
      'Gift Set',
      'Split Pack',
    ]);
    const gift = result.data[2];
    expect(gift?.imageUrl).toBe('https://cdn.example.com/gift.png');
    expect(gift?.variants.map((variant) => variant.sku)).toEqual([
      'GIFT-A',
      'GIFT-B',
      'GIFT-C',
      'GIFT-D',
      'GIFT-E',
    ]);
    expect(result.data[3]?.variants[0]).toMatchObject({ price: '18.00', compareAtPrice: '20.00' });
    expect(operations(shop)).toEqual(['ListProducts', 'ListProducts', 'GetProduct']);

    const withDrafts = await api.listProducts({ query: 'status:active,draft sku:DRAFT-1' });
    expect(withDrafts.ok && withDrafts.data.map((product) => product.title)).toEqual(['Hidden']);
  });

  it('imports one product by numeric id or GID, and reports an unknown one as not-found', async () => {
    const { fake: shop, api } = await setUp();
    const [product] = shop.control.seedProducts([
      { title: 'Mist', variants: [{ sku: 'M-1', price: '26.00' }] },
    ]);
    const byNumber = await api.getProduct(product!.legacyResourceId);
    expect(byNumber).toMatchObject({
      ok: true,
      data: { id: product!.id, variants: [{ sku: 'M-1', imageUrl: null }] },
    });
    expect(await api.getProduct(product!.id)).toMatchObject({ ok: true });
    expect(await api.getProduct('gid://shopify/Product/1')).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
  });

  it('pushes prices, and turns userErrors into a non-retryable user-errors result', async () => {
    const { fake: shop, api } = await setUp();
    const [product] = shop.control.seedProducts([
      { title: 'Mist', variants: [{ sku: 'M-1', price: '26.00' }] },
    ]);
    const variantId = product!.variants[0]!.id;
    expect(
      await api.updateVariants(product!.id, [{ id: variantId, price: '24.50', compareAtPrice: '26.00' }]),
    ).toEqual({
      ok: true,
      data: [{ id: variantId, price: '24.50', compareAtPrice: '26.00' }],
    });
    const negative = await api.updateVariants(product!.id, [{ id: variantId, price: '-1.00' }]);
    expect(negative).toMatchObject({
      ok: false,
      error: {
        kind: 'user-errors',
        retryable: false,
        userErrors: [{ field: ['variants', '0', 'price'], code: 'NEGATIVE_PRICE_VALUE' }],
      },
    });
  });

  it('records the portal visibility in a variant metafield that getProduct reads back', async () => {
    const { fake: shop, api } = await setUp();
    const [product] = shop.control.seedProducts([
      {
        title: 'Mist',
        variants: [
          { sku: 'M-1', price: '26.00' },
          { sku: 'M-2', price: '10.00' },
        ],
      },
    ]);
    const [first, second] = product!.variants;
    const before = await api.getProduct(product!.id);
    expect(before.ok && before.data.variants.map((variant) => variant.portalVisible)).toEqual([null, null]);

    // Visibility alone leaves the price as it is.
    expect(await api.updateVariants(product!.id, [{ id: first!.id, portalVisible: false }])).toEqual({
      ok: true,
      data: [{ id: first!.id, price: '26.00', compareAtPrice: null }],
    });
    await api.updateVariants(product!.id, [{ id: second!.id, price: '9.00', portalVisible: true }]);

    const after = await api.getProduct(product!.id);
    expect(after.ok && after.data.variants.map((v) => [v.sku, v.price, v.portalVisible])).toEqual([
      ['M-1', '26.00', false],
      ['M-2', '9.00', true],
    ]);
  });
});

describe('real client × fake store: draft orders and orders', () => {
  it('creates, finds, invoices and (after the customer pays) reads the order', async () => {
    const { fake: shop, api } = await setUp();
    const [product] = shop.control.seedProducts([
      { title: '4 oz Bottle', variants: [{ sku: '800-0001', price: '26.00' }] },
    ]);
    const created = await api.createDraftOrder({
      email: 'buyer@example.com',
      note: 'WO-1001',
      tags: ['portal-order-1001'],
      shippingAddress: {
        firstName: 'Ada',
        city: 'Austin',
        provinceCode: 'TX',
        countryCode: 'US',
        zip: '78701',
      },
      lineItems: [
        {
          variantId: product!.variants[0]!.id,
          quantity: 12,
          priceOverride: { amount: '10.65', currencyCode: 'USD' },
        },
      ],
    });
    expect(created).toMatchObject({ ok: true, data: { name: '#D1', status: 'OPEN', totalPrice: '127.8' } });
    if (!created.ok) return;

    expect(await api.findDraftOrderByTag('portal-order-1001')).toMatchObject({
      ok: true,
      data: { id: created.data.id },
    });
    expect(await api.findDraftOrderByTag('portal-order-9')).toEqual({ ok: true, data: null });

    const sent = await api.sendDraftOrderInvoice(created.data.id, { to: 'buyer@example.com' });
    expect(sent).toMatchObject({
      ok: true,
      data: { status: 'INVOICE_SENT', invoiceUrl: created.data.invoiceUrl },
    });

    const { orderId } = shop.control.payDraftOrder(created.data.id);
    expect(await api.getDraftOrder(created.data.id)).toMatchObject({
      ok: true,
      data: { status: 'COMPLETED', order: { id: orderId, name: '#1001', displayFinancialStatus: 'PAID' } },
    });
    shop.control.fulfillOrder(orderId, { company: 'UPS', number: '1Z1', url: 'https://ups.example/1Z1' });
    expect(await api.getOrder(orderId)).toMatchObject({
      ok: true,
      data: {
        name: '#1001',
        fullyPaid: true,
        displayFulfillmentStatus: 'FULFILLED',
        fulfillments: [{ trackingInfo: [{ company: 'UPS', number: '1Z1', url: 'https://ups.example/1Z1' }] }],
      },
    });
  });

  it('updates, completes and deletes drafts; an unknown variant is a user error', async () => {
    const { fake: shop, api } = await setUp();
    const [product] = shop.control.seedProducts([
      { title: 'Mist', variants: [{ sku: 'M', price: '26.00' }] },
    ]);
    const line = {
      variantId: product!.variants[0]!.id,
      quantity: 1,
      priceOverride: { amount: '10.00', currencyCode: 'USD' },
    };
    const first = await api.createDraftOrder({ email: 'a@example.com', lineItems: [line] });
    const second = await api.createDraftOrder({ email: 'a@example.com', lineItems: [line] });
    if (!first.ok || !second.ok) throw new Error('drafts not created');

    expect(
      await api.updateDraftOrder(first.data.id, { lineItems: [{ ...line, quantity: 3 }] }),
    ).toMatchObject({
      ok: true,
      data: { totalPrice: '30.0' },
    });
    expect(await api.completeDraftOrder(first.data.id)).toMatchObject({
      ok: true,
      data: { status: 'COMPLETED', order: { name: '#1001' } },
    });
    expect(await api.deleteDraftOrder(second.data.id)).toEqual({
      ok: true,
      data: { deletedId: second.data.id },
    });
    expect(await api.getDraftOrder(second.data.id)).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });

    const unknown = await api.createDraftOrder({
      email: 'a@example.com',
      lineItems: [{ ...line, variantId: 'gid://shopify/ProductVariant/1' }],
    });
    expect(unknown).toMatchObject({
      ok: false,
      error: { kind: 'user-errors', userErrors: [{ field: ['lineItems', '0', 'variantId'] }] },
    });
  });
});

describe('real client × fake store: net payment terms (issue 20 §2)', () => {
  it('lists the NET templates, and only those the store has', async () => {
    const { fake: shop, api } = await setUp();
    const listed = await api.listNetPaymentTermsTemplates();
    expect(listed).toEqual({
      ok: true,
      data: [
        { id: 'gid://shopify/PaymentTermsTemplate/2', name: 'Net 7', dueInDays: 7 },
        { id: 'gid://shopify/PaymentTermsTemplate/3', name: 'Net 15', dueInDays: 15 },
        { id: 'gid://shopify/PaymentTermsTemplate/4', name: 'Net 30', dueInDays: 30 },
        { id: 'gid://shopify/PaymentTermsTemplate/8', name: 'Net 45', dueInDays: 45 },
        { id: 'gid://shopify/PaymentTermsTemplate/5', name: 'Net 60', dueInDays: 60 },
        { id: 'gid://shopify/PaymentTermsTemplate/6', name: 'Net 90', dueInDays: 90 },
      ],
    });
    shop.control.configurePaymentTermsTemplates({
      remove: ['Net 15', 'gid://shopify/PaymentTermsTemplate/8'],
    });
    const fewer = await api.listNetPaymentTermsTemplates();
    expect(fewer.ok && fewer.data.map((template) => template.dueInDays)).toEqual([7, 30, 60, 90]);
  });

  it('approves on Net 30: payment pending, due 30 days after issue, invoiced, reminded once overdue, paid', async () => {
    const { fake: shop, api } = await setUp();
    const [product] = shop.control.seedProducts([
      { title: '4 oz Bottle', variants: [{ sku: '800-0001', price: '26.00' }] },
    ]);
    const created = await api.createDraftOrder({
      email: 'buyer@example.com',
      tags: ['portal-order-1001'],
      lineItems: [
        {
          variantId: product!.variants[0]!.id,
          quantity: 5,
          priceOverride: { amount: '26.00', currencyCode: 'USD' },
        },
      ],
    });
    if (!created.ok) throw new Error('draft not created');
    const draftId = created.data.id;

    // Approval: the terms, issued now; then completion without a gateway.
    const issuedAt = '2026-11-22T12:00:00Z';
    const net30 = { paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/4' };
    expect(
      await api.updateDraftOrder(draftId, { paymentTerms: { ...net30, paymentSchedules: [{ issuedAt }] } }),
    ).toMatchObject({ ok: true, data: { status: 'OPEN', totalPrice: '130.0' } });
    const completed = await api.completeDraftOrderOnTerms(draftId);
    expect(completed).toMatchObject({
      ok: true,
      data: { draftId, order: { name: '#1001', statusPageUrl: expect.stringMatching(/\/authenticate$/) } },
    });
    if (!completed.ok) return;
    const orderId = completed.data.order.id;

    const terms = await api.getOrderPaymentTerms(orderId);
    expect(terms).toEqual({
      ok: true,
      data: {
        id: orderId,
        name: '#1001',
        displayFinancialStatus: 'PENDING',
        statusPageUrl: completed.data.order.statusPageUrl,
        schedule: {
          id: expect.stringMatching(/^gid:\/\/shopify\/PaymentSchedule\/\d+$/),
          dueAt: '2026-12-22T12:00:00Z',
          completedAt: null,
        },
        overdue: false,
      },
    });
    if (!terms.ok || !terms.data.schedule) return;
    const scheduleId = terms.data.schedule.id;

    expect(await api.sendOrderInvoice(orderId)).toEqual({ ok: true, data: { id: orderId } });
    expect(shop.store.sentOrderInvoices).toMatchObject([
      {
        to: 'buyer@example.com',
        subject: 'Invoice #1001',
        statusPageUrl: completed.data.order.statusPageUrl,
      },
    ]);

    // Not yet due: Shopify sends no reminder.
    expect(await api.sendPaymentReminder(scheduleId)).toMatchObject({
      ok: false,
      error: {
        kind: 'user-errors',
        userErrors: [
          {
            field: null,
            message: 'Payment reminder could not be sent',
            code: 'PAYMENT_REMINDER_SEND_UNSUCCESSFUL',
          },
        ],
      },
    });
    shop.control.moveClock({ advanceMs: 31 * DAY_MS });
    expect(await api.getOrderPaymentTerms(orderId)).toMatchObject({ ok: true, data: { overdue: true } });
    expect(await api.sendPaymentReminder(scheduleId)).toEqual({ ok: true, data: { sent: true } });
    expect(shop.store.paymentReminders).toHaveLength(1);
    expect(await api.sendPaymentReminder(scheduleId)).toMatchObject({
      ok: false,
      error: { userErrors: [{ message: expect.stringMatching(/24hour period/) }] },
    });

    shop.control.payOrder(orderId);
    expect(await api.getOrderPaymentTerms(orderId)).toMatchObject({
      ok: true,
      data: { displayFinancialStatus: 'PAID', overdue: false, schedule: { completedAt: expect.any(String) } },
    });
    expect(await api.getOrder(orderId)).toMatchObject({ ok: true, data: { fullyPaid: true } });
    shop.control.moveClock({ advanceMs: DAY_MS });
    expect(await api.sendPaymentReminder(scheduleId)).toMatchObject({
      ok: false,
      error: { userErrors: [{ message: 'Payment schedule is already completed' }] },
    });
  });

  it('refuses unknown ids as Shopify does', async () => {
    const { api } = await setUp();
    expect(await api.sendOrderInvoice('gid://shopify/Order/1')).toMatchObject({
      ok: false,
      error: {
        kind: 'user-errors',
        userErrors: [
          { field: null, message: 'Order does not exist', code: 'ORDER_INVOICE_SEND_UNSUCCESSFUL' },
        ],
      },
    });
    expect(await api.sendPaymentReminder('gid://shopify/PaymentSchedule/1')).toMatchObject({
      ok: false,
      error: { kind: 'user-errors', userErrors: [{ message: 'Payment schedule does not exist' }] },
    });
    expect(await api.getOrderPaymentTerms('gid://shopify/Order/1')).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
  });
});

describe('real client × fake store: throttling and failures', () => {
  const seedOne = (shop: FakeShopify) =>
    shop.control.seedProducts([{ title: 'Mist', variants: [{ sku: 'M', price: '26.00' }] }])[0]!;

  it('waits out THROTTLED as the bucket says and succeeds once it has refilled', async () => {
    const {
      fake: shop,
      api,
      sleeps,
    } = await setUp({ fake: { bucket: { maximumAvailable: 100, restoreRate: 50 } } });
    seedOne(shop);
    shop.control.setThrottle({ currentlyAvailable: 5 });
    // ListProducts first=2, variantsFirst=2 requests 2 + 2 × 9 = 20 points; 5 are there.
    const result = await api.listProducts({ pageSize: 2, variantsPerPage: 2 });
    expect(result.ok).toBe(true);
    expect(shop.control.requests.map((request) => request.status)).toEqual([200, 200]);
    expect(sleeps).toEqual([1000]); // ceil((20 − 5) / 50) s, no jitter (random = 0)
  });

  it('gives up with kind throttled when every attempt is throttled', async () => {
    const { fake: shop, api } = await setUp({ client: { maxAttempts: 3 } });
    const product = seedOne(shop);
    shop.control.failNext(5, { kind: 'throttled' });
    expect(await api.getProduct(product.id)).toMatchObject({
      ok: false,
      error: { kind: 'throttled', retryable: true },
    });
    expect(shop.control.requests).toHaveLength(3);
  });

  it('retries a query after 5xx with backoff, but never repeats a mutation that may have run', async () => {
    const { fake: shop, api, sleeps } = await setUp({ client: { random: () => 0.5 } });
    const product = seedOne(shop);
    shop.control.failNext(1, { kind: 'server-error', status: 503 });
    shop.control.failNext(1, { kind: 'server-error', status: 502 });
    expect(await api.getProduct(product.id)).toMatchObject({ ok: true });
    expect(sleeps).toEqual([750, 1500]); // equal jitter at 0.5: between half and all of 1 s, 2 s

    shop.control.failNext(1, { kind: 'server-error' });
    const draft = await api.createDraftOrder({
      email: 'a@example.com',
      lineItems: [
        {
          variantId: product.variants[0]!.id,
          quantity: 1,
          priceOverride: { amount: '1.00', currencyCode: 'USD' },
        },
      ],
    });
    expect(draft).toMatchObject({ ok: false, error: { kind: 'server', status: 500, retryable: true } });
    expect(shop.control.requests.at(-1)?.status).toBe(500);
    expect(shop.store.draftOrders.size).toBe(0);
  });

  it('honours Retry-After: 2.0 in seconds on HTTP 429', async () => {
    const { fake: shop, api, sleeps } = await setUp();
    const product = seedOne(shop);
    shop.control.failNext(1, { kind: 'rate-limited', retryAfter: '2.0' });
    expect(await api.getProduct(product.id)).toMatchObject({ ok: true });
    expect(sleeps).toEqual([2000]);
  });

  it('times out on a hanging store and then succeeds on the retry', async () => {
    const { fake: shop, api } = await setUp({
      client: { connectTimeoutMs: 100, totalTimeoutMs: 300, maxAttempts: 1 },
    });
    const product = seedOne(shop);
    shop.control.failNext(1, { kind: 'hang' });
    expect(await api.getProduct(product.id)).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(await api.getProduct(product.id)).toMatchObject({ ok: true });
  });

  it('keeps the circuit closed through a run of 429s: the store is up and says when to come back', async () => {
    const {
      fake: shop,
      api,
      sleeps,
    } = await setUp({
      client: { maxAttempts: 5, circuit: { failureThreshold: 2, cooldownMs: 30_000 } },
    });
    const product = seedOne(shop);
    shop.control.failNext(4, { kind: 'rate-limited', retryAfter: '1.5' });
    expect(await api.getProduct(product.id)).toMatchObject({ ok: true });
    expect(sleeps).toEqual([1500, 1500, 1500, 1500]);
    expect(shop.control.requests.map((request) => request.status)).toEqual([429, 429, 429, 429, 200]);
  });

  it('reports a down store as a network error, opens the circuit, and recovers when it is back', async () => {
    const {
      fake: shop,
      api,
      advance,
    } = await setUp({
      client: { maxAttempts: 2, circuit: { failureThreshold: 2, cooldownMs: 30_000 } },
    });
    const product = seedOne(shop);
    await shop.control.goDown();
    expect(await api.getProduct(product.id)).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(await api.getProduct(product.id)).toMatchObject({ ok: false, error: { kind: 'circuit-open' } });
    await shop.control.goUp();
    advance(30_000);
    expect(await api.getProduct(product.id)).toMatchObject({ ok: true });
  });

  it('reports a wrong token as unauthorized, without retrying', async () => {
    const { fake: shop } = await setUp();
    const client = createShopifyClient({
      storeDomain: shop.url,
      adminToken: 'shpat_wrong',
      apiVersion: '2026-10',
    });
    expect(await createShopifyApi(client).getProduct('1')).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', status: 401, message: expect.stringContaining('[API] Invalid API key') },
    });
    expect(shop.control.requests).toHaveLength(1);
  });
});
