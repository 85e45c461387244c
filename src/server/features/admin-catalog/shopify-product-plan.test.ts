import { describe, expect, it } from 'vitest';
import type { ShopifyProduct, ShopifyVariant } from '../../integrations/shopify/shopify-api';
import { newRowName, planCatalogChanges, type PlanOptions, type PortalRow } from './shopify-product-plan';

const P = (n: number) => `gid://shopify/Product/${n}`;
const V = (n: number) => `gid://shopify/ProductVariant/${n}`;

function variant(n: number, sku: string | null, price = '10.00', extra: Partial<ShopifyVariant> = {}) {
  return {
    id: V(n),
    legacyResourceId: String(n),
    title: 'Default Title',
    sku,
    price,
    compareAtPrice: null,
    inventoryQuantity: 5,
    imageUrl: null,
    ...extra,
  } satisfies ShopifyVariant;
}

function product(n: number, variants: ShopifyVariant[], extra: Partial<ShopifyProduct> = {}): ShopifyProduct {
  return {
    id: P(n),
    legacyResourceId: String(n),
    title: `Product ${n}`,
    handle: `product-${n}`,
    status: 'ACTIVE',
    updatedAt: '2026-11-21T00:00:00Z',
    imageUrl: null,
    variants,
    ...extra,
  };
}

function row(id: number, sku: string, extra: Partial<PortalRow> = {}): PortalRow {
  return {
    id,
    name: `Row ${id}`,
    sku,
    price: 1000,
    inventoryQuantity: 5,
    imageUrl: null,
    shopifyProductId: null,
    shopifyVariantId: null,
    isVirtual: false,
    isTester: false,
    ...extra,
  };
}

const options = (overrides: Partial<PlanOptions>): PlanOptions => ({
  rows: [],
  allowedSkus: new Set(),
  create: 'allowed',
  pricePending: new Set(),
  ...overrides,
});

describe('planCatalogChanges', () => {
  it("takes Shopify's price, stock, image and GIDs, and changes nothing that already matches", () => {
    const linked = row(1, 'A', { shopifyProductId: P(1), shopifyVariantId: V(1) });
    const plan = planCatalogChanges(
      [
        product(1, [variant(1, 'A', '12.50', { inventoryQuantity: 9 })], { imageUrl: 'https://x/a.png' }),
        product(2, [variant(2, 'B')]),
      ],
      options({ rows: [linked, row(2, 'B', { shopifyProductId: P(2), shopifyVariantId: V(2) })] }),
    );
    expect(plan.matched.map(({ row: matched, values }) => [matched.id, values])).toEqual([
      [1, { price: 1250, inventoryQuantity: 9, imageUrl: 'https://x/a.png' }],
      [2, {}],
    ]);
    expect(plan.created).toEqual([]);
  });

  it("prefers a variant's own link over an equal SKU, in whatever order the variants come", () => {
    const plan = planCatalogChanges(
      [product(1, [variant(7, 'A')]), product(2, [variant(8, 'B')])],
      options({
        rows: [row(1, 'A'), row(2, 'B', { shopifyProductId: P(9), shopifyVariantId: V(7) })],
        allowedSkus: new Set(['A', 'B']),
      }),
    );
    // Variant 7 (SKU A) belongs to row 2 by its link; row 1 (SKU A) is not taken over by it.
    expect(plan.matched.map(({ row: matched, variantId }) => [matched.id, variantId])).toEqual([[2, V(7)]]);
    // Variant 8's SKU B is row 2's, which variant 7 holds.
    expect(plan.skipped.map(({ sku, reason }) => [sku, reason])).toEqual([['B', 'duplicate-sku']]);
  });

  it('links an unlinked row by SKU; re-links a linked one only when its variant is gone or on import', () => {
    const rows = [row(1, 'A'), row(2, 'B', { shopifyVariantId: V(50), shopifyProductId: P(50) })];
    const products = [product(1, [variant(1, 'A')]), product(2, [variant(2, 'B')])];

    const webhook = planCatalogChanges(products, options({ rows }));
    expect(webhook.matched.map(({ row: matched }) => matched.id)).toEqual([1]);
    expect(webhook.skipped).toMatchObject([{ sku: 'B', reason: 'linked-elsewhere' }]);

    const stillLive = planCatalogChanges(
      products,
      options({ rows, liveVariantIds: new Set([V(1), V(2), V(50)]) }),
    );
    expect(stillLive.skipped).toMatchObject([{ sku: 'B', reason: 'linked-elsewhere' }]);

    const gone = planCatalogChanges(products, options({ rows, liveVariantIds: new Set([V(1), V(2)]) }));
    expect(gone.matched[1]?.values).toMatchObject({ shopifyVariantId: V(2), shopifyProductId: P(2) });

    const imported = planCatalogChanges(products, options({ rows, relinkLinked: true }));
    expect(imported.matched.map(({ row: matched }) => matched.id)).toEqual([1, 2]);
  });

  it('creates rows only for allowed SKUs (or any SKU on import), once per SKU, active only when the product is', () => {
    const products = [
      product(1, [variant(1, 'NEW', '24.00', { inventoryQuantity: null })], { status: 'DRAFT' }),
      product(2, [variant(2, 'OTHER'), variant(3, null), variant(4, 'NEW')]),
    ];
    const refresh = planCatalogChanges(products, options({ allowedSkus: new Set(['NEW']) }));
    expect(refresh.created).toEqual([
      {
        name: 'Product 1',
        sku: 'NEW',
        price: 2400,
        inventoryQuantity: 0,
        imageUrl: null,
        shopifyProductId: P(1),
        shopifyVariantId: V(1),
        isActive: false,
      },
    ]);
    expect(refresh.skipped.map(({ sku, reason }) => [sku, reason])).toEqual([
      ['OTHER', 'not-allowed'],
      [null, 'no-sku'],
      ['NEW', 'duplicate-sku'],
    ]);

    const imported = planCatalogChanges(products, options({ create: 'any' }));
    expect(imported.created.map((created) => created.sku)).toEqual(['NEW', 'OTHER']);
  });

  it('never touches the bundle, keeps the tester free, and keeps a price whose push is queued', () => {
    const plan = planCatalogChanges(
      [product(1, [variant(1, 'BUNDLE'), variant(2, 'TESTER', '5.00'), variant(3, 'EDITED', '30.00')])],
      options({
        rows: [
          row(1, 'BUNDLE', { isVirtual: true }),
          row(2, 'TESTER', { isTester: true, price: 0, shopifyVariantId: V(2), shopifyProductId: P(1) }),
          row(3, 'EDITED', { price: 3300, shopifyVariantId: V(3), shopifyProductId: P(1) }),
        ],
        allowedSkus: new Set(['BUNDLE']),
        pricePending: new Set([3]),
      }),
    );
    expect(plan.skipped).toMatchObject([{ sku: 'BUNDLE', reason: 'bundle' }]);
    expect(plan.matched.map(({ row: matched, values }) => [matched.sku, values])).toEqual([
      ['TESTER', {}],
      ['EDITED', {}],
    ]);
    expect(plan.created).toEqual([]);
  });

  it('leaves a price it cannot read, and keeps an image when Shopify has none', () => {
    const plan = planCatalogChanges(
      [product(1, [variant(1, 'A', 'abc'), variant(2, 'B', '-1.00')])],
      options({
        rows: [
          row(1, 'A', { imageUrl: 'https://x/kept.png', shopifyVariantId: V(1), shopifyProductId: P(1) }),
        ],
        allowedSkus: new Set(['B']),
      }),
    );
    expect(plan.matched[0]?.values).toEqual({});
    expect(plan.skipped.map(({ sku, reason }) => [sku, reason])).toEqual([
      ['A', 'bad-price'],
      ['B', 'bad-price'],
    ]);
  });
});

describe('newRowName', () => {
  it("adds the variant's title only when the product has several variants", () => {
    const single = product(1, [variant(1, 'A')], { title: 'Rose Mist' });
    expect(newRowName(single, single.variants[0] as ShopifyVariant)).toBe('Rose Mist');
    const several = product(2, [variant(2, 'B', '1.00', { title: '4 oz' }), variant(3, 'C')], {
      title: 'Lavender',
    });
    expect(newRowName(several, several.variants[0] as ShopifyVariant)).toBe('Lavender - 4 oz');
    expect(newRowName(several, several.variants[1] as ShopifyVariant)).toBe('Lavender');
  });
});
