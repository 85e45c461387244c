import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { centsToDollars } from '../../../shared/money';
import { selectTier, totalCases, unitPrice } from '../../../shared/pricing';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import { errorBodySchema } from '../../../shared/schemas/errors';
import { pricingCatalogSchema } from '../../../shared/schemas/pricing';
import { productListSchema, productSchema } from '../../../shared/schemas/products';
import { allowedSkus, pricingTiers, productPricingTiers } from '../../db/schema';
import { createTestApp, sameOrigin, type TestApp } from '../../test/test-app';

describe('GET /api/products/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every storefront product exactly as the product list shows it', async () => {
    const list = productListSchema.parse((await t.app.inject({ url: '/api/products' })).json());
    for (const listed of list) {
      const response = await t.app.inject({ url: `/api/products/${listed.id}` });
      expect(response.statusCode).toBe(200);
      expect(productSchema.parse(response.json())).toEqual(listed);
    }
  });

  it('answers 404 for an unknown product and for one not for sale (the legacy tester 17)', async () => {
    for (const id of [17, 999, 2_147_483_647]) {
      const response = await t.app.inject({ url: `/api/products/${id}` });
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json())).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Product not found',
      });
    }
  });

  it('answers 400 naming the id for an id that is not a positive whole number in range', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const response = await t.app.inject({ url: `/api/products/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(errorBodySchema.parse(response.json()).message, id).toMatch(/^id: /);
    }
  });
});

/**
 * The browser prices instantly from GET /api/products + GET /api/pricing-catalog, the server recomputes; the
 * two must agree to the cent for any cart, custom prices and hidden components included
 * (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server).
 */
describe('the browser’s engine and the server price every cart alike', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function browserCatalog() {
    const products = productListSchema.parse((await t.app.inject({ url: '/api/products' })).json());
    const pricing = pricingCatalogSchema.parse((await t.app.inject({ url: '/api/pricing-catalog' })).json());
    return catalogFromApi(products, pricing);
  }

  async function expectSamePrices(runs = 60) {
    const catalog = await browserCatalog();
    const ids = [...catalog.products.keys()];
    const line = fc.record({
      productId: fc.constantFrom(...ids),
      quantity: fc.oneof(
        fc.integer({ min: 0, max: 6 }).map((cases) => cases * 12),
        fc.nat(80),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 5 }), fc.option(fc.nat(60)), async (items, given) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/calculate-prices',
          headers: sameOrigin,
          payload: { items, ...(given === null ? {} : { totalCases: given }) },
        });
        const tier = selectTier(catalog.tiers, given ?? totalCases(catalog, items));
        const expected = items.map((item) => ({
          productId: item.productId,
          price: centsToDollars(unitPrice(catalog, catalog.products.get(item.productId)!, tier)),
        }));
        expect(response.json()).toEqual({ prices: expected });
      }),
      { numRuns: runs },
    );
  }

  it('with the seeded catalogue', async () => {
    await expectSamePrices();
  });

  it('with custom tier prices', async () => {
    const tiers = await t.db.select().from(pricingTiers);
    await t.db.insert(productPricingTiers).values([
      { productId: 1, tierId: tiers[0]!.id, price: 999 },
      { productId: 21, tierId: tiers[2]!.id, price: 399 },
      { productId: 27, tierId: tiers[3]!.id, price: 650 },
    ]);
    await vi.waitFor(async () => expect((await browserCatalog()).customPrices).toHaveLength(3));
    await expectSamePrices();
  });

  it('when a bundle component is hidden: both fall back to 93.00 for the bundle', async () => {
    await t.db.update(allowedSkus).set({ isActive: false }).where(eq(allowedSkus.sku, '800-0002'));
    await vi.waitFor(async () => expect((await browserCatalog()).products.has(21)).toBe(false));
    const catalog = await browserCatalog();
    const bundle = [...catalog.products.values()].find((product) => product.sku === '800-0004')!;
    const response = await t.app.inject({ url: `/api/products/${bundle.id}/price?quantity=1` });
    expect(response.json().price).toBe(88.35); // 93.00 less 5 %
    expect((await t.app.inject({ url: '/api/products/21' })).statusCode).toBe(404);
    await expectSamePrices();
  });
});
