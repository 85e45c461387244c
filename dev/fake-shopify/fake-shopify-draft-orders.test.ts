import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOPIFY_DOCUMENTS } from '../../src/server/integrations/shopify/documents';
import { startFakeShopify, type FakeShopify, type SeededProduct } from './fake-shopify';
import { at, postGraphql, queryData } from './fake-store-test-support';

let fake: FakeShopify;
let bottle: SeededProduct;
let small: SeededProduct;

beforeEach(async () => {
  fake = await startFakeShopify({ now: () => Date.parse('2026-11-22T15:30:00Z') });
  const products = fake.control.seedProducts([
    { title: '4 oz Bottle', variants: [{ sku: '800-0001', price: '26.00' }] },
    { title: '1 oz Bottle', variants: [{ sku: '800-0002', price: '10.00' }] },
  ]);
  bottle = products[0]!;
  small = products[1]!;
});
afterEach(() => fake.close());

const bottleVariant = () => bottle.variants[0]?.id ?? '';
const smallVariant = () => small.variants[0]?.id ?? '';

function draftInput(overrides: Record<string, unknown> = {}) {
  return {
    email: 'buyer@example.com',
    note: 'Wholesale order WO-1042 (portal)',
    poNumber: 'WO-1042',
    tags: ['portal', 'portal-order-42'],
    customAttributes: [{ key: 'portal_order_id', value: '42' }],
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Acme Ltd',
      address1: '1 Main St',
      city: 'Toronto',
      provinceCode: 'ON',
      countryCode: 'CA',
      zip: 'M5V 1A1',
    },
    lineItems: [
      { variantId: bottleVariant(), quantity: 12, priceOverride: { amount: '10.65', currencyCode: 'USD' } },
      { variantId: smallVariant(), quantity: 6 },
    ],
    ...overrides,
  };
}

async function createDraft(overrides: Record<string, unknown> = {}) {
  const data = await queryData(fake, SHOPIFY_DOCUMENTS.CreateDraftOrder, { input: draftInput(overrides) });
  return at(data, 'draftOrderCreate');
}

/** The draft's lines, read separately: the portal's CreateDraftOrder payload does not select them (cost). */
async function draftLines(draftId: unknown) {
  const data = await queryData(
    fake,
    `query($id: ID!) { draftOrder(id: $id) { lineItems(first: 10) { nodes {
       title sku quantity custom variant { id } priceOverride { amount currencyCode }
       originalUnitPriceSet { shopMoney { amount currencyCode } } appliedDiscount { title } } } } }`,
    { id: draftId },
  );
  return at(data, 'draftOrder', 'lineItems', 'nodes');
}

describe('draftOrderCreate (docs/shopify.md#draft-orders, docs/shopify.md#the-fake-store)', () => {
  it('creates an OPEN draft #D<n> whose priceOverride wins over the variant price', async () => {
    const payload = await createDraft();
    expect(at(payload, 'userErrors')).toEqual([]);
    const draft = at(payload, 'draftOrder');
    expect(draft).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/DraftOrder\/\d+$/),
      name: '#D1',
      status: 'OPEN',
      email: 'buyer@example.com',
      note2: 'Wholesale order WO-1042 (portal)',
      ready: true,
      // 12 × 10.65 (override, not 26.00) + 6 × 10.00 (catalogue)
      totalPriceSet: { shopMoney: { amount: '187.8', currencyCode: 'USD' } },
    });
    expect(at(draft, 'invoiceUrl')).toMatch(
      /^https:\/\/fake-store\.myshopify\.com\/548380009\/invoices\/[0-9a-f]{32}$/,
    );
    const lines = await draftLines(at(draft, 'id'));
    expect(at(lines, 0)).toMatchObject({
      title: '4 oz Bottle',
      sku: '800-0001',
      quantity: 12,
      custom: false,
      variant: { id: bottleVariant() },
      priceOverride: { amount: '10.65', currencyCode: 'USD' },
      originalUnitPriceSet: { shopMoney: { amount: '10.65', currencyCode: 'USD' } },
      appliedDiscount: null,
    });
    expect(at(lines, 1, 'priceOverride')).toBeNull();
    expect(at(await createDraft(), 'draftOrder', 'name')).toBe('#D2');
  });

  it('keeps tags, custom attributes and the shipping address with its country code', async () => {
    const payload = await createDraft();
    const data = await queryData(
      fake,
      `query($id: ID!) { draftOrder(id: $id) { tags poNumber customAttributes { key value }
         shippingAddress { firstName city provinceCode countryCodeV2 country } } }`,
      { id: at(payload, 'draftOrder', 'id') },
    );
    expect(at(data, 'draftOrder')).toEqual({
      tags: ['portal', 'portal-order-42'],
      poNumber: 'WO-1042',
      customAttributes: [{ key: 'portal_order_id', value: '42' }],
      shippingAddress: {
        firstName: 'Ada',
        city: 'Toronto',
        provinceCode: 'ON',
        countryCodeV2: 'CA',
        country: 'Canada',
      },
    });
  });

  it('prices a line without override at the variant price of the moment (it follows the catalogue)', async () => {
    const payload = await createDraft({ lineItems: [{ variantId: smallVariant(), quantity: 1 }] });
    fake.control.updateProduct(small.id, { variants: [{ id: smallVariant(), price: '12.00' }] });
    const data = await queryData(
      fake,
      'query($id: ID!) { draftOrder(id: $id) { totalPriceSet { shopMoney { amount } } } }',
      {
        id: at(payload, 'draftOrder', 'id'),
      },
    );
    expect(at(data, 'draftOrder', 'totalPriceSet', 'shopMoney', 'amount')).toBe('12.0');
  });

  it('answers userErrors (and creates nothing) for an unknown variant, a bad quantity, no lines or 500 lines', async () => {
    const unknown = await createDraft({
      lineItems: [
        { variantId: bottleVariant(), quantity: 0 },
        { variantId: 'gid://shopify/ProductVariant/999', quantity: 1 },
      ],
    });
    expect(unknown).toEqual({
      draftOrder: null,
      userErrors: [
        { field: ['lineItems', '0', 'quantity'], message: expect.any(String) },
        { field: ['lineItems', '1', 'variantId'], message: expect.any(String) },
      ],
    });
    expect(at(await createDraft({ lineItems: [] }), 'userErrors', 0, 'field')).toEqual(['lineItems']);
    const tooMany = Array.from({ length: 500 }, () => ({ variantId: bottleVariant(), quantity: 1 }));
    expect(at(await createDraft({ lineItems: tooMany }), 'userErrors', 0, 'field')).toEqual(['lineItems']);
    const maximum = Array.from({ length: 499 }, () => ({ variantId: bottleVariant(), quantity: 1 }));
    expect(at(await createDraft({ lineItems: maximum }), 'userErrors')).toEqual([]);
    expect(fake.store.draftOrders.size).toBe(1);
  });

  it('prices a custom line from originalUnitPriceWithCurrency and ignores it on a variant line', async () => {
    const payload = await createDraft({
      lineItems: [
        {
          variantId: bottleVariant(),
          quantity: 1,
          originalUnitPriceWithCurrency: { amount: '1.00', currencyCode: 'USD' },
        },
        {
          title: 'Pallet surcharge',
          quantity: 1,
          originalUnitPriceWithCurrency: { amount: '40.00', currencyCode: 'USD' },
        },
      ],
    });
    expect(at(payload, 'draftOrder', 'totalPriceSet', 'shopMoney', 'amount')).toBe('66.0');
    const lines = await draftLines(at(payload, 'draftOrder', 'id'));
    expect(at(lines, 0, 'custom')).toBe(false);
    expect(at(lines, 1, 'custom')).toBe(true);
  });
});

describe('draft order lifecycle: find, update, invoice, complete, delete', () => {
  it('finds a draft by tag', async () => {
    await createDraft({ tags: ['portal-order-1'] });
    const wanted = await createDraft({ tags: ['portal-order-2'] });
    const data = await queryData(fake, SHOPIFY_DOCUMENTS.FindDraftOrderByTag, {
      query: "tag:'portal-order-2'",
    });
    expect(at(data, 'draftOrders', 'nodes')).toEqual([
      {
        id: at(wanted, 'draftOrder', 'id'),
        name: '#D2',
        status: 'OPEN',
        invoiceUrl: at(wanted, 'draftOrder', 'invoiceUrl'),
        tags: ['portal-order-2'],
      },
    ]);
    const none = await queryData(fake, SHOPIFY_DOCUMENTS.FindDraftOrderByTag, {
      query: 'tag:portal-order-3',
    });
    expect(at(none, 'draftOrders', 'nodes')).toEqual([]);
  });

  it('updates a draft (given lines replace all lines) until it is completed', async () => {
    const id = at(await createDraft(), 'draftOrder', 'id');
    const updated = await queryData(fake, SHOPIFY_DOCUMENTS.UpdateDraftOrder, {
      id,
      input: {
        lineItems: [
          { variantId: smallVariant(), quantity: 2, priceOverride: { amount: '4.85', currencyCode: 'USD' } },
        ],
      },
    });
    expect(at(updated, 'draftOrderUpdate', 'draftOrder')).toMatchObject({
      status: 'OPEN',
      totalPriceSet: { shopMoney: { amount: '9.7', currencyCode: 'USD' } },
    });
    await queryData(fake, SHOPIFY_DOCUMENTS.CompleteDraftOrder, { id });
    const refused = await queryData(fake, SHOPIFY_DOCUMENTS.UpdateDraftOrder, {
      id,
      input: { note: 'late' },
    });
    expect(at(refused, 'draftOrderUpdate', 'draftOrder')).toBeNull();
    expect(at(refused, 'draftOrderUpdate', 'userErrors', 0, 'message')).toMatch(/completed/);
  });

  it('replaces lines (added, removed, quantities changed) and recomputes the totals as on create', async () => {
    const shippingLine = {
      title: 'Free wholesale shipping',
      priceWithCurrency: { amount: '0.00', currencyCode: 'USD' },
    };
    const id = at(await createDraft({ shippingLine }), 'draftOrder', 'id');
    const totalsQuery = `query($id: ID!) { draftOrder(id: $id) { note2 poNumber totalQuantityOfLineItems
      subtotalPriceSet { shopMoney { amount } } totalPriceSet { shopMoney { amount } } shippingLine { title } } }`;
    // Created: 12 × 10.65 (overridden) + 6 × 10.00 (the variant's price).
    expect(at(await queryData(fake, totalsQuery, { id }), 'draftOrder')).toMatchObject({
      totalQuantityOfLineItems: 18,
      totalPriceSet: { shopMoney: { amount: '187.8' } },
    });

    const updated = await queryData(fake, SHOPIFY_DOCUMENTS.UpdateDraftOrder, {
      id,
      input: {
        lineItems: [
          { variantId: smallVariant(), quantity: 24, priceOverride: { amount: '4.37', currencyCode: 'USD' } },
          {
            title: 'Gift box',
            quantity: 1,
            originalUnitPriceWithCurrency: { amount: '83.76', currencyCode: 'USD' },
          },
        ],
        shippingLine,
      },
    });
    expect(at(updated, 'draftOrderUpdate', 'userErrors')).toEqual([]);
    expect(await draftLines(id)).toEqual([
      expect.objectContaining({ quantity: 24, custom: false, variant: { id: smallVariant() } }),
      expect.objectContaining({ title: 'Gift box', quantity: 1, custom: true, variant: null }),
    ]);
    // 24 × 4.37 + 83.76; what the update did not name (note, PO number, shipping line) is kept.
    expect(at(await queryData(fake, totalsQuery, { id }), 'draftOrder')).toEqual({
      note2: 'Wholesale order WO-1042 (portal)',
      poNumber: 'WO-1042',
      totalQuantityOfLineItems: 25,
      subtotalPriceSet: { shopMoney: { amount: '188.64' } },
      totalPriceSet: { shopMoney: { amount: '188.64' } },
      shippingLine: { title: 'Free wholesale shipping' },
    });
    expect(at(updated, 'draftOrderUpdate', 'draftOrder', 'totalPriceSet', 'shopMoney', 'amount')).toBe(
      '188.64',
    );

    // An update that names no lines keeps them; empty lines are refused as on create.
    await queryData(fake, SHOPIFY_DOCUMENTS.UpdateDraftOrder, { id, input: { note: 'changed' } });
    expect(await draftLines(id)).toHaveLength(2);
    const empty = await queryData(fake, SHOPIFY_DOCUMENTS.UpdateDraftOrder, { id, input: { lineItems: [] } });
    expect(at(empty, 'draftOrderUpdate', 'userErrors')).toEqual([
      { field: ['lineItems'], message: 'Add at least 1 product' },
    ]);
    expect(await draftLines(id)).toHaveLength(2);
  });

  it('sends the invoice: INVOICE_SENT, invoiceSentAt, and the e-mail recorded', async () => {
    const draft = at(await createDraft(), 'draftOrder');
    const sent = await queryData(fake, SHOPIFY_DOCUMENTS.SendDraftOrderInvoice, {
      id: at(draft, 'id'),
      email: { to: 'accounts@example.com', subject: 'Your order', customMessage: 'Thanks!' },
    });
    expect(at(sent, 'draftOrderInvoiceSend')).toEqual({
      draftOrder: {
        id: at(draft, 'id'),
        name: '#D1',
        status: 'INVOICE_SENT',
        invoiceUrl: at(draft, 'invoiceUrl'),
        invoiceSentAt: '2026-11-22T15:30:00Z',
      },
      userErrors: [],
    });
    expect(fake.store.sentInvoices).toEqual([
      expect.objectContaining({
        to: 'accounts@example.com',
        subject: 'Your order',
        customMessage: 'Thanks!',
        invoiceUrl: at(draft, 'invoiceUrl'),
      }),
    ]);
  });

  it('completes a draft into a paid order #1001, #1002 …, visible through DraftOrder.order and order(id)', async () => {
    const first = at(await createDraft(), 'draftOrder', 'id');
    const second = at(await createDraft(), 'draftOrder', 'id');
    const completed = await queryData(fake, SHOPIFY_DOCUMENTS.CompleteDraftOrder, { id: first });
    expect(at(completed, 'draftOrderComplete', 'draftOrder')).toMatchObject({
      status: 'COMPLETED',
      completedAt: '2026-11-22T15:30:00Z',
      order: { name: '#1001', displayFinancialStatus: 'PAID', displayFulfillmentStatus: 'UNFULFILLED' },
    });
    const again = await queryData(fake, SHOPIFY_DOCUMENTS.CompleteDraftOrder, { id: first });
    expect(at(again, 'draftOrderComplete', 'userErrors', 0, 'message')).toMatch(/already been completed/);
    const secondOrder = await queryData(fake, SHOPIFY_DOCUMENTS.CompleteDraftOrder, { id: second });
    expect(at(secondOrder, 'draftOrderComplete', 'draftOrder', 'order', 'name')).toBe('#1002');

    const orderId = String(at(completed, 'draftOrderComplete', 'draftOrder', 'order', 'id'));
    fake.control.fulfillOrder(orderId, { company: 'UPS', number: '1Z999', url: 'https://ups.example/1Z999' });
    const order = await queryData(fake, SHOPIFY_DOCUMENTS.GetOrder, { id: orderId });
    expect(at(order, 'order')).toEqual({
      id: orderId,
      legacyResourceId: orderId.split('/').at(-1),
      name: '#1001',
      email: 'buyer@example.com',
      displayFinancialStatus: 'PAID',
      displayFulfillmentStatus: 'FULFILLED',
      fullyPaid: true,
      cancelledAt: null,
      updatedAt: '2026-11-22T15:30:00Z',
      fulfillments: [
        {
          id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/),
          status: 'SUCCESS',
          displayStatus: 'FULFILLED',
          deliveredAt: null,
          createdAt: '2026-11-22T15:30:00Z',
          trackingInfo: [{ company: 'UPS', number: '1Z999', url: 'https://ups.example/1Z999' }],
        },
      ],
    });
  });

  it('deletes a draft: deletedId, then draftOrder(id) is null', async () => {
    const id = at(await createDraft(), 'draftOrder', 'id');
    const deleted = await queryData(fake, SHOPIFY_DOCUMENTS.DeleteDraftOrder, { id });
    expect(at(deleted, 'draftOrderDelete')).toEqual({ deletedId: id, userErrors: [] });
    expect(await queryData(fake, SHOPIFY_DOCUMENTS.GetDraftOrder, { id })).toEqual({ draftOrder: null });
    const twice = await queryData(fake, SHOPIFY_DOCUMENTS.DeleteDraftOrder, { id });
    expect(at(twice, 'draftOrderDelete', 'deletedId')).toBeNull();
  });
});

describe('invoice page (invoiceBaseUrl: self)', () => {
  it("serves the invoice URL with a 'Pay now' button that completes the draft into a paid order", async () => {
    const local = await startFakeShopify({ invoiceBaseUrl: 'self' });
    try {
      const [product] = local.control.seedProducts([
        { title: 'Mist', variants: [{ sku: 'M', price: '26.00' }] },
      ]);
      const data = await queryData(local, SHOPIFY_DOCUMENTS.CreateDraftOrder, {
        input: { email: 'a@example.com', lineItems: [{ variantId: product?.variants[0]?.id, quantity: 2 }] },
      });
      const invoiceUrl = String(at(data, 'draftOrderCreate', 'draftOrder', 'invoiceUrl'));
      expect(invoiceUrl.startsWith(`${local.url}/548380009/invoices/`)).toBe(true);

      const page = await fetch(invoiceUrl);
      const html = await page.text();
      expect(html).toContain('Pay now');
      expect(html).toContain('52.00');

      const paid = await fetch(`${invoiceUrl}/pay`, { method: 'POST' });
      expect(paid.url).toBe(invoiceUrl); // redirected back to the page
      expect(await paid.text()).toContain('order #1001');
      const draft = await queryData(local, SHOPIFY_DOCUMENTS.GetDraftOrder, {
        id: at(data, 'draftOrderCreate', 'draftOrder', 'id'),
      });
      expect(at(draft, 'draftOrder')).toMatchObject({
        status: 'COMPLETED',
        order: { name: '#1001', displayFinancialStatus: 'PAID' },
      });
      expect((await fetch(`${local.url}/548380009/invoices/${'0'.repeat(32)}`)).status).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe('webhookSubscriptionCreate', () => {
  it('registers a subscription and refuses the same address twice for a topic', async () => {
    const variables = {
      topic: 'ORDERS_PAID',
      sub: { uri: 'https://portal.example.com/api/shopify/webhooks', format: 'JSON' },
    };
    const created = await queryData(fake, SHOPIFY_DOCUMENTS.CreateWebhook, variables);
    expect(at(created, 'webhookSubscriptionCreate')).toEqual({
      webhookSubscription: {
        id: expect.stringMatching(/^gid:\/\/shopify\/WebhookSubscription\/\d+$/),
        topic: 'ORDERS_PAID',
        uri: 'https://portal.example.com/api/shopify/webhooks',
        format: 'JSON',
      },
      userErrors: [],
    });
    const duplicate = await queryData(fake, SHOPIFY_DOCUMENTS.CreateWebhook, variables);
    expect(at(duplicate, 'webhookSubscriptionCreate', 'userErrors', 0, 'message')).toBe(
      'Address for this topic has already been taken',
    );
    const insecure = await postGraphql(fake, SHOPIFY_DOCUMENTS.CreateWebhook, {
      topic: 'ORDERS_PAID',
      sub: { uri: 'http://portal.example.com/hook' },
    });
    expect(at(insecure.body.data, 'webhookSubscriptionCreate', 'userErrors', 0, 'message')).toMatch(
      /not supported/,
    );
  });
});
