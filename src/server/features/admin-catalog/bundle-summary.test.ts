import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../db/schema';
import { describeBundle, type BundlePart } from './bundle-summary';

const at = new Date('2031-01-01T00:00:00.000Z');

function row(overrides: Partial<ProductRow> & Pick<ProductRow, 'id' | 'sku'>): ProductRow {
  return {
    name: overrides.sku,
    description: null,
    price: 0,
    wholesalePrice: null,
    msrp: null,
    imageUrl: null,
    caseSize: 12,
    shopifyProductId: null,
    shopifyVariantId: null,
    isActive: true,
    inventoryQuantity: 0,
    isTester: false,
    isVirtual: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const bundle = row({ id: 30, sku: '800-0004', price: 775, wholesalePrice: 775, isVirtual: true });
const four = row({ id: 1, sku: '800-0001', price: 2600, wholesalePrice: 1065 });
const one = row({ id: 21, sku: '800-0002', price: 1000, wholesalePrice: 485 });
const counted = (product: ProductRow, stock: number): ProductRow => ({
  ...product,
  shopifyVariantId: `v-${product.id}`,
  inventoryQuantity: stock,
});
const partsOf = (...components: ProductRow[]): BundlePart[] =>
  components.map((component) => ({ virtualProductId: bundle.id, quantity: 6, component }));

describe('describeBundle (docs/admin.md#variants)', () => {
  it("prices the bundle from its components, not from its own row's $7.75", () => {
    expect(describeBundle(bundle, partsOf(four, one))).toMatchObject({
      retailPrice: 216,
      wholesalePrice: 93,
      bundlesInStock: null,
    });
  });

  it("counts whole bundles only when every component's stock is counted; a negative count makes none", () => {
    expect(describeBundle(bundle, partsOf(counted(four, 40), one)).bundlesInStock).toBeNull();
    expect(describeBundle(bundle, partsOf(counted(four, 40), counted(one, 13))).bundlesInStock).toBe(2);
    expect(describeBundle(bundle, partsOf(counted(four, -3), counted(one, 13))).bundlesInStock).toBe(0);
  });

  it("ignores other bundles' parts, and without components falls back to the engine's $93.00", () => {
    const other: BundlePart = { virtualProductId: 99, quantity: 1, component: counted(four, 5) };
    expect(describeBundle(bundle, [other])).toEqual({
      components: [],
      retailPrice: null,
      wholesalePrice: 93,
      bundlesInStock: null,
    });
  });
});
