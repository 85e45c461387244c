import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES } from '../../../shared/cart-rules';
import { checkInventoryResponseSchema, validateCartResponseSchema } from '../../../shared/schemas/pricing';
import { products } from '../../db/schema';
import { createTestApp, findSeededSpecialIds, sameOrigin, type TestApp } from '../../test/test-app';

const FOUR_OZ = 1;
const ONE_OZ = 21;

describe('POST /api/validate-cart and POST /api/check-inventory', () => {
  let t: TestApp;
  let bundleId: number;
  let testerId: number;

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: sameOrigin, payload });
  const validate = async (items: unknown[]) => {
    const response = await post('/api/validate-cart', { items });
    expect(response.statusCode, response.body).toBe(200);
    return validateCartResponseSchema.parse(response.json());
  };
  const inventory = async (skus: string[]) => {
    const response = await post('/api/check-inventory', { skus });
    expect(response.statusCode, response.body).toBe(200);
    return checkInventoryResponseSchema.parse(response.json()).inventory;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ bundleId, testerId } = await findSeededSpecialIds(t.app));
  });
  afterAll(() => t.close());

  describe('validate-cart', () => {
    it('accepts whole cases at today’s prices without warnings', async () => {
      expect(
        await validate([
          { productId: FOUR_OZ, quantity: 24, price: 9.59, name: '4 oz Bottle', sku: '800-0001' },
          { productId: ONE_OZ, quantity: 12, price: 4.37 },
          { productId: testerId, quantity: 1, price: 0 },
        ]),
      ).toEqual({ success: true, errors: [], warnings: [] });
    });

    it('answers an empty cart, or one of only zero quantities, with the spec’s message', async () => {
      const empty = { success: false, errors: [CART_MESSAGES.serverEmpty], warnings: [] };
      expect(await validate([])).toEqual(empty);
      expect(await validate([{ productId: FOUR_OZ, quantity: 0 }])).toEqual(empty);
      expect(CART_MESSAGES.serverEmpty).toBe('Your cart is empty. Please add at least one item.');
    });

    it('names products that are unknown or not for sale', async () => {
      const result = await validate([
        { productId: FOUR_OZ, quantity: 12 },
        { productId: 999, quantity: 12 },
        { productId: 17, quantity: 1 },
      ]);
      expect(result).toEqual({
        success: false,
        errors: ['Product 999 is not available', 'Product 17 is not available'],
        warnings: [],
      });
    });

    it('applies the cart rules with the spec’s messages', async () => {
      expect((await validate([{ productId: FOUR_OZ, quantity: 13 }])).errors).toEqual([
        'Case Quantity Error: Regular products must be ordered in full case quantities of 12 bottles.',
      ]);
      expect((await validate([{ productId: testerId, quantity: 2 }])).errors).toEqual([
        'Tester Quantity Error: Tester products can only be ordered as a single bottle. Please add only one tester to your order.',
      ]);
      // A tester-only order and a single bundle (exempt from the case multiple) are fine.
      expect((await validate([{ productId: testerId, quantity: 1 }])).success).toBe(true);
      expect((await validate([{ productId: bundleId, quantity: 1 }])).success).toBe(true);
    });

    it('warns, without failing, when a price the browser showed is not today’s price at the cart’s tier', async () => {
      const result = await validate([
        { productId: FOUR_OZ, quantity: 24, price: 10 },
        { productId: ONE_OZ, quantity: 12, price: 4.37 },
        { productId: bundleId, quantity: 1, price: 93 },
      ]);
      expect(result).toEqual({
        success: true,
        errors: [],
        warnings: [
          'The price of 4 oz Bottle changed from $10.00 to $9.59',
          'The price of Case of Mixed Bottles changed from $93.00 to $83.76',
        ],
      });
    });

    it('answers 400 naming the field for a malformed body', async () => {
      const cases: Array<[object, RegExp]> = [
        [{}, /^items: /],
        [{ items: [{ productId: 1, quantity: -1 }] }, /^items\.0\.quantity: must be at least 0/],
        [{ items: [{ productId: 'x', quantity: 12 }] }, /^items\.0\.productId: must be a number/],
        [{ items: [{ productId: 1, quantity: 12, price: 'ten' }] }, /^items\.0\.price: /],
      ];
      for (const [payload, message] of cases) {
        const response = await post('/api/validate-cart', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    });
  });

  describe('check-inventory', () => {
    it('reports products never synced with Shopify, the tester and the bundle as available, not counted', async () => {
      expect(await inventory(['800-0001', '800-0003', '800-0004', 'NOPE', 'SAMPLE-01'])).toEqual([
        { sku: '800-0001', available: true, inventoryQuantity: null },
        { sku: '800-0003', available: true, inventoryQuantity: null },
        { sku: '800-0004', available: true, inventoryQuantity: null },
        { sku: 'NOPE', available: false, inventoryQuantity: null },
        { sku: 'SAMPLE-01', available: false, inventoryQuantity: null },
      ]);
    });

    it('reports Shopify’s count for a synced product, available while above 0', async () => {
      await t.db
        .update(products)
        .set({ shopifyVariantId: 'gid://shopify/ProductVariant/1', inventoryQuantity: 0 })
        .where(eq(products.id, FOUR_OZ));
      await vi.waitFor(async () =>
        expect(await inventory(['800-0001'])).toEqual([
          { sku: '800-0001', available: false, inventoryQuantity: 0 },
        ]),
      );
      await t.db.update(products).set({ inventoryQuantity: 48 }).where(eq(products.id, FOUR_OZ));
      await vi.waitFor(async () =>
        expect(await inventory(['800-0001'])).toEqual([
          { sku: '800-0001', available: true, inventoryQuantity: 48 },
        ]),
      );
    });

    it('answers 400 naming the field without SKUs', async () => {
      for (const payload of [{}, { skus: [] }, { skus: [''] }]) {
        const response = await post('/api/check-inventory', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^skus/);
      }
    });
  });
});
