import { describe, expect, it } from 'vitest';
import { scriptedClient } from './shopify-api-test-support';
import { toGid } from './shopify-api';

const image = (url: string) => ({ preview: { image: { url, altText: null } } });
const variant = (id: number, extra: Record<string, unknown> = {}) => ({
  id: `gid://shopify/ProductVariant/${id}`,
  legacyResourceId: String(id),
  title: `Variant ${id}`,
  sku: `SKU-${id}`,
  price: '10.65',
  compareAtPrice: null,
  inventoryQuantity: 5,
  ...extra,
});
const page = (nodes: unknown[], endCursor: string | null, hasNextPage = endCursor !== null) => ({
  pageInfo: { hasNextPage, endCursor },
  nodes,
});
const productFields = (id: number) => ({
  id: `gid://shopify/Product/${id}`,
  legacyResourceId: String(id),
  title: `Product ${id}`,
  handle: `product-${id}`,
  status: 'ACTIVE',
  updatedAt: '2026-11-20T10:00:00Z',
  featuredMedia: image(`https://cdn.example.com/${id}.jpg`),
  variantsCount: { count: 1, precision: 'EXACT' },
});
const listed = (id: number, variants: ReturnType<typeof page>) => ({ ...productFields(id), variants });
const fetched = (id: number, variants: ReturnType<typeof page>) => ({
  product: { ...productFields(id), variants },
});
/** A variant as GetProduct selects it: with its first image and the portal-visibility metafield. */
const withMedia = (node: ReturnType<typeof variant>, url?: string, visible: string | null = null) => ({
  ...node,
  portalVisible: visible === null ? null : { value: visible },
  media: { nodes: url ? [image(url)] : [] },
});

describe('toGid', () => {
  it('turns numeric ids into GIDs of the given type and keeps matching GIDs', () => {
    expect(toGid('Product', '123')).toBe('gid://shopify/Product/123');
    expect(toGid('Order', 820982911946154508n.toString())).toBe('gid://shopify/Order/820982911946154508');
    expect(toGid('ProductVariant', 'gid://shopify/ProductVariant/9')).toBe('gid://shopify/ProductVariant/9');
    expect(toGid('DraftOrder', ' 7 ')).toBe('gid://shopify/DraftOrder/7');
  });

  it('refuses other types, names and garbage', () => {
    expect(toGid('Product', 'gid://shopify/ProductVariant/9')).toBeNull();
    expect(toGid('DraftOrder', '#D12')).toBeNull();
    expect(toGid('Order', '')).toBeNull();
    expect(toGid('Order', 'gid://shopify/Order/1/../2')).toBeNull();
  });
});

describe('listProducts', () => {
  it('follows product pages and the variant pages of a product with more variants than one page', async () => {
    const { api, calls } = scriptedClient({
      ListProducts: [
        () => ({
          products: page(
            [listed(1, page([variant(11)], null)), listed(2, page([variant(21), variant(22)], 'v22'))],
            'p2',
          ),
        }),
        () => ({ products: page([listed(3, page([variant(31)], null))], 'p3', false) }),
      ],
      GetProduct: [
        () => fetched(2, page([withMedia(variant(23), 'https://cdn.example.com/v23.jpg')], 'v23')),
        () => fetched(2, page([withMedia(variant(24))], null)),
      ],
    });

    const result = await api.listProducts();

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(
      result.data.map((product) => [product.id, product.variants.map((v) => v.legacyResourceId)]),
    ).toEqual([
      ['gid://shopify/Product/1', ['11']],
      ['gid://shopify/Product/2', ['21', '22', '23', '24']],
      ['gid://shopify/Product/3', ['31']],
    ]);
    expect(result.data[1]!.variants.map((v) => v.imageUrl)).toEqual([
      null,
      null,
      'https://cdn.example.com/v23.jpg',
      null,
    ]);
    expect(result.data[0]).toEqual({
      id: 'gid://shopify/Product/1',
      legacyResourceId: '1',
      title: 'Product 1',
      handle: 'product-1',
      status: 'ACTIVE',
      updatedAt: '2026-11-20T10:00:00Z',
      imageUrl: 'https://cdn.example.com/1.jpg',
      variants: [
        {
          id: 'gid://shopify/ProductVariant/11',
          legacyResourceId: '11',
          title: 'Variant 11',
          sku: 'SKU-11',
          price: '10.65',
          compareAtPrice: null,
          inventoryQuantity: 5,
          imageUrl: null,
        },
      ],
    });
    expect(calls.map((call) => [call.name, call.variables])).toEqual([
      ['ListProducts', { first: 10, after: null, query: null, variantsFirst: 50 }],
      ['GetProduct', { id: 'gid://shopify/Product/2', variantsFirst: 100, variantsAfter: 'v22' }],
      ['GetProduct', { id: 'gid://shopify/Product/2', variantsFirst: 100, variantsAfter: 'v23' }],
      ['ListProducts', { first: 10, after: 'p2', query: null, variantsFirst: 50 }],
    ]);
  });

  it('passes the search query and keeps every page under the 1000-point cost limit', async () => {
    const { api, calls } = scriptedClient({ ListProducts: () => ({ products: page([], null) }) });
    await api.listProducts({ query: 'status:active,draft', pageSize: 100, variantsPerPage: 50 });
    expect(calls[0]!.variables).toEqual({
      first: 17,
      after: null,
      query: 'status:active,draft',
      variantsFirst: 50,
    });
    expect(calls[0]!.estimatedCost).toBeLessThanOrEqual(1000);
    expect(calls[0]!.estimatedCost).toBe(2 + 17 * 57);
  });

  it('stops with the error when a later page fails', async () => {
    const failure = {
      ok: false,
      error: { kind: 'server', message: 'HTTP 503', retryable: true, status: 503 },
    };
    const { api } = scriptedClient({
      ListProducts: [() => ({ products: page([listed(1, page([variant(11)], null))], 'p1') }), () => failure],
    });
    expect(await api.listProducts()).toEqual(failure);
  });

  it('refuses a page that claims more without a new cursor instead of looping forever', async () => {
    const { api } = scriptedClient({ ListProducts: () => ({ products: page([], null, true) }) });
    expect(await api.listProducts()).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
  });

  it('reports a field the document did not select as invalid-response (a drifting store)', async () => {
    const { api } = scriptedClient({
      ListProducts: () => ({ products: page([{ ...listed(1, page([], null)), vendor: 'Acme' }], null) }),
    });
    expect(await api.listProducts()).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
  });

  it('rejects money that is not a decimal string', async () => {
    const { api } = scriptedClient({
      ListProducts: () => ({
        products: page([listed(1, page([variant(11, { price: 10.65 })], null))], null),
      }),
    });
    expect(await api.listProducts()).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
  });
});

describe('getProduct', () => {
  it('accepts a numeric id, follows variant pages and keeps variant images', async () => {
    const { api, calls } = scriptedClient({
      GetProduct: [
        () => fetched(8, page([withMedia(variant(1), 'https://cdn.example.com/1.jpg', 'false')], 'c1')),
        () => fetched(8, page([withMedia(variant(2))], null)),
      ],
    });
    const result = await api.getProduct('8');
    expect(result).toMatchObject({
      ok: true,
      data: { id: 'gid://shopify/Product/8', imageUrl: 'https://cdn.example.com/8.jpg' },
    });
    if (result.ok)
      expect(result.data.variants.map((v) => [v.id, v.imageUrl, v.portalVisible])).toEqual([
        ['gid://shopify/ProductVariant/1', 'https://cdn.example.com/1.jpg', false],
        ['gid://shopify/ProductVariant/2', null, null],
      ]);
    expect(calls.map((call) => call.variables)).toEqual([
      { id: 'gid://shopify/Product/8', variantsFirst: 100, variantsAfter: null },
      { id: 'gid://shopify/Product/8', variantsFirst: 100, variantsAfter: 'c1' },
    ]);
  });

  it('answers not-found for a null product, and for an id that is not a product id without asking', async () => {
    const { api, calls } = scriptedClient({ GetProduct: () => ({ product: null }) });
    expect(await api.getProduct('gid://shopify/Product/404')).toMatchObject({
      ok: false,
      error: { kind: 'not-found', retryable: false },
    });
    expect(await api.getProduct('gid://shopify/ProductVariant/1')).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(calls).toHaveLength(1);
  });
});

const draftNode = {
  id: 'gid://shopify/DraftOrder/42',
  legacyResourceId: '42',
  name: '#D42',
  status: 'OPEN',
  invoiceUrl: 'https://wholesale.myshopify.com/1/invoices/abcd',
  email: 'buyer@example.com',
  note2: 'WO-1042',
  ready: true,
  totalPriceSet: { shopMoney: { amount: '127.80', currencyCode: 'USD' } },
};

describe('draft orders', () => {
  it('creates a draft: numeric variant ids become GIDs, money stays a string, the total comes back', async () => {
    const { api, calls } = scriptedClient({
      CreateDraftOrder: () => ({ draftOrderCreate: { draftOrder: draftNode, userErrors: [] } }),
    });
    const result = await api.createDraftOrder({
      email: 'buyer@example.com',
      note: 'WO-1042',
      tags: ['portal-order-1042'],
      shippingAddress: { address1: '1 Main St', countryCode: 'CA' },
      lineItems: [
        { variantId: '44567890123', quantity: 12, priceOverride: { amount: '10.65', currencyCode: 'USD' } },
      ],
    });
    expect(result).toEqual({
      ok: true,
      data: {
        id: 'gid://shopify/DraftOrder/42',
        legacyResourceId: '42',
        name: '#D42',
        status: 'OPEN',
        invoiceUrl: 'https://wholesale.myshopify.com/1/invoices/abcd',
        totalPrice: '127.80',
      },
    });
    const sent = {
      input: {
        email: 'buyer@example.com',
        note: 'WO-1042',
        tags: ['portal-order-1042'],
        shippingAddress: { address1: '1 Main St', countryCode: 'CA' },
        lineItems: [
          {
            variantId: 'gid://shopify/ProductVariant/44567890123',
            quantity: 12,
            priceOverride: { amount: '10.65', currencyCode: 'USD' },
          },
        ],
      },
    };
    // Without a purchasing entity, byte for byte what a customer-based draft has always sent.
    expect(JSON.stringify(calls[0]!.variables)).toBe(JSON.stringify(sent));
  });

  it('sends a B2B purchasing company as GIDs with the billing address, and never a customerId', async () => {
    const { api, calls } = scriptedClient({
      CreateDraftOrder: () => ({ draftOrderCreate: { draftOrder: draftNode, userErrors: [] } }),
    });
    const line = { variantId: '1', quantity: 1, priceOverride: { amount: '1.00', currencyCode: 'USD' } };
    const address = { address1: '1 Main St', city: 'Austin', provinceCode: 'TX', countryCode: 'US' };
    const input = {
      email: 'buyer@example.com',
      shippingAddress: address,
      billingAddress: { ...address, address1: '2 Bill St' },
      lineItems: [line],
      purchasingEntity: {
        purchasingCompany: {
          companyId: '426598',
          companyLocationId: 'gid://shopify/CompanyLocation/441',
          companyContactId: '9001',
        },
      },
      customerId: 'gid://shopify/Customer/7001',
    };
    expect(await api.createDraftOrder(input)).toMatchObject({ ok: true });
    expect(calls[0]!.variables).toEqual({
      input: {
        email: 'buyer@example.com',
        shippingAddress: address,
        billingAddress: { ...address, address1: '2 Bill St' },
        purchasingEntity: {
          purchasingCompany: {
            companyId: 'gid://shopify/Company/426598',
            companyLocationId: 'gid://shopify/CompanyLocation/441',
            companyContactId: 'gid://shopify/CompanyContact/9001',
          },
        },
        lineItems: [{ ...line, variantId: 'gid://shopify/ProductVariant/1' }],
      },
    });
    expect(JSON.stringify(calls[0]!.variables)).not.toContain('customerId');
  });

  it('refuses a purchasing company id of another type without asking Shopify', async () => {
    const { api, calls } = scriptedClient({});
    const line = { variantId: '1', quantity: 1, priceOverride: { amount: '1.00', currencyCode: 'USD' } };
    const company = { companyId: '1', companyLocationId: '2', companyContactId: '3' };
    for (const [key, wrong] of [
      ['companyId', 'gid://shopify/Customer/1'],
      ['companyLocationId', 'gid://shopify/Company/2'],
      ['companyContactId', '#D3'],
    ] as const) {
      const result = await api.createDraftOrder({
        email: 'a@b.c',
        lineItems: [line],
        purchasingEntity: { purchasingCompany: { ...company, [key]: wrong } },
      });
      expect(result).toMatchObject({
        ok: false,
        error: { kind: 'graphql', retryable: false, message: expect.stringContaining(`.${key} '${wrong}'`) },
      });
    }
    expect(calls).toEqual([]);
  });

  it('turns userErrors into user-errors and refuses a line without a variant id', async () => {
    const { api, calls } = scriptedClient({
      CreateDraftOrder: () => ({
        draftOrderCreate: {
          draftOrder: null,
          userErrors: [{ field: ['lineItems', '0', 'variantId'], message: 'Variant not found' }],
        },
      }),
    });
    const line = { quantity: 1, priceOverride: { amount: '1.00', currencyCode: 'USD' } };
    expect(await api.createDraftOrder({ email: 'a@b.c', lineItems: [{ ...line, variantId: '1' }] })).toEqual({
      ok: false,
      error: {
        kind: 'user-errors',
        retryable: false,
        message: 'draftOrderCreate: lineItems.0.variantId: Variant not found',
        userErrors: [{ field: ['lineItems', '0', 'variantId'], message: 'Variant not found' }],
      },
    });
    expect(
      await api.createDraftOrder({ email: 'a@b.c', lineItems: [{ ...line, variantId: 'SKU-1' }] }),
    ).toMatchObject({
      ok: false,
      error: { retryable: false },
    });
    expect(calls).toHaveLength(1);
  });

  it('finds a draft by its exact tag, quoting the search value', async () => {
    const node = { id: 'gid://shopify/DraftOrder/7', name: '#D7', status: 'INVOICE_SENT', invoiceUrl: null };
    const { api, calls } = scriptedClient({
      FindDraftOrderByTag: [
        () => ({ draftOrders: { nodes: [{ ...node, tags: ['wholesale', 'Portal-Order-7'] }] } }),
        () => ({ draftOrders: { nodes: [{ ...node, tags: ['portal-order-70'] }] } }),
        () => ({ draftOrders: { nodes: [] } }),
      ],
    });
    expect(await api.findDraftOrderByTag('portal-order-7')).toEqual({
      ok: true,
      data: { id: 'gid://shopify/DraftOrder/7', name: '#D7', status: 'INVOICE_SENT', invoiceUrl: null },
    });
    expect(await api.findDraftOrderByTag('portal-order-7')).toEqual({ ok: true, data: null });
    expect(await api.findDraftOrderByTag("it's")).toEqual({ ok: true, data: null });
    expect(calls.map((call) => call.variables.query)).toEqual([
      "tag:'portal-order-7'",
      "tag:'portal-order-7'",
      "tag:'it\\'s'",
    ]);
  });

  it('gets a draft with its order, and answers not-found for a missing one', async () => {
    const { api, calls } = scriptedClient({
      GetDraftOrder: [
        () => ({
          draftOrder: {
            id: 'gid://shopify/DraftOrder/42',
            name: '#D42',
            status: 'COMPLETED',
            ready: true,
            invoiceUrl: null,
            invoiceSentAt: '2026-11-20T10:00:00Z',
            completedAt: '2026-11-21T10:00:00Z',
            order: {
              id: 'gid://shopify/Order/1001',
              name: '#1001',
              displayFinancialStatus: 'PAID',
              displayFulfillmentStatus: 'UNFULFILLED',
            },
          },
        }),
        () => ({ draftOrder: null }),
      ],
    });
    expect(await api.getDraftOrder('42')).toMatchObject({
      ok: true,
      data: { name: '#D42', status: 'COMPLETED', order: { name: '#1001', displayFinancialStatus: 'PAID' } },
    });
    expect(await api.getDraftOrder('43')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(calls.map((call) => call.variables)).toEqual([
      { id: 'gid://shopify/DraftOrder/42' },
      { id: 'gid://shopify/DraftOrder/43' },
    ]);
  });

  it('sends the invoice (email null when not given), updates, completes and deletes', async () => {
    const sent = {
      id: 'gid://shopify/DraftOrder/42',
      name: '#D42',
      status: 'INVOICE_SENT',
      invoiceUrl: 'https://x/i',
      invoiceSentAt: '2026-11-20T10:00:00Z',
    };
    const { api, calls } = scriptedClient({
      SendDraftOrderInvoice: () => ({ draftOrderInvoiceSend: { draftOrder: sent, userErrors: [] } }),
      UpdateDraftOrder: () => ({
        draftOrderUpdate: {
          draftOrder: {
            id: 'gid://shopify/DraftOrder/42',
            legacyResourceId: '42',
            name: '#D42',
            status: 'OPEN',
            invoiceUrl: null,
            invoiceSentAt: null,
            totalPriceSet: { shopMoney: { amount: '93.00', currencyCode: 'USD' } },
          },
          userErrors: [],
        },
      }),
      CompleteDraftOrder: () => ({
        draftOrderComplete: {
          draftOrder: {
            id: 'gid://shopify/DraftOrder/42',
            name: '#D42',
            status: 'COMPLETED',
            invoiceUrl: null,
            completedAt: '2026-11-21T10:00:00Z',
            order: {
              id: 'gid://shopify/Order/1',
              name: '#1001',
              displayFinancialStatus: 'PAID',
              displayFulfillmentStatus: 'UNFULFILLED',
            },
          },
          userErrors: [],
        },
      }),
      DeleteDraftOrder: [
        () => ({ draftOrderDelete: { deletedId: 'gid://shopify/DraftOrder/42', userErrors: [] } }),
        () => ({ draftOrderDelete: { deletedId: null, userErrors: [] } }),
      ],
    });

    expect(await api.sendDraftOrderInvoice('42')).toEqual({ ok: true, data: sent });
    expect(
      await api.updateDraftOrder('gid://shopify/DraftOrder/42', { note: null, email: undefined }),
    ).toMatchObject({
      ok: true,
      data: { totalPrice: '93.00', invoiceSentAt: null },
    });
    expect(await api.completeDraftOrder('42')).toMatchObject({
      ok: true,
      data: { status: 'COMPLETED', order: { name: '#1001' } },
    });
    expect(await api.deleteDraftOrder('42')).toEqual({
      ok: true,
      data: { deletedId: 'gid://shopify/DraftOrder/42' },
    });
    expect(await api.deleteDraftOrder('42')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(calls.slice(0, 3).map((call) => call.variables)).toEqual([
      { id: 'gid://shopify/DraftOrder/42', email: null },
      { id: 'gid://shopify/DraftOrder/42', input: { note: null } },
      { id: 'gid://shopify/DraftOrder/42' },
    ]);
  });
});

describe('updateVariants', () => {
  it('sends GIDs, omits an absent compareAtPrice, sends null to clear one and visibility as a boolean metafield', async () => {
    const { api, calls } = scriptedClient({
      UpdateVariants: () => ({
        productVariantsBulkUpdate: {
          product: { id: 'gid://shopify/Product/1' },
          productVariants: [
            { id: 'gid://shopify/ProductVariant/2', price: '10.00', compareAtPrice: null },
            { id: 'gid://shopify/ProductVariant/3', price: '12.50', compareAtPrice: '20.00' },
          ],
          userErrors: [],
        },
      }),
    });
    const result = await api.updateVariants('1', [
      { id: '2', price: '10.00', compareAtPrice: null },
      { id: 'gid://shopify/ProductVariant/3', price: '12.50', portalVisible: false },
    ]);
    expect(result).toEqual({
      ok: true,
      data: [
        { id: 'gid://shopify/ProductVariant/2', price: '10.00', compareAtPrice: null },
        { id: 'gid://shopify/ProductVariant/3', price: '12.50', compareAtPrice: '20.00' },
      ],
    });
    expect(calls[0]!.variables).toEqual({
      productId: 'gid://shopify/Product/1',
      variants: [
        { id: 'gid://shopify/ProductVariant/2', price: '10.00', compareAtPrice: null },
        {
          id: 'gid://shopify/ProductVariant/3',
          price: '12.50',
          metafields: [{ namespace: 'wholesale_portal', key: 'visible', type: 'boolean', value: 'false' }],
        },
      ],
    });
  });
});

describe('getOrder', () => {
  it('returns the order with fulfilments and tracking, and not-found for null', async () => {
    const order = {
      id: 'gid://shopify/Order/820982911946154508',
      legacyResourceId: '820982911946154508',
      name: '#1001',
      email: 'buyer@example.com',
      displayFinancialStatus: 'PAID',
      displayFulfillmentStatus: 'FULFILLED',
      fullyPaid: true,
      cancelledAt: null,
      updatedAt: '2026-11-23T16:00:05Z',
      fulfillments: [
        {
          id: 'gid://shopify/Fulfillment/1',
          status: 'SUCCESS',
          displayStatus: 'DELIVERED',
          createdAt: '2026-11-21T10:00:00Z',
          deliveredAt: '2026-11-23T16:00:00Z',
          trackingInfo: [{ company: 'UPS', number: '1Z999', url: 'https://ups.example/1Z999' }],
        },
      ],
    };
    const { api, calls } = scriptedClient({ GetOrder: [() => ({ order }), () => ({ order: null })] });
    expect(await api.getOrder('820982911946154508')).toEqual({ ok: true, data: order });
    expect(await api.getOrder('gid://shopify/Order/2')).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(await api.getOrder('#1001')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(calls.map((call) => call.variables.id)).toEqual([
      'gid://shopify/Order/820982911946154508',
      'gid://shopify/Order/2',
    ]);
  });
});
