import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_PRICING_MESSAGES,
  productPricingListSchema,
  productPricingSchema,
} from '../../../shared/schemas/admin-pricing';
import { calculatePricesResponseSchema } from '../../../shared/schemas/pricing';
import { auditLog, productPricingTiers } from '../../db/schema';
import { createTestApp, findSeededSpecialIds, sameOrigin, type TestApp } from '../../test/test-app';
import { createRequester, storefrontPrice } from './admin-pricing-test-support';
import { auditRowsOf } from '../../test/factories/audit';
import { signInAdmin } from '../../test/factories/sign-in';

const FOUR_OZ = 1;
const ONE_OZ = 21;
const SPLIT_PACK = 27;
const LEGACY_TESTER = 17;
/** Seeded tier ids (seed order): Starter 1+ 5 %, Retailer 2+ 7 %, Volume 3+ 10 %, Distributor 5+ 15 %. */
const RETAILER = 2;
const VOLUME = 3;

describe('admin custom product pricing: /api/admin/product-pricing-tiers', () => {
  let t: TestApp;
  let cookie = '';
  let bundleId: number;
  let testerId: number;
  const send = (...args: Parameters<ReturnType<typeof createRequester>>) =>
    createRequester(t, () => cookie)(...args);

  const add = async (body: object) => {
    const response = await send('POST', '/api/admin/product-pricing-tiers', body);
    expect(response.statusCode, response.body).toBe(201);
    return productPricingSchema.parse(response.json());
  };
  const list = async () => {
    const response = await send('GET', '/api/admin/product-pricing-tiers');
    expect(response.statusCode).toBe(200);
    return productPricingListSchema.parse(response.json());
  };
  const calculate = async (items: object[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/calculate-prices',
      headers: sameOrigin,
      payload: { items },
    });
    expect(response.statusCode, response.body).toBe(200);
    return calculatePricesResponseSchema.parse(response.json()).prices;
  };
  const expectRefusal = async (body: object, status: number, message: string) => {
    const response = await send('POST', '/api/admin/product-pricing-tiers', body);
    expect({ body, status: response.statusCode }).toEqual({ body, status });
    expect({ body, message: response.json().message }).toEqual({ body, message });
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
    ({ bundleId, testerId } = await findSeededSpecialIds(t.app));
  });
  afterAll(() => t.close());

  it('starts with no custom prices', async () => {
    expect(await list()).toEqual([]);
  });

  it('adds a custom price per bottle that wins over the tier percentage on the storefront at once, bundle included', async () => {
    // Two cases: 'Retailer' 7 % → 9.90 a bottle; the bundle is 6 × 9.90 + 6 × 4.51 = 86.46.
    expect(await storefrontPrice(t, FOUR_OZ, 'quantity=24')).toBe(9.9);
    expect(await storefrontPrice(t, bundleId, 'quantity=2')).toBe(86.46);

    const created = await add({ productId: FOUR_OZ, tierId: RETAILER, price: 8.75 });
    expect(created).toMatchObject({
      productId: FOUR_OZ,
      productName: '4 oz Bottle',
      sku: '800-0001',
      tierId: RETAILER,
      tierName: 'Retailer',
      minimumCases: 2,
      price: 8.75,
    });
    const [row] = await t.db.select().from(productPricingTiers).where(eq(productPricingTiers.id, created.id));
    expect(row?.price).toBe(875);
    const audit = (
      await auditRowsOf(t.db, {
        entityType: 'product_pricing_tier',
        entityId: created.id,
        action: 'product-pricing.create',
      })
    ).at(-1);
    expect(audit).toMatchObject({
      entityType: 'product_pricing_tier',
      entityId: String(created.id),
      before: null,
      after: created,
    });

    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, 'quantity=24')).toBe(8.75));
    // Only at its tier: one case is 'Starter' (5 %), three 'Volume' (10 %).
    expect(await storefrontPrice(t, FOUR_OZ, 'quantity=12')).toBe(10.12);
    expect(await storefrontPrice(t, FOUR_OZ, 'quantity=36')).toBe(9.59);
    // The bundle is priced through its components: 6 × 8.75 + 6 × 4.51 = 79.56.
    expect(await storefrontPrice(t, bundleId, 'quantity=2')).toBe(79.56);
    expect(
      await calculate([
        { productId: FOUR_OZ, quantity: 12 },
        { productId: ONE_OZ, quantity: 12 },
      ]),
    ).toEqual([
      { productId: FOUR_OZ, price: 8.75 },
      { productId: ONE_OZ, price: 4.51 },
    ]);
    expect(await list()).toEqual([created]);
  });

  it('accepts a price of 0, numbers sent as text, and lists by product name then tier', async () => {
    const free = await add({ productId: String(SPLIT_PACK), tierId: String(VOLUME), price: '0' });
    expect(free).toMatchObject({ productName: '50/50 Split Pack', tierName: 'Volume', price: 0 });
    const oneOz = await add({ productId: ONE_OZ, tierId: VOLUME, price: 4.2 });
    const fourOzVolume = await add({ productId: FOUR_OZ, tierId: VOLUME, price: 8.5 });
    expect((await list()).map((row) => [row.productName, row.tierName])).toEqual([
      ['1 oz Bottle', 'Volume'],
      ['4 oz Bottle', 'Retailer'],
      ['4 oz Bottle', 'Volume'],
      ['50/50 Split Pack', 'Volume'],
    ]);
    await vi.waitFor(async () => expect(await storefrontPrice(t, SPLIT_PACK, 'quantity=36')).toBe(0));
    for (const { id } of [free, oneOz, fourOzVolume]) {
      expect((await send('DELETE', `/api/admin/product-pricing-tiers/${id}`)).statusCode).toBe(200);
    }
  });

  it('answers every rule of docs/admin.md#pricing with its message and stores nothing', async () => {
    const valid = { productId: ONE_OZ, tierId: RETAILER, price: 4 };
    const cases: Array<[object, number, string | RegExp]> = [
      [{ ...valid, productId: undefined }, 400, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, productId: '' }, 400, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, tierId: undefined }, 400, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, tierId: null }, 400, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, price: undefined }, 400, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, price: '' }, 400, ADMIN_PRICING_MESSAGES.required],
      [{}, 400, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, price: -0.01 }, 400, ADMIN_PRICING_MESSAGES.priceMin],
      [{ ...valid, price: 'cheap' }, 400, ADMIN_PRICING_MESSAGES.priceMin],
      [{ ...valid, price: 4.005 }, 400, ADMIN_PRICING_MESSAGES.priceStep],
      [{ ...valid, price: 100_000_000 }, 400, ADMIN_PRICING_MESSAGES.priceMax],
      [{ ...valid, productId: 'one' }, 400, /^productId: must be a number/],
      [{ ...valid, tierId: 1.5 }, 400, /^tierId: must be a whole number/],
      [{ ...valid, productId: 0 }, 400, /^productId: must be a positive id/],
    ];
    for (const [body, status, message] of cases) {
      const response = await send('POST', '/api/admin/product-pricing-tiers', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status });
      expect(response.json().message).toMatch(message);
    }
    expect(
      await t.db.select().from(productPricingTiers).where(eq(productPricingTiers.productId, ONE_OZ)),
    ).toEqual([]);
  });

  it('answers 404 for an unknown product or tier', async () => {
    await expectRefusal({ productId: 999_999, tierId: RETAILER, price: 1 }, 404, 'Product not found');
    await expectRefusal({ productId: ONE_OZ, tierId: 999_999, price: 1 }, 404, 'Pricing tier not found');
  });

  it('refuses a second price for the same product and tier with 409', async () => {
    await expectRefusal(
      { productId: FOUR_OZ, tierId: RETAILER, price: 7 },
      409,
      '4 oz Bottle already has a custom price at the Retailer tier. Delete it first to set a new price.',
    );
    const rows = await t.db
      .select()
      .from(productPricingTiers)
      .where(eq(productPricingTiers.productId, FOUR_OZ));
    expect(rows.map((row) => row.price)).toEqual([875]);
  });

  it('lets exactly one of several simultaneous adds for one pair win; the others get 409, not 500', async () => {
    const body = { productId: ONE_OZ, tierId: RETAILER, price: 4.4 };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/api/admin/product-pricing-tiers', body)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 201);
    await send('DELETE', `/api/admin/product-pricing-tiers/${winner?.json().id}`);
  });

  it('refuses a custom price on the bundle (priced through its components) and on the testers (always free)', async () => {
    await expectRefusal(
      { productId: bundleId, tierId: RETAILER, price: 80 },
      422,
      'Case of Mixed Bottles (800-0004) is priced through its components, so a custom price on it would have no effect. Set custom prices on its component bottles instead.',
    );
    for (const id of [testerId, LEGACY_TESTER]) {
      const response = await send('POST', '/api/admin/product-pricing-tiers', {
        productId: id,
        tierId: RETAILER,
        price: 1,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(
        /is always free, so a custom price on it would have no effect\.$/,
      );
    }
    expect(await list()).toHaveLength(1);
  });

  it('deletes a custom price, audits it, and the storefront returns to the tier percentage', async () => {
    const [existing] = await list();
    const response = await send('DELETE', `/api/admin/product-pricing-tiers/${existing!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Custom price for 4 oz Bottle at the Retailer tier deleted.',
    });
    expect(
      (
        await auditRowsOf(t.db, {
          entityType: 'product_pricing_tier',
          entityId: existing!.id,
          action: 'product-pricing.delete',
        })
      ).at(-1),
    ).toMatchObject({
      entityType: 'product_pricing_tier',
      entityId: String(existing!.id),
      before: existing,
      after: null,
    });
    expect(await list()).toEqual([]);
    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, 'quantity=24')).toBe(9.9));
    expect(await storefrontPrice(t, bundleId, 'quantity=2')).toBe(86.46);
  });

  it('answers 404 for an unknown custom price and 400 naming the id when it is not one, auditing nothing', async () => {
    const auditsBefore = (await t.db.select().from(auditLog)).length;
    const missing = await send('DELETE', '/api/admin/product-pricing-tiers/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Custom product price not found' });
    const bad = await send('DELETE', '/api/admin/product-pricing-tiers/-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
    expect(await t.db.select().from(auditLog)).toHaveLength(auditsBefore);
  });
});
