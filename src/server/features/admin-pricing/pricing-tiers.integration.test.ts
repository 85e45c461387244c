import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ADMIN_PRICING_MESSAGES,
  adminPricingTierListSchema,
  adminPricingTierSchema,
  deletePricingTierResponseSchema,
} from '../../../shared/schemas/admin-pricing';
import { pricingTierSchema } from '../../../shared/schemas/pricing';
import { auditLog, orders, pricingTiers, productPricingTiers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRequester, storefrontPrice } from './admin-pricing-test-support';
import { auditRowsOf } from '../../test/factories/audit';
import { storeOrder } from '../../test/factories/orders';
import { signInAdmin } from '../../test/factories/sign-in';

const FOUR_OZ = 1;
const ONE_OZ = 21;
/** Four cases of the 4 oz bottle: the seeded 'Volume' tier (3+ cases, 10 %) prices it at 9.59. */
const FOUR_CASES = 'quantity=48';

describe('admin volume tiers: /api/admin/pricing-tiers', () => {
  let t: TestApp;
  let cookie = '';
  const send = (...args: Parameters<ReturnType<typeof createRequester>>) =>
    createRequester(t, () => cookie)(...args);

  const create = async (body: object) => {
    const response = await send('POST', '/api/admin/pricing-tiers', body);
    expect(response.statusCode, response.body).toBe(201);
    return adminPricingTierSchema.parse(response.json());
  };
  const publicTiers = async () =>
    z.array(pricingTierSchema).parse((await t.app.inject({ url: '/api/pricing-tiers' })).json());
  const expectMessage = async (
    method: 'POST' | 'PATCH',
    url: string,
    body: object,
    status: number,
    message: string,
  ) => {
    const response = await send(method, url, body);
    expect({ body, status: response.statusCode }).toEqual({ body, status });
    expect({ body, message: response.json().message }).toEqual({ body, message });
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('lists the seeded tiers, lowest minimum first, discount in percent', async () => {
    const response = await send('GET', '/api/admin/pricing-tiers');
    expect(response.statusCode).toBe(200);
    expect(
      adminPricingTierListSchema
        .parse(response.json())
        .map(({ name, minimumCases, discountPercentage }) => [name, minimumCases, discountPercentage]),
    ).toEqual([
      ['Starter', 1, 5],
      ['Retailer', 2, 7],
      ['Volume', 3, 10],
      ['Distributor', 5, 15],
    ]);
  });

  it('creates a tier with a trimmed name, audits it, and the storefront prices with it at once', async () => {
    expect(await storefrontPrice(t, FOUR_OZ, FOUR_CASES)).toBe(9.59);
    const created = await create({
      name: '  Wholesale Club ',
      description: '   ',
      minimumCases: 4,
      discountPercentage: 12.5,
    });
    expect(created).toMatchObject({
      name: 'Wholesale Club',
      description: null,
      minimumCases: 4,
      discountPercentage: 12.5,
    });
    const [row] = await t.db.select().from(pricingTiers).where(eq(pricingTiers.id, created.id));
    expect(row?.discountPercentage).toBe(1250);

    const audit = (
      await auditRowsOf(t.db, {
        entityType: 'pricing_tier',
        entityId: created.id,
        action: 'pricing-tier.create',
      })
    ).at(-1);
    expect(audit).toMatchObject({ entityType: 'pricing_tier', entityId: String(created.id), before: null });
    expect(audit?.after).toEqual(created);
    expect(audit?.actorUserId).not.toBeNull();

    // 10.65 less 12.5 % = 9.31875, half-up 9.32.
    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, FOUR_CASES)).toBe(9.32));
    await vi.waitFor(async () =>
      expect((await publicTiers()).map((tier) => tier.name)).toContain('Wholesale Club'),
    );
    await send('DELETE', `/api/admin/pricing-tiers/${created.id}`);
  });

  it('accepts numbers sent as text, a 0 and a 100 % discount, and keeps a description', async () => {
    const free = await create({
      name: 'Free',
      description: ' Promo ',
      minimumCases: '400',
      discountPercentage: '100',
    });
    expect(free).toMatchObject({ description: 'Promo', minimumCases: 400, discountPercentage: 100 });
    const none = await create({ name: 'None', minimumCases: 401, discountPercentage: 0 });
    expect(none).toMatchObject({ description: null, discountPercentage: 0 });
    for (const id of [free.id, none.id]) {
      expect((await send('DELETE', `/api/admin/pricing-tiers/${id}`)).statusCode).toBe(200);
    }
  });

  it('answers every rule of docs/admin.md#pricing with its message, on create and on edit, and stores nothing', async () => {
    const valid = { name: 'Big', description: 'x', minimumCases: 50, discountPercentage: 20 };
    const cases: Array<[object, string]> = [
      [{ ...valid, name: undefined }, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, name: null }, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, name: '   ' }, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, minimumCases: undefined }, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, minimumCases: null }, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, minimumCases: '' }, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, discountPercentage: undefined }, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, discountPercentage: ' ' }, ADMIN_PRICING_MESSAGES.required],
      [{}, ADMIN_PRICING_MESSAGES.required],
      [{ ...valid, minimumCases: 0 }, ADMIN_PRICING_MESSAGES.minimumCasesMin],
      [{ ...valid, minimumCases: -3 }, ADMIN_PRICING_MESSAGES.minimumCasesMin],
      [{ ...valid, minimumCases: 1.5 }, ADMIN_PRICING_MESSAGES.minimumCasesWhole],
      [{ ...valid, minimumCases: 'ten' }, ADMIN_PRICING_MESSAGES.minimumCasesWhole],
      [{ ...valid, minimumCases: 100_001 }, ADMIN_PRICING_MESSAGES.minimumCasesMax],
      [{ ...valid, discountPercentage: -0.1 }, ADMIN_PRICING_MESSAGES.discountRange],
      [{ ...valid, discountPercentage: 100.1 }, ADMIN_PRICING_MESSAGES.discountRange],
      [{ ...valid, discountPercentage: 'lots' }, ADMIN_PRICING_MESSAGES.discountRange],
      [{ ...valid, discountPercentage: 7.25 }, ADMIN_PRICING_MESSAGES.discountStep],
      [{ ...valid, discountPercentage: 0.05 }, ADMIN_PRICING_MESSAGES.discountStep],
      [{ ...valid, name: 'n'.repeat(101) }, ADMIN_PRICING_MESSAGES.nameTooLong],
      [{ ...valid, description: 'd'.repeat(501) }, ADMIN_PRICING_MESSAGES.descriptionTooLong],
    ];
    for (const [body, message] of cases) {
      await expectMessage('POST', '/api/admin/pricing-tiers', body, 400, message);
      await expectMessage('PATCH', '/api/admin/pricing-tiers/1', body, 400, message);
    }
    expect(await t.db.select().from(pricingTiers).where(eq(pricingTiers.name, 'Big'))).toEqual([]);
    const [starter] = await t.db.select().from(pricingTiers).where(eq(pricingTiers.id, 1));
    expect(starter).toMatchObject({ name: 'Starter', minimumCases: 1, discountPercentage: 500 });
    expect(ADMIN_PRICING_MESSAGES.required).toBe('Please fill out all required fields');
  });

  it('refuses a second tier at the same minimum cases (ambiguous) with 409, on create and on edit', async () => {
    await expectMessage(
      'POST',
      '/api/admin/pricing-tiers',
      { name: 'Twin', minimumCases: 2, discountPercentage: 8 },
      409,
      'The tier "Retailer" already starts at 2 cases. Two tiers with the same minimum cases would be ambiguous.',
    );
    await expectMessage(
      'PATCH',
      '/api/admin/pricing-tiers/1',
      { name: 'Starter', minimumCases: 5, discountPercentage: 5 },
      409,
      'The tier "Distributor" already starts at 5 cases. Two tiers with the same minimum cases would be ambiguous.',
    );
  });

  it('lets exactly one of several simultaneous creates at one minimum win; the others get 409, not 500', async () => {
    const body = { name: 'Race', minimumCases: 77, discountPercentage: 9 };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/api/admin/pricing-tiers', body)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(pricingTiers).where(eq(pricingTiers.minimumCases, 77));
    expect(rows).toHaveLength(1);
    await send('DELETE', `/api/admin/pricing-tiers/${rows[0]?.id}`);
  });

  it('edits a tier (keeping its own minimum is fine), audits before and after, and the storefront follows', async () => {
    const tier = await create({ name: 'Club', minimumCases: 4, discountPercentage: 12.5 });
    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, FOUR_CASES)).toBe(9.32));

    const response = await send('PATCH', `/api/admin/pricing-tiers/${tier.id}`, {
      name: ' Club Plus ',
      description: 'From four cases',
      minimumCases: 4,
      discountPercentage: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = adminPricingTierSchema.parse(response.json());
    expect(updated).toEqual({
      id: tier.id,
      name: 'Club Plus',
      description: 'From four cases',
      minimumCases: 4,
      discountPercentage: 12,
    });
    const audit = (
      await auditRowsOf(t.db, {
        entityType: 'pricing_tier',
        entityId: tier.id,
        action: 'pricing-tier.update',
      })
    ).at(-1);
    expect(audit).toMatchObject({ entityId: String(tier.id), before: tier, after: updated });

    // 10.65 less 12 % = 9.372 → 9.37.
    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, FOUR_CASES)).toBe(9.37));
    const listed = adminPricingTierListSchema.parse((await send('GET', '/api/admin/pricing-tiers')).json());
    expect(listed.find((row) => row.id === tier.id)).toEqual(updated);

    // Moving it to 6 cases: four cases are the 'Volume' tier again.
    await send('PATCH', `/api/admin/pricing-tiers/${tier.id}`, { ...updated, minimumCases: 6 });
    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, FOUR_CASES)).toBe(9.59));
    await send('DELETE', `/api/admin/pricing-tiers/${tier.id}`);
  });

  it('deletes a tier with its custom prices, says so, audits them, and leaves orders priced at it alone', async () => {
    const tier = await create({ name: 'Doomed', minimumCases: 4, discountPercentage: 12 });
    for (const [productId, price] of [
      [FOUR_OZ, 8.5],
      [ONE_OZ, 4],
    ] as const) {
      const added = await send('POST', '/api/admin/product-pricing-tiers', {
        productId,
        tierId: tier.id,
        price,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, FOUR_CASES)).toBe(8.5));
    const order = await storeOrder(t.db, {
      totalCases: 4,
      tierId: tier.id,
      discountPercentage: 1200,
      orderTotal: 40800,
      standardTotal: 51120,
    });

    const response = await send('DELETE', `/api/admin/pricing-tiers/${tier.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(deletePricingTierResponseSchema.parse(response.json())).toEqual({
      message: 'Pricing tier "Doomed" deleted along with its 2 custom product prices.',
      deletedCustomPrices: 2,
    });
    expect(await t.db.select().from(pricingTiers).where(eq(pricingTiers.id, tier.id))).toEqual([]);
    expect(
      await t.db.select().from(productPricingTiers).where(eq(productPricingTiers.tierId, tier.id)),
    ).toEqual([]);
    const audit = (
      await auditRowsOf(t.db, {
        entityType: 'pricing_tier',
        entityId: tier.id,
        action: 'pricing-tier.delete',
      })
    ).at(-1);
    expect(audit).toMatchObject({ entityType: 'pricing_tier', entityId: String(tier.id), after: null });
    expect(audit?.before).toMatchObject({
      ...tier,
      customPrices: [
        { productId: FOUR_OZ, price: 8.5 },
        { productId: ONE_OZ, price: 4 },
      ],
    });

    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ tierId: tier.id, discountPercentage: 1200, orderTotal: 40800 });
    // Four cases fall back to the seeded 'Volume' tier at 10 %.
    await vi.waitFor(async () => expect(await storefrontPrice(t, FOUR_OZ, FOUR_CASES)).toBe(9.59));
    await vi.waitFor(async () =>
      expect((await publicTiers()).map((row) => row.name)).toEqual([
        'Starter',
        'Retailer',
        'Volume',
        'Distributor',
      ]),
    );
  });

  it('says a tier without custom prices was deleted, plainly', async () => {
    const tier = await create({ name: 'Brief', minimumCases: 90, discountPercentage: 1 });
    const response = await send('DELETE', `/api/admin/pricing-tiers/${tier.id}`);
    expect(response.json()).toEqual({ message: 'Pricing tier "Brief" deleted.', deletedCustomPrices: 0 });
  });

  it('answers 404 for an unknown tier and 400 naming the id when it is not one', async () => {
    const body = { name: 'Ghost', minimumCases: 70, discountPercentage: 1 };
    const auditsBefore = (await t.db.select().from(auditLog)).length;
    for (const [method, payload] of [
      ['PATCH', body],
      ['DELETE', undefined],
    ] as const) {
      const missing = await send(method, '/api/admin/pricing-tiers/999999', payload);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Pricing tier not found' });
      const bad = await send(method, '/api/admin/pricing-tiers/abc', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^id: must be a number/);
    }
    expect(await t.db.select().from(auditLog)).toHaveLength(auditsBefore);
    expect(await t.db.select().from(pricingTiers).where(eq(pricingTiers.name, 'Ghost'))).toEqual([]);
  });
});
