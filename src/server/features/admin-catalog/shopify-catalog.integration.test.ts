import { desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminProductListSchema,
  importProductResponseSchema,
  productCountResponseSchema,
} from '../../../shared/schemas/admin-catalog';
import { auditLog, products } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import { send, storefrontProducts } from './admin-catalog-test-support';
import { auditRowsOf } from '../../test/factories/audit';
import { signInAdmin } from '../../test/factories/sign-in';
import { SHOPIFY_PRODUCT_REFRESH_JOB } from './shopify-catalog.jobs';
import { SHOPIFY_VARIANT_PUSH_JOB } from './shopify-rows.repository';
import {
  fakeVariant,
  jobsOfType,
  rowBySku,
  storePriceOf,
  storeVisibilityOf,
} from './shopify-catalog-test-support';

/*
 * The admin catalogue against the fake Shopify store (issue 8 'Catalogue'): the portal's seeded rows start
 * linked by SKU to the store's demo products (4 oz 26.00, 1 oz 10.00, split pack 18.00, tester 0.00).
 */

let t: ShopifyTestApp;
let admin: string;

beforeAll(async () => {
  t = await createShopifyTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());
afterEach(() => t.fake.control.clearFailures());

const refresh = () => send(t.app, 'POST', '/api/admin/refresh-products', { cookie: admin });
const sync = () => send(t.app, 'POST', '/api/admin/sync-products', { cookie: admin });
const importProduct = (id: string) =>
  send(t.app, 'GET', `/api/admin/shopify-product/${encodeURIComponent(id)}`, { cookie: admin });
const allowSku = (sku: string) =>
  send(t.app, 'POST', '/api/admin/allowed-skus', { cookie: admin, payload: { sku } });

const auditOf = (action: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

function countAnswer(response: Awaited<ReturnType<typeof refresh>>) {
  expect(response.statusCode, response.body).toBe(200);
  return productCountResponseSchema.parse(response.json());
}

describe('POST /api/admin/refresh-products', () => {
  it('pulls prices, stock and images into linked rows, links by SKU, and creates rows only for allowed SKUs', async () => {
    const fourOz = await rowBySku(t.db, '800-0001');
    t.fake.control.updateProduct(fourOz.shopifyProductId ?? '', {
      imageUrl: 'https://cdn.example.com/4oz.png',
      variants: [{ id: fourOz.shopifyVariantId ?? '', price: '27.50', inventoryQuantity: 42 }],
    });
    // The 1 oz row lost its link: the refresh finds its variant again by SKU.
    const oneOzVariant = (await rowBySku(t.db, '800-0002')).shopifyVariantId;
    await t.db.update(products).set({ shopifyVariantId: null }).where(eq(products.sku, '800-0002'));
    await allowSku('ROSE-01');
    await allowSku('DRAFT-01');
    const [rose, , , draft] = t.fake.control.seedProducts([
      { title: 'Rose Mist', variants: [{ sku: 'ROSE-01', price: '24.00', inventoryQuantity: 7 }] },
      { title: 'Other Shop Item', variants: [{ sku: 'OTHER-01', price: '5.00' }] },
      { title: 'Gift Card', variants: [{ sku: null, price: '25.00' }] },
      { title: 'Coming Soon', status: 'DRAFT', variants: [{ sku: 'DRAFT-01', price: '30.00' }] },
    ]);

    const answer = countAnswer(await refresh());
    expect(answer).toEqual({
      success: true,
      count: 6,
      message:
        'Refreshed 6 products from Shopify (2 new, 4 updated). 2 Shopify variants without an allowed SKU were left out.',
    });

    // Shopify's price and stock; the portal's own name and wholesale price stay.
    expect(await rowBySku(t.db, '800-0001')).toMatchObject({
      name: '4 oz Bottle',
      price: 2750,
      wholesalePrice: 1065,
      inventoryQuantity: 42,
      imageUrl: 'https://cdn.example.com/4oz.png',
    });
    expect(await rowBySku(t.db, '800-0002')).toMatchObject({ shopifyVariantId: oneOzVariant, price: 1000 });
    expect(await rowBySku(t.db, '800-0003')).toMatchObject({ price: 0, inventoryQuantity: 100 });
    expect(await rowBySku(t.db, 'ROSE-01')).toMatchObject({
      name: 'Rose Mist',
      price: 2400,
      wholesalePrice: null,
      inventoryQuantity: 7,
      isActive: true,
      shopifyProductId: rose?.id,
      shopifyVariantId: rose?.variants[0]?.id,
    });
    expect(await rowBySku(t.db, 'DRAFT-01')).toMatchObject({
      isActive: false,
      shopifyProductId: draft?.id,
    });
    const skus = (await t.db.select({ sku: products.sku }).from(products)).map((row) => row.sku);
    expect(skus).not.toContain('OTHER-01');

    // The storefront's cached catalogue follows (catalogue NOTIFY triggers).
    await vi.waitFor(async () => {
      const storefront = await storefrontProducts(t.app);
      expect(storefront.find((product) => product.sku === '800-0001')?.price).toBe(27.5);
      expect(storefront.map((product) => product.sku)).toContain('ROSE-01');
      expect(storefront.map((product) => product.sku)).not.toContain('DRAFT-01');
    });

    const [entry] = await auditOf('shopify.refresh');
    expect(entry?.after).toMatchObject({ created: ['ROSE-01', 'DRAFT-01'] });
    expect(entry?.actorUserId).toEqual(expect.any(Number));

    // A second refresh finds nothing new to write.
    expect(countAnswer(await refresh()).message).toBe(
      'Refreshed 6 products from Shopify (0 new, 0 updated). 2 Shopify variants without an allowed SKU were left out.',
    );
  });

  it('keeps a price edit whose push to Shopify is still queued, then pushes it', async () => {
    const splitPack = await rowBySku(t.db, 'SPLIT-PACK-01');
    const edit = await send(t.app, 'POST', '/api/admin/update-variant-price', {
      cookie: admin,
      payload: { productId: splitPack.id, basePrice: 19.5, wholesalePrice: 7.75 },
    });
    expect(edit.json()).toMatchObject({ shopify: 'queued' });

    countAnswer(await refresh());
    expect((await rowBySku(t.db, 'SPLIT-PACK-01')).price).toBe(1950);

    await t.runJobs();
    expect(await storePriceOf(t.db, t.fake, 'SPLIT-PACK-01')).toBe('19.50');
    expect(countAnswer(await refresh()).message).toMatch(/ \(0 new, 0 updated\)\./);
  });

  it('reports rows linked to a variant Shopify no longer has', async () => {
    await t.db
      .update(products)
      .set({ shopifyVariantId: 'gid://shopify/ProductVariant/1' })
      .where(eq(products.sku, 'DRAFT-01'));
    const answer = countAnswer(await refresh());
    // Its own variant (still in the store) links it back by SKU, so nothing is stale.
    expect(answer.message).not.toMatch(/no longer exists/);
    expect((await rowBySku(t.db, 'DRAFT-01')).shopifyVariantId).not.toBe('gid://shopify/ProductVariant/1');

    await t.db.insert(products).values({
      name: 'Retired Mist',
      sku: 'RETIRED-01',
      price: 1000,
      shopifyProductId: 'gid://shopify/Product/2',
      shopifyVariantId: 'gid://shopify/ProductVariant/2',
    });
    expect(countAnswer(await refresh()).message).toContain(
      'RETIRED-01 is linked to a Shopify variant that no longer exists.',
    );
    await t.db.delete(products).where(eq(products.sku, 'RETIRED-01'));
  });
});

describe('POST /api/admin/sync-products', () => {
  it("records every linked variant's portal visibility in Shopify, then pushes only what changes", async () => {
    const linked = await t.db.select().from(products).where(isNotNull(products.shopifyVariantId));
    expect(await storeVisibilityOf(t.db, t.fake, '800-0002')).toBeNull();

    const first = countAnswer(await sync());
    expect(first.count).toBe(linked.length);
    expect(await storeVisibilityOf(t.db, t.fake, '800-0002')).toBe('true');
    expect(await storePriceOf(t.db, t.fake, '800-0002')).toBe('10.00');

    await t.db.update(products).set({ isActive: false }).where(eq(products.sku, '800-0002'));
    expect(countAnswer(await sync())).toEqual({
      success: true,
      count: 1,
      message: 'Synced 1 product with Shopify.',
    });
    expect(await storeVisibilityOf(t.db, t.fake, '800-0002')).toBe('false');
    await t.db.update(products).set({ isActive: true }).where(eq(products.sku, '800-0002'));
    expect(countAnswer(await sync()).count).toBe(1);
  });

  it("pushes the portal's changed retail prices to Shopify, grouped per product, and reports the count", async () => {
    await t.db.update(products).set({ price: 1100 }).where(eq(products.sku, '800-0002'));
    await t.db.update(products).set({ price: 2999 }).where(eq(products.sku, '800-0001'));
    const before = t.fake.control.requests.length;

    const answer = countAnswer(await sync());
    expect(answer).toEqual({ success: true, count: 2, message: 'Synced 2 products with Shopify.' });
    expect(await storePriceOf(t.db, t.fake, '800-0002')).toBe('11.00');
    expect(await storePriceOf(t.db, t.fake, '800-0001')).toBe('29.99');
    const mutations = t.fake.control.requests
      .slice(before)
      .filter((request) => request.operationName === 'UpdateVariants');
    expect(mutations).toHaveLength(2);

    const [entry] = await auditOf('shopify.sync');
    expect(entry?.after).toMatchObject({ pushed: ['800-0001', '800-0002'] });

    expect(countAnswer(await sync())).toEqual({
      success: true,
      count: 0,
      message: 'Synced 0 products with Shopify: every price and visibility already matches.',
    });
  });

  it('never pushes the tester or the bundle, whose row prices the portal does not use', async () => {
    await t.db.update(products).set({ price: 500 }).where(eq(products.sku, '800-0003'));
    expect(countAnswer(await sync()).count).toBe(0);
    expect(await storePriceOf(t.db, t.fake, '800-0003')).toBe('0.00');
    await t.db.update(products).set({ price: 0 }).where(eq(products.sku, '800-0003'));
  });

  it('reports rows whose Shopify product is gone and carries on with the others', async () => {
    await t.db
      .update(products)
      .set({ price: 1200, shopifyProductId: 'gid://shopify/Product/3' })
      .where(eq(products.sku, 'ROSE-01'));
    await t.db.update(products).set({ price: 1199 }).where(eq(products.sku, '800-0002'));
    const answer = countAnswer(await sync());
    expect(answer.count).toBe(1);
    expect(answer.message).toContain('ROSE-01 is linked to a Shopify variant that no longer exists');
    expect(await storePriceOf(t.db, t.fake, '800-0002')).toBe('11.99');
    // Put the link back for the next tests: the refresh finds it by variant id.
    countAnswer(await refresh());
    expect((await rowBySku(t.db, 'ROSE-01')).shopifyProductId).not.toBe('gid://shopify/Product/3');
  });
});

describe('GET /api/admin/shopify-product/{id}', () => {
  it('imports every variant with a SKU, by numeric id, and again by GID without duplicates', async () => {
    const [lavender] = t.fake.control.seedProducts([
      {
        title: 'Lavender Mist',
        imageUrl: 'https://cdn.example.com/lavender.png',
        variants: [
          { title: '4 oz', sku: 'LAV-4', price: '26.00', inventoryQuantity: 12 },
          { title: '1 oz', sku: 'LAV-1', price: '10.00', inventoryQuantity: 30 },
          { title: 'Sample', sku: null, price: '0.00' },
        ],
      },
    ]);
    if (!lavender) throw new Error('no product seeded');

    const first = await importProduct(lavender.legacyResourceId);
    expect(first.statusCode, first.body).toBe(200);
    const answer = importProductResponseSchema.parse(first.json());
    expect(answer).toMatchObject({
      success: true,
      newVariants: 2,
      message:
        'Imported "Lavender Mist": 2 variants (2 new). 1 variant without a SKU was left out. ' +
        'Add LAV-4, LAV-1 to the allowed SKUs to show them to customers.',
    });
    expect(answer.variants).toEqual([
      {
        id: expect.any(Number),
        name: 'Lavender Mist - 4 oz',
        sku: 'LAV-4',
        price: 26,
        shopifyVariantId: lavender.variants[0]?.id,
      },
      {
        id: expect.any(Number),
        name: 'Lavender Mist - 1 oz',
        sku: 'LAV-1',
        price: 10,
        shopifyVariantId: lavender.variants[1]?.id,
      },
    ]);

    // Not allowed yet, so not on the storefront; grouped under the Shopify product in the admin view.
    const list = adminProductListSchema.parse(
      (await send(t.app, 'GET', '/api/admin/products-with-variants', { cookie: admin })).json(),
    );
    const group = list.find((product) => product.shopifyProductId === lavender.id);
    expect(group?.variants.map((variant) => [variant.sku, variant.displayStatus, variant.imageUrl])).toEqual([
      ['LAV-4', 'Not Allowed', 'https://cdn.example.com/lavender.png'],
      ['LAV-1', 'Not Allowed', 'https://cdn.example.com/lavender.png'],
    ]);

    await allowSku('LAV-4');
    const again = importProductResponseSchema.parse((await importProduct(lavender.id)).json());
    expect(again.newVariants).toBe(0);
    expect(again.variants.map((variant) => variant.id)).toEqual(answer.variants.map((variant) => variant.id));
    expect(again.message).toBe(
      'Imported "Lavender Mist": 2 variants (0 new). 1 variant without a SKU was left out. ' +
        'Add LAV-1 to the allowed SKUs to show it to customers.',
    );
    const entry = (await auditRowsOf(t.db, { entityType: 'catalog', entityId: lavender.id })).at(-1);
    expect(entry).toMatchObject({ action: 'shopify.import' });
  });

  it('answers 404 with a clear message for an id Shopify does not know', async () => {
    const response = await importProduct('999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Shopify has no product with the ID 999',
    });
  });

  it.each(['abc', 'gid://shopify/ProductVariant/44567890001', '12-34'])(
    'answers 400 for %s, which is no product id',
    async (id) => {
      const response = await importProduct(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Shopify Product ID must be a number (e.g. 8123456789) or a product GID (gid://shopify/Product/8123456789)',
      );
    },
  );
});

describe('price and visibility edits reach Shopify through the shopify.variant-push job', () => {
  const editPrice = (productId: number, basePrice: number) =>
    send(t.app, 'POST', '/api/admin/update-variant-price', {
      cookie: admin,
      payload: { productId, basePrice, wholesalePrice: 9 },
    });

  it("queues the push in the edit's own transaction, and only for rows linked to Shopify", async () => {
    const tester = await rowBySku(t.db, '800-0003');
    const before = (await jobsOfType(t.db, SHOPIFY_VARIANT_PUSH_JOB)).length;
    const [unlinked] = await t.db
      .insert(products)
      .values({ name: 'Portal Only', sku: 'PORTAL-01', price: 1000, wholesalePrice: 500 })
      .returning();
    expect((await editPrice(unlinked?.id ?? 0, 11)).json()).toMatchObject({
      shopify: 'not-linked',
      message: 'Price updated in the portal. This product is not linked to a Shopify variant.',
    });
    expect((await editPrice(tester.id, 1)).statusCode).toBe(422);
    expect(await jobsOfType(t.db, SHOPIFY_VARIANT_PUSH_JOB)).toHaveLength(before);
    await t.db.delete(products).where(eq(products.sku, 'PORTAL-01'));
  });

  it("sets the Shopify variant's price to the row's price when the job runs", async () => {
    const fourOz = await rowBySku(t.db, '800-0001');
    expect((await editPrice(fourOz.id, 31)).json()).toMatchObject({
      shopify: 'queued',
      message: 'Price updated. Shopify will be updated in a moment.',
    });
    expect(await storePriceOf(t.db, t.fake, '800-0001')).not.toBe('31.00');
    expect((await jobsOfType(t.db, SHOPIFY_VARIANT_PUSH_JOB)).slice(-1)).toEqual([
      { state: 'pending', attempts: 0, payload: { productId: fourOz.id, push: ['price'] }, last_error: null },
    ]);
    await t.runJobs();
    expect(await storePriceOf(t.db, t.fake, '800-0001')).toBe('31.00');
  });

  it('retries after a Shopify outage and pushes the latest price once it is back', async () => {
    const oneOz = await rowBySku(t.db, '800-0002');
    t.fake.control.failNext(1, { kind: 'server-error', status: 503 });
    await editPrice(oneOz.id, 12);
    await editPrice(oneOz.id, 12.5);
    await t.runJobs();
    const jobs = (await jobsOfType(t.db, SHOPIFY_VARIANT_PUSH_JOB)).filter(
      (job) => (job.payload as { productId: number }).productId === oneOz.id,
    );
    expect(jobs.map((job) => job.state).sort()).toEqual(['done', 'pending']);
    expect(await storePriceOf(t.db, t.fake, '800-0002')).toBe('12.50');
    await t.runJobs({ laterMs: 60_000 });
    expect(await storePriceOf(t.db, t.fake, '800-0002')).toBe('12.50');
    expect((await jobsOfType(t.db, SHOPIFY_VARIANT_PUSH_JOB)).every((job) => job.state === 'done')).toBe(
      true,
    );
  });

  it("fails for good, with Shopify's reason, when Shopify refuses the price", async () => {
    const splitPack = await rowBySku(t.db, 'SPLIT-PACK-01');
    await t.db
      .update(products)
      .set({ shopifyProductId: 'gid://shopify/Product/4' })
      .where(eq(products.id, splitPack.id));
    await editPrice(splitPack.id, 20);
    await t.runJobs();
    const [last] = (await jobsOfType(t.db, SHOPIFY_VARIANT_PUSH_JOB)).slice(-1);
    expect(last).toMatchObject({ state: 'failed', attempts: 1 });
    expect(last?.last_error).toContain('Shopify refused the price of SPLIT-PACK-01');
    await t.db
      .update(products)
      .set({ shopifyProductId: splitPack.shopifyProductId })
      .where(eq(products.id, splitPack.id));
  });

  it("records a visibility switch in the variant's metafield and leaves a price changed in Shopify alone", async () => {
    const oneOz = await rowBySku(t.db, '800-0002');
    const variant = fakeVariant(t.fake, oneOz.shopifyVariantId);
    const storePrice = variant.price;
    variant.price = 1450; // changed in the Shopify admin meanwhile

    const hidden = await send(t.app, 'POST', '/api/admin/update-variant-visibility', {
      cookie: admin,
      payload: { sku: '800-0002', isActive: false },
    });
    expect(hidden.json()).toMatchObject({
      shopify: 'queued',
      message: `${oneOz.name} is now hidden. Shopify will be updated in a moment.`,
    });
    expect((await jobsOfType(t.db, SHOPIFY_VARIANT_PUSH_JOB)).slice(-1)).toEqual([
      {
        state: 'pending',
        attempts: 0,
        payload: { productId: oneOz.id, push: ['visibility'] },
        last_error: null,
      },
    ]);
    await t.runJobs();
    expect(await storeVisibilityOf(t.db, t.fake, '800-0002')).toBe('false');
    expect(await storePriceOf(t.db, t.fake, '800-0002')).toBe('14.50');

    await send(t.app, 'POST', '/api/admin/update-variant-visibility', {
      cookie: admin,
      payload: { sku: '800-0002', isActive: true },
    });
    await t.runJobs();
    expect(await storeVisibilityOf(t.db, t.fake, '800-0002')).toBe('true');
    variant.price = storePrice;
  });
});

describe('the shopify.product.refresh job (products/update webhook)', () => {
  it('re-reads one product into its rows', async () => {
    const rose = await rowBySku(t.db, 'ROSE-01');
    t.fake.control.updateProduct(rose.shopifyProductId ?? '', {
      variants: [{ id: rose.shopifyVariantId ?? '', price: '25.00', inventoryQuantity: 3 }],
    });
    await enqueueJob(t.db, {
      type: SHOPIFY_PRODUCT_REFRESH_JOB,
      payload: { productGid: rose.shopifyProductId },
    });
    expect(await t.runJobs()).toBe(1);
    expect(await rowBySku(t.db, 'ROSE-01')).toMatchObject({ price: 2500, inventoryQuantity: 3 });
  });

  it('finishes quietly for a product Shopify deleted, and fails for good on a bad payload', async () => {
    await enqueueJob(t.db, {
      type: SHOPIFY_PRODUCT_REFRESH_JOB,
      payload: { productGid: 'gid://shopify/Product/5' },
    });
    await enqueueJob(t.db, { type: SHOPIFY_PRODUCT_REFRESH_JOB, payload: { productGid: 'nope' } });
    await t.runJobs();
    const jobs = (await jobsOfType(t.db, SHOPIFY_PRODUCT_REFRESH_JOB)).slice(-2);
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual([
      ['done', 1],
      ['failed', 1],
    ]);
  });
});

describe('a merchant edit in Shopify, end to end', () => {
  let live: ShopifyTestApp;

  beforeAll(async () => {
    live = await createShopifyTestApp({ listen: true });
  });
  afterAll(() => live.close());

  it('reaches the storefront through the signed products/update webhook and the refresh job', async () => {
    const oneOz = await rowBySku(live.db, '800-0002');
    live.fake.control.updateProduct(oneOz.shopifyProductId ?? '', {
      variants: [{ id: oneOz.shopifyVariantId ?? '', price: '10.75', inventoryQuantity: 77 }],
    });
    await live.fake.control.webhooksSettled();
    await live.runJobs(); // stores the event and queues the (debounced) refresh
    expect((await rowBySku(live.db, '800-0002')).price).toBe(1000);
    await live.runJobs({ laterMs: 61_000 });
    expect(await rowBySku(live.db, '800-0002')).toMatchObject({ price: 1075, inventoryQuantity: 77 });
    await vi.waitFor(async () => {
      const storefront = await storefrontProducts(live.app);
      expect(storefront.find((product) => product.sku === '800-0002')?.price).toBe(10.75);
    });
  });
});

describe('with Shopify down', () => {
  let down: ShopifyTestApp;
  let downAdmin: string;
  /** The client's backoff waits: recorded, never slept, and without randomness (jitter at its lowest). */
  const backoffs: number[] = [];

  beforeAll(async () => {
    down = await createShopifyTestApp({
      client: {
        connectTimeoutMs: 100,
        totalTimeoutMs: 200,
        circuit: { failureThreshold: 3, cooldownMs: 60_000 },
        random: () => 0,
        sleep: (ms) => {
          backoffs.push(ms);
          return Promise.resolve();
        },
      },
    });
    downAdmin = await signInAdmin(down.app);
  });
  afterAll(() => down.close());

  it('answers 503 with a plain message, fast, and the open circuit answers at once', async () => {
    down.fake.control.failNext(10, { kind: 'hang' });
    const started = Date.now();
    const hung = await send(down.app, 'POST', '/api/admin/refresh-products', { cookie: downAdmin });
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({
      code: 'UNAVAILABLE',
      message:
        'Shopify is not responding right now, so the refresh did not run. Please try again in a few minutes.',
      requestId: expect.any(String),
    });
    expect(hung.body).not.toMatch(/stack|at .*\.ts/);

    await down.fake.control.goDown();
    for (const [method, url] of [
      ['POST', '/api/admin/sync-products'],
      ['GET', '/api/admin/shopify-product/8123456001'],
      ['POST', '/api/admin/refresh-products'],
    ] as const) {
      const response = await send(down.app, method, url, { cookie: downAdmin });
      expect(response.statusCode, url).toBe(503);
      expect(response.json().message).toMatch(/^Shopify is not responding right now/);
    }
    // Three hung attempts (100 ms each to the headers limit), then the open circuit answers without calling.
    expect(down.fake.control.requests.map((request) => request.failure)).toEqual(['hang', 'hang', 'hang']);
    expect(backoffs).toEqual([500, 1_000]);
    expect(Date.now() - started).toBeLessThan(5_000);
    down.fake.control.clearFailures();
    await down.fake.control.goUp();
  });

  it('still saves a price edit, queued for later', async () => {
    const fourOz = await rowBySku(down.db, '800-0001');
    const response = await send(down.app, 'POST', '/api/admin/update-variant-price', {
      cookie: downAdmin,
      payload: { productId: fourOz.id, basePrice: 28, wholesalePrice: 11 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ shopify: 'queued', variant: { price: 28 } });
  });
});
