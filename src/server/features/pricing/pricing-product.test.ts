import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../db/schema';
import { toPricingProduct } from './pricing-product';

const row = (overrides: Partial<ProductRow>): ProductRow => ({
  id: 1,
  name: '4 oz bottle',
  description: 'Our best seller',
  price: 1065,
  wholesalePrice: 900,
  msrp: 1900,
  sku: '800-0001',
  imageUrl: null,
  caseSize: 12,
  shopifyProductId: 'gid://shopify/Product/1',
  shopifyVariantId: 'gid://shopify/ProductVariant/1',
  isActive: true,
  inventoryQuantity: 40,
  isTester: false,
  isVirtual: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...overrides,
});

describe('toPricingProduct', () => {
  it('keeps what the pricing engine reads, and the components of this product only', () => {
    const components = [
      { virtualProductId: 4, componentProductId: 1, quantity: 6 },
      { virtualProductId: 4, componentProductId: 2, quantity: 6 },
      { virtualProductId: 5, componentProductId: 1, quantity: 3 },
    ];
    expect(toPricingProduct(row({ id: 4, sku: '800-0004', isVirtual: true }), components)).toEqual({
      id: 4,
      sku: '800-0004',
      name: '4 oz bottle',
      price: 1065,
      wholesalePrice: 900,
      msrp: 1900,
      caseSize: 12,
      isTester: false,
      isVirtual: true,
      components: [
        { productId: 1, quantity: 6 },
        { productId: 2, quantity: 6 },
      ],
    });
    expect(toPricingProduct(row({}), components).components).toEqual([]);
  });
});
