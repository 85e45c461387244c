import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminProductListSchema,
  updateVariantPriceResponseSchema,
  updateVariantVisibilityResponseSchema,
  type AdminProduct,
} from '../../../shared/schemas/admin-catalog';
import { allowedSkus, products } from '../../db/schema';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, storefrontProducts, storefrontSkus } from './admin-catalog-test-support';
import { auditRowsOf } from '../../test/factories/audit';
import { signInAdmin } from '../../test/factories/sign-in';
import { SHOPIFY_VARIANT_PUSH_JOB } from './shopify-rows.repository';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});

afterAll(() => t.close());

async function productsWithVariants(): Promise<AdminProduct[]> {
  const response = await send(t.app, 'GET', '/api/admin/products-with-variants', { cookie: admin });
  expect(response.statusCode).toBe(200);
  return adminProductListSchema.parse(response.json());
}

async function variantBySku(sku: string) {
  const variant = (await productsWithVariants())
    .flatMap((product) => product.variants)
    .find((v) => v.sku === sku);
  if (!variant) throw new Error(`no variant ${sku}`);
  return variant;
}

const setVisibility = (payload: unknown) =>
  send(t.app, 'POST', '/api/admin/update-variant-visibility', { cookie: admin, payload });
const setPrice = (payload: unknown) =>
  send(t.app, 'POST', '/api/admin/update-variant-price', { cookie: admin, payload });

describe('GET /api/admin/products-with-variants', () => {
  it('lists every product row as a variant, with dollar prices and the display status', async () => {
    const list = await productsWithVariants();
    // No seeded row has a Shopify product id, so each is a product of its own, in id order.
    expect(list.map((product) => product.variants.map((variant) => variant.sku))).toEqual([
      ['800-0001'],
      ['SAMPLE-01'],
      ['800-0002'],
      ['SPLIT-PACK-01'],
      ['800-0004'],
      ['800-0003'],
    ]);
    expect(list[0]).toEqual({
      id: 'portal-1',
      shopifyProductId: null,
      name: '4 oz Bottle',
      variants: [
        {
          id: 1,
          name: '4 oz Bottle',
          sku: '800-0001',
          price: 26,
          wholesalePrice: 10.65,
          // Never linked to Shopify: nobody counts its stock (docs/catalogue-and-pricing.md#inventory).
          inventoryQuantity: null,
          imageUrl: null,
          isAllowed: true,
          isActive: true,
          shopifyVariantId: null,
          displayStatus: 'Active',
          isVirtual: false,
          isTester: false,
          bundle: null,
        },
      ],
    });
    // The legacy tester is inactive and not on the allowed list.
    expect(list[1]?.variants[0]).toMatchObject({
      isAllowed: false,
      isActive: false,
      displayStatus: 'Not Allowed',
    });
  });

  it("shows the bundle's price and stock as its components': per bundle, counted only when they are", async () => {
    const bundle = await variantBySku('800-0004');
    // The seed row's own $7.75 and 0 mean nothing (docs/catalogue-and-pricing.md#the-mixed-case-bundle).
    expect(bundle).toMatchObject({ isVirtual: true, inventoryQuantity: null });
    expect(bundle.bundle).toEqual({
      components: [
        { sku: '800-0001', name: '4 oz Bottle', quantity: 6, inventoryQuantity: null },
        { sku: '800-0002', name: '1 oz Bottle', quantity: 6, inventoryQuantity: null },
      ],
      retailPrice: 216, // 6 × $26.00 + 6 × $10.00
      wholesalePrice: 93, // 6 × $10.65 + 6 × $4.85
      bundlesInStock: null,
    });

    // Once Shopify counts both components, the stock is the whole bundles they make.
    await t.db
      .update(products)
      .set({ shopifyVariantId: '8801', inventoryQuantity: 40 })
      .where(eq(products.sku, '800-0001'));
    await t.db
      .update(products)
      .set({ shopifyVariantId: '8802', inventoryQuantity: 13 })
      .where(eq(products.sku, '800-0002'));
    try {
      const counted = await variantBySku('800-0004');
      expect(counted.bundle?.bundlesInStock).toBe(2);
      expect(counted.bundle?.components.map((component) => component.inventoryQuantity)).toEqual([40, 13]);
      expect(counted.inventoryQuantity).toBeNull();
      expect((await variantBySku('800-0001')).inventoryQuantity).toBe(40);

      // The visibility switch answers with the same description of the bundle.
      const response = await setVisibility({ sku: '800-0004', isActive: true });
      expect(response.statusCode).toBe(200);
      expect(updateVariantVisibilityResponseSchema.parse(response.json()).variant.bundle).toEqual(
        counted.bundle,
      );
    } finally {
      await t.db
        .update(products)
        .set({ shopifyVariantId: null, inventoryQuantity: 0 })
        .where(sql`${products.sku} in ('800-0001', '800-0002')`);
    }
  });

  it('shows Active, Hidden and Not Allowed as the allowed list and the product state say', async () => {
    await t.db.insert(products).values([
      { name: 'Hidden Mist', sku: 'HID-01', price: 1000, isActive: false },
      { name: 'Stray Mist', sku: 'STRAY-01', price: 1000, isActive: true },
      { name: 'Paused Mist', sku: 'PAUSE-01', price: 1000, isActive: true },
    ]);
    await t.db.insert(allowedSkus).values([{ sku: 'HID-01' }, { sku: 'PAUSE-01', isActive: false }]);
    expect(await variantBySku('HID-01')).toMatchObject({
      isAllowed: true,
      isActive: false,
      displayStatus: 'Hidden',
    });
    expect(await variantBySku('STRAY-01')).toMatchObject({ isAllowed: false, displayStatus: 'Not Allowed' });
    // An allowed SKU that is switched off does not allow anything.
    expect(await variantBySku('PAUSE-01')).toMatchObject({ isAllowed: false, displayStatus: 'Not Allowed' });
  });

  it('groups the variants of one Shopify product under it, named after its first variant', async () => {
    await t.db.insert(products).values([
      {
        name: 'Lavender Mist 4 oz',
        sku: 'LAV-4',
        price: 2600,
        shopifyProductId: '9001',
        shopifyVariantId: '7001',
      },
      {
        name: 'Lavender Mist 1 oz',
        sku: 'LAV-1',
        price: 1000,
        shopifyProductId: '9001',
        shopifyVariantId: '7002',
      },
    ]);
    const lavender = (await productsWithVariants()).find((product) => product.id === '9001');
    expect(lavender).toMatchObject({ shopifyProductId: '9001', name: 'Lavender Mist 4 oz' });
    expect(lavender?.variants.map((variant) => [variant.sku, variant.shopifyVariantId])).toEqual([
      ['LAV-4', '7001'],
      ['LAV-1', '7002'],
    ]);
  });
});

describe('POST /api/admin/update-variant-visibility', () => {
  it('hides and shows a product on the storefront by SKU, with audit entries', async () => {
    const hidden = await setVisibility({ sku: ' 800-0001 ', isActive: false });
    expect(hidden.statusCode).toBe(200);
    const body = updateVariantVisibilityResponseSchema.parse(hidden.json());
    expect(body.variant).toMatchObject({ sku: '800-0001', isActive: false, displayStatus: 'Hidden' });
    expect(body.message).toBe('4 oz Bottle is now hidden');
    await vi.waitFor(async () => expect(await storefrontSkus(t.app)).not.toContain('800-0001'));

    const shown = await setVisibility({ sku: '800-0001', isActive: true });
    expect(shown.json()).toMatchObject({
      message: '4 oz Bottle is visible again',
      variant: { displayStatus: 'Active' },
    });
    await vi.waitFor(async () => expect(await storefrontSkus(t.app)).toContain('800-0001'));

    const entries = await auditRowsOf(t.db, { entityType: 'product', entityId: 1 });
    expect(entries.slice(-2).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'product.visibility',
        { sku: '800-0001', isActive: true },
        { sku: '800-0001', isActive: false, shopify: 'not-connected' },
      ],
      [
        'product.visibility',
        { sku: '800-0001', isActive: false },
        { sku: '800-0001', isActive: true, shopify: 'not-connected' },
      ],
    ]);
  });

  it('answers "SKU is required" without a SKU and 404 for a SKU no product has', async () => {
    for (const payload of [{ isActive: true }, { sku: '  ', isActive: true }]) {
      const response = await setVisibility(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'SKU is required' });
    }
    const noFlag = await setVisibility({ sku: '800-0001' });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().message).toBe('isActive: must be true or false');

    const unknown = await setVisibility({ sku: 'NOPE-404', isActive: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
  });
});

describe('POST /api/admin/update-variant-price', () => {
  it('changes the retail and wholesale price at once, on the storefront too, and audits the change', async () => {
    const response = await setPrice({ productId: 21, basePrice: 11.5, wholesalePrice: 5.25 });
    expect(response.statusCode).toBe(200);
    const body = updateVariantPriceResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      success: true,
      shopify: 'not-connected',
      message: 'Price updated in the portal. Shopify is not connected, so its price was not changed there.',
      variant: { id: 21, price: 11.5, wholesalePrice: 5.25 },
    });
    await vi.waitFor(async () => {
      const oneOunce = (await storefrontProducts(t.app)).find((product) => product.id === 21);
      expect(oneOunce).toMatchObject({ price: 11.5, wholesalePrice: 5.25 });
    });
    // The order form's prices follow: the base (no tier) unit price is the new wholesale price.
    const price = await t.app.inject({ url: '/api/products/21/price?quantity=12&totalCases=0' });
    expect(price.json()).toMatchObject({ productId: 21, price: 5.25 });

    const entry = (await auditRowsOf(t.db, { entityType: 'product', entityId: 21 })).at(-1);
    expect(entry).toMatchObject({
      action: 'product.price',
      before: { price: 1000, wholesalePrice: 485 },
      after: { price: 1150, wholesalePrice: 525, shopify: 'not-connected' },
    });
    // Nothing queued for Shopify in test mode.
    expect(await sqlRows(t.db, sql`select id from jobs where type = ${SHOPIFY_VARIANT_PUSH_JOB}`)).toEqual(
      [],
    );
  });

  it('accepts the form fields as text, as long as they are numbers', async () => {
    const response = await setPrice({ productId: '27', basePrice: '19', wholesalePrice: '8.10' });
    expect(response.statusCode).toBe(200);
    expect(response.json().variant).toMatchObject({ id: 27, price: 19, wholesalePrice: 8.1 });
  });

  it.each([
    [{ basePrice: 10, wholesalePrice: 5 }],
    [{ productId: 0, basePrice: 10, wholesalePrice: 5 }],
    [{ productId: -3, basePrice: 10, wholesalePrice: 5 }],
    [{ productId: 1.5, basePrice: 10, wholesalePrice: 5 }],
    [{ productId: 'abc', basePrice: 10, wholesalePrice: 5 }],
    [{ productId: '', basePrice: 10, wholesalePrice: 5 }],
  ])('answers "Invalid product ID" for %j', async (payload) => {
    const response = await setPrice(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid product ID' });
  });

  it.each([undefined, 0, -1, 'abc', '', 10.555, '10.555', 100_000_000, '1e3', null])(
    'answers "Please enter a valid retail price" for a retail price of %j, and the wholesale twin',
    async (bad) => {
      const retail = await setPrice({ productId: 1, basePrice: bad, wholesalePrice: 5 });
      expect(retail.statusCode).toBe(400);
      expect(retail.json().message).toBe('Please enter a valid retail price');
      const wholesale = await setPrice({ productId: 1, basePrice: 20, wholesalePrice: bad });
      expect(wholesale.statusCode).toBe(400);
      expect(wholesale.json().message).toBe('Please enter a valid wholesale price');
    },
  );

  it('answers 404 for an unknown product and leaves prices alone', async () => {
    const response = await setPrice({ productId: 999_999, basePrice: 10, wholesalePrice: 5 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('refuses the bundle and the tester, whose row prices the portal never uses', async () => {
    const [bundle] = await t.db.select().from(products).where(eq(products.sku, '800-0004'));
    const [tester] = await t.db.select().from(products).where(eq(products.sku, '800-0003'));
    const bundleResponse = await setPrice({ productId: bundle?.id, basePrice: 99, wholesalePrice: 90 });
    expect(bundleResponse.statusCode).toBe(422);
    expect(bundleResponse.json().message).toBe(
      'The bundle is priced from its components. Edit their prices instead.',
    );
    const testerResponse = await setPrice({ productId: tester?.id, basePrice: 1, wholesalePrice: 1 });
    expect(testerResponse.statusCode).toBe(422);
    const [after] = await t.db.select().from(products).where(eq(products.sku, '800-0004'));
    expect(after?.price).toBe(bundle?.price);
  });
});

describe('the Shopify product actions in test mode (no store configured)', () => {
  it.each([
    ['POST', '/api/admin/refresh-products'],
    ['POST', '/api/admin/sync-products'],
    ['GET', '/api/admin/shopify-product/8123456789'],
  ] as const)('%s %s answers 503 "Shopify is not connected"', async (method, url) => {
    const response = await send(t.app, method, url, { cookie: admin });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'SHOPIFY_NOT_CONNECTED',
      message: 'Shopify is not connected',
    });
  });

  it.each(['/api/admin/shopify-product/', '/api/admin/shopify-product', '/api/admin/shopify-product/%20%20'])(
    'answers "Shopify Product ID cannot be empty" for %s',
    async (url) => {
      const response = await send(t.app, 'GET', url, { cookie: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Shopify Product ID cannot be empty',
      });
    },
  );

  it('refuses an import that a browser says comes from another site', async () => {
    const response = await send(t.app, 'GET', '/api/admin/shopify-product/8123456789', {
      cookie: admin,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_ORIGIN_REQUEST' });
  });
});
