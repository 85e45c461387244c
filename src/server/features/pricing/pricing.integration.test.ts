import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/errors';
import { pricingCatalogSchema, pricingTierSchema } from '../../../shared/schemas/pricing';
import { pricingTiers, productPricingTiers } from '../../db/schema';
import { createTestApp, findSeededSpecialIds, sameOrigin, type TestApp } from '../../test/test-app';

const FOUR_OZ = 1;
const ONE_OZ = 21;
const SPLIT_PACK = 27;

describe('pricing endpoints', () => {
  let t: TestApp;
  let bundleId: number;
  let testerId: number;

  const priceOf = async (productId: number, query = '') => {
    const response = await t.app.inject({ url: `/api/products/${productId}/price${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ productId: number; price: number }>().price;
  };
  const calculate = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/calculate-prices', headers: sameOrigin, payload });

  beforeAll(async () => {
    t = await createTestApp();
    ({ bundleId, testerId } = await findSeededSpecialIds(t.app));
  });
  afterAll(() => t.close());

  describe('GET /api/products/:id/price', () => {
    it('prices a bottle at the tier of totalCases: none at 0, then 5, 7, 10, 10, 15 and 15 %', async () => {
      const byCases: Array<[number, number]> = [
        [0, 10.65],
        [1, 10.12],
        [2, 9.9],
        [3, 9.59],
        [4, 9.59],
        [5, 9.05],
        [50, 9.05],
      ];
      for (const [cases, price] of byCases) {
        expect(await priceOf(FOUR_OZ, `?quantity=12&totalCases=${cases}`), `${cases} cases`).toBe(price);
      }
    });

    it('without totalCases uses the cases the quantity alone makes (bottles, rounded down)', async () => {
      expect(await priceOf(FOUR_OZ)).toBe(10.65);
      expect(await priceOf(FOUR_OZ, '?quantity=11')).toBe(10.65);
      expect(await priceOf(FOUR_OZ, '?quantity=12')).toBe(10.12);
      expect(await priceOf(FOUR_OZ, '?quantity=36')).toBe(9.59);
      expect(await priceOf(ONE_OZ, '?quantity=12&totalCases=3')).toBe(4.37);
    });

    it('prices the bundle per bundle from its components, the split pack per bottle, the tester at 0', async () => {
      expect(await priceOf(bundleId, '?quantity=0')).toBe(93);
      // One bundle is one case: 5 % on each component, 6 × 10.12 + 6 × 4.61.
      expect(await priceOf(bundleId, '?quantity=1')).toBe(88.38);
      expect(await priceOf(bundleId, '?quantity=1&totalCases=3')).toBe(83.76);
      expect(await priceOf(SPLIT_PACK, '?quantity=12&totalCases=0')).toBe(7.75);
      expect(await priceOf(SPLIT_PACK, '?quantity=12')).toBe(7.36);
      expect(await priceOf(testerId, '?quantity=1&totalCases=5')).toBe(0);
    });

    it('ignores cache-busting parameters and treats a blank totalCases as not given', async () => {
      const response = await t.app.inject({ url: `/api/products/${FOUR_OZ}/price?quantity=12&_=1732233` });
      expect(response.json()).toEqual({ productId: FOUR_OZ, price: 10.12 });
      expect(await priceOf(FOUR_OZ, '?quantity=24&totalCases=')).toBe(9.9);
    });

    it('answers 400 naming the field for a bad id or query value', async () => {
      const cases: Array<[string, RegExp]> = [
        ['/api/products/abc/price', /^id: must be a number/],
        ['/api/products/-1/price', /^id: /],
        ['/api/products/1.5/price', /^id: must be a whole number/],
        ['/api/products/99999999999/price', /^id: is too large/],
        ['/api/products/1/price?quantity=abc', /^quantity: must be a number/],
        ['/api/products/1/price?quantity=-12', /^quantity: must be at least 0/],
        ['/api/products/1/price?quantity=1.5', /^quantity: must be a whole number/],
        ['/api/products/1/price?quantity=1000000000', /^quantity: is too large/],
        ['/api/products/1/price?quantity=1e3', /^quantity: must be a number/],
        ['/api/products/0x1/price', /^id: must be a number/],
        ['/api/products/1/price?totalCases=two', /^totalCases: must be a number/],
        ['/api/products/1/price?totalCases=-1', /^totalCases: must be at least 0/],
      ];
      for (const [url, message] of cases) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(400);
        const body = errorBodySchema.parse(response.json());
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.message, url).toMatch(message);
      }
    });

    it('answers 404 for a product that is unknown or not for sale (the legacy tester 17)', async () => {
      for (const id of [999, 17]) {
        const response = await t.app.inject({ url: `/api/products/${id}/price?quantity=12` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
      }
    });
  });

  describe('POST /api/calculate-prices', () => {
    it('prices every line at the tier of the items’ own total cases: 2 cases 4 oz + 1 case 1 oz is 10 %', async () => {
      const response = await calculate({
        items: [
          { productId: FOUR_OZ, quantity: 24 },
          { productId: ONE_OZ, quantity: 12 },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        prices: [
          { productId: FOUR_OZ, price: 9.59 },
          { productId: ONE_OZ, price: 4.37 },
        ],
      });
    });

    it('uses totalCases when given, counts a bundle as one case and the tester as none', async () => {
      const atBase = await calculate({ items: [{ productId: FOUR_OZ, quantity: 24 }], totalCases: 0 });
      expect(atBase.json().prices).toEqual([{ productId: FOUR_OZ, price: 10.65 }]);

      const mixed = await calculate({
        items: [
          { productId: bundleId, quantity: 1 },
          { productId: testerId, quantity: 1 },
          { productId: SPLIT_PACK, quantity: 12 },
        ],
      });
      expect(mixed.json().prices).toEqual([
        { productId: bundleId, price: 86.46 }, // 2 cases, 7 %: 6 × 9.90 + 6 × 4.51
        { productId: testerId, price: 0 },
        { productId: SPLIT_PACK, price: 7.21 },
      ]);
      expect((await calculate({ items: [] })).json()).toEqual({ prices: [] });
    });

    it('answers 404 naming every unknown or hidden product id', async () => {
      const one = await calculate({ items: [{ productId: 999, quantity: 12 }] });
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product 999 not found' });

      const two = await calculate({
        items: [
          { productId: FOUR_OZ, quantity: 12 },
          { productId: 17, quantity: 1 },
          { productId: 999, quantity: 12 },
        ],
      });
      expect(two.json()).toMatchObject({
        message: 'Products 17, 999 not found',
        details: { productIds: [17, 999] },
      });
    });

    it('answers 400 naming the field for a malformed body', async () => {
      const cases: Array<[object, RegExp]> = [
        [{}, /^items: /],
        [{ items: [{ productId: 'abc', quantity: 12 }] }, /^items\.0\.productId: must be a number/],
        [{ items: [{ productId: 1, quantity: -12 }] }, /^items\.0\.quantity: must be at least 0/],
        [{ items: [{ productId: 1, quantity: 1.5 }] }, /^items\.0\.quantity: must be a whole number/],
        [{ items: [{ productId: 1, quantity: 12 }], totalCases: 1e9 }, /^totalCases: is too large/],
        [{ items: Array.from({ length: 101 }, () => ({ productId: 1, quantity: 12 })) }, /^items: /],
      ];
      for (const [payload, message] of cases) {
        const response = await calculate(payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    });
  });

  describe('GET /api/pricing-tiers and GET /api/pricing-catalog', () => {
    it('lists the seeded tiers by minimum cases with the discount in percent', async () => {
      const response = await t.app.inject({ url: '/api/pricing-tiers' });
      expect(response.statusCode).toBe(200);
      const tiers = z.array(pricingTierSchema).parse(response.json());
      expect(
        tiers.map(({ name, minimumCases, discountPercentage }) => [name, minimumCases, discountPercentage]),
      ).toEqual([
        ['Starter', 1, 5],
        ['Retailer', 2, 7],
        ['Volume', 3, 10],
        ['Distributor', 5, 15],
      ]);
    });

    it('sends tiers, custom prices and bundle components with an ETag', async () => {
      const response = await t.app.inject({ url: '/api/pricing-catalog' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const catalog = pricingCatalogSchema.parse(response.json());
      expect(catalog.tiers).toHaveLength(4);
      expect(catalog.customPrices).toEqual([]);
      expect(catalog.components).toEqual([
        { virtualProductId: bundleId, componentProductId: FOUR_OZ, quantity: 6 },
        { virtualProductId: bundleId, componentProductId: ONE_OZ, quantity: 6 },
      ]);
      const again = await t.app.inject({
        url: '/api/pricing-catalog',
        headers: { 'if-none-match': response.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('after staff change the catalogue', () => {
    it('lets a custom (product, tier) price win over the tier percentage, at that tier only', async () => {
      const [volume] = await t.db.select().from(pricingTiers).where(eq(pricingTiers.minimumCases, 3));
      await t.db.insert(productPricingTiers).values({ productId: FOUR_OZ, tierId: volume!.id, price: 900 });
      // PostgreSQL delivers the change notification asynchronously, a few milliseconds later.
      await vi.waitFor(async () => expect(await priceOf(FOUR_OZ, '?totalCases=3')).toBe(9));
      expect(await priceOf(FOUR_OZ, '?totalCases=5')).toBe(9.05);
      expect(await priceOf(ONE_OZ, '?totalCases=3')).toBe(4.37);
      // The bundle is the sum of its components at the same tier: 6 × 9.00 + 6 × 4.37.
      expect(await priceOf(bundleId, '?quantity=3')).toBe(80.22);
      const catalog = pricingCatalogSchema.parse(
        (await t.app.inject({ url: '/api/pricing-catalog' })).json(),
      );
      expect(catalog.customPrices).toEqual([{ productId: FOUR_OZ, tierId: volume!.id, price: 9 }]);

      await t.db
        .delete(productPricingTiers)
        .where(and(eq(productPricingTiers.productId, FOUR_OZ), eq(productPricingTiers.tierId, volume!.id)));
      await vi.waitFor(async () => expect(await priceOf(FOUR_OZ, '?totalCases=3')).toBe(9.59));
    });

    it('follows a changed tier discount', async () => {
      await t.db
        .update(pricingTiers)
        .set({ discountPercentage: 750 })
        .where(eq(pricingTiers.minimumCases, 2));
      await vi.waitFor(async () => expect(await priceOf(FOUR_OZ, '?totalCases=2')).toBe(9.85));
      const tiers = z
        .array(pricingTierSchema)
        .parse((await t.app.inject({ url: '/api/pricing-tiers' })).json());
      expect(tiers.find((tier) => tier.minimumCases === 2)?.discountPercentage).toBe(7.5);
    });
  });
});
