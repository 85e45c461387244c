import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../../db/schema';
import { draftTotals } from '../../../../../dev/fake-shopify/draft-totals';
import { at, queryData } from '../../../../../dev/fake-shopify/fake-store-test-support';
import { enqueueJob } from '../../../jobs/queue';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import { createTestApp, findSeededSpecialIds } from '../../../test/test-app';
import {
  limitAttempts,
  customerOrder,
  failDraftRecording,
  FOUR_OZ,
  itemsOf,
  jobsOfOrder,
  jobsOfType,
  newCustomer,
  ONE_OZ,
  shopifyJobs,
  submitOrder,
} from './shopify-orders-test-support';
import { readOrder } from '../../../test/factories/orders';
import { CREATE_DRAFT_ORDER_JOB } from './draft-order-definitions';

/*
 * Submission → 'shopify.draft-order.create' → a draft order in the fake store (issue 8 'Orders'), including
 * Shopify being down, a create that times out after the store made the draft, and Shopify's search lag.
 */

/**
 * Faults the fake store cannot make itself, between the client and the store. The fake's `hang` and `reset`
 * strike before the store executes anything; a lost answer AFTER the store made the draft is what makes a
 * retry dangerous, so it is made here: the request goes through, then the connection "drops". The client
 * reports that as a network error, which the job treats exactly like a timeout (the draft may exist).
 */
const faults = {
  /** The next CreateDraftOrder: 'after' reaches the store, 'before' does not; either way no answer comes. */
  createLost: null as null | 'after' | 'before',
  /** Draft search answers as if the index had not caught up (Shopify's search lag). */
  searchLags: false,
  /** Runs when a CreateDraftOrder is about to reach the store. */
  onCreate: null as null | (() => Promise<void>),
  /** Draft search also answers near matches (tag…0, tag…1), as Shopify's fuzzy search can. */
  fuzzySearch: false,
};

const connectionReset = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });

const faultyFetch: typeof fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  if (faults.onCreate && body.includes('mutation CreateDraftOrder')) await faults.onCreate();
  if (faults.createLost && body.includes('mutation CreateDraftOrder')) {
    const when = faults.createLost;
    faults.createLost = null;
    if (when === 'after') await (await fetch(input, init)).text();
    throw connectionReset();
  }
  if ((faults.searchLags || faults.fuzzySearch) && body.includes('query FindDraftOrderByTag')) {
    const request = JSON.parse(body) as { query: string; variables: Record<string, unknown> };
    const exact = String(request.variables.query);
    request.variables.query = faults.searchLags
      ? "tag:'not-indexed-yet'"
      : [exact.replace(/'$/, "0'"), exact.replace(/'$/, "1'"), exact].join(' OR ');
    return fetch(input, { ...init, body: JSON.stringify(request) });
  }
  return fetch(input, init);
};

let t: ShopifyTestApp;
let customer: { cookie: string };
let bundleId: number;
let testerId: number;

beforeAll(async () => {
  t = await createShopifyTestApp({
    client: {
      fetch: faultyFetch,
      // Generous: nothing here waits for a timeout, and a loaded CI machine must not cause one.
      connectTimeoutMs: 5_000,
      totalTimeoutMs: 10_000,
      // Each test drives the store up and down itself; the breaker would only add real waiting.
      circuit: { failureThreshold: 1_000, cooldownMs: 0 },
    },
  });
  customer = await newCustomer(t.app, t.db);
  ({ bundleId, testerId } = await findSeededSpecialIds(t.app));
});
afterAll(() => t.close());
afterEach(async () => {
  faults.createLost = null;
  faults.searchLags = false;
  faults.onCreate = null;
  faults.fuzzySearch = false;
  t.fake.control.clearFailures();
  await t.fake.control.goUp();
});

const draftsOf = (orderId: number) =>
  [...t.fake.store.draftOrders.values()].filter((draft) => draft.tags.includes(`portal-order-${orderId}`));

const centsOf = (amount: number | undefined) => amount ?? null;

describe('creating the draft order on submission', () => {
  it('sends the order to Shopify at the portal prices, with the bundle expanded and the tester at 0.00', async () => {
    // 2 cases of 4 oz + 1 bundle = 3 cases: the 10 % tier.
    const placed = await submitOrder(t.app, customer.cookie, [
      { productId: FOUR_OZ, quantity: 24 },
      { productId: bundleId, quantity: 1 },
      { productId: testerId, quantity: 1 },
    ]);
    expect(placed).toMatchObject({ testMode: false, invoiceUrl: null });
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('pending');
    expect(draftsOf(placed.orderId)).toHaveLength(0);

    expect(await t.runJobs()).toBeGreaterThan(0);

    const [draft, ...others] = draftsOf(placed.orderId);
    expect(others).toHaveLength(0);
    if (!draft) throw new Error('no draft');
    const order = await readOrder(t.db, placed.orderId);
    const items = await itemsOf(t.db, placed.orderId);
    const priceOf = (productId: number) => items.find((item) => item.productId === productId)?.price;
    const variantOf = async (productId: number) => {
      const [row] = await t.db.select().from(products).where(eq(products.id, productId));
      return Number(row?.shopifyVariantId?.split('/').pop());
    };
    const fourOzUnit = priceOf(FOUR_OZ);
    const bundleUnit = priceOf(bundleId);
    expect(fourOzUnit).toBe(959); // 10.65 less 10 %

    const lines = draft.lineItems.map((line) => ({
      variantId: line.variantId,
      quantity: line.quantity,
      price: centsOf(line.priceOverride?.amount),
      attributes: line.customAttributes,
    }));
    expect(lines).toEqual([
      { variantId: await variantOf(FOUR_OZ), quantity: 24, price: fourOzUnit, attributes: [] },
      {
        variantId: await variantOf(FOUR_OZ),
        quantity: 6,
        price: 959,
        attributes: [{ key: 'bundle', value: '800-0004' }],
      },
      {
        variantId: await variantOf(ONE_OZ),
        quantity: 6,
        price: 437, // 4.85 less 10 %
        attributes: [{ key: 'bundle', value: '800-0004' }],
      },
      { variantId: await variantOf(testerId), quantity: 1, price: 0, attributes: [] },
    ]);
    // The bundle's component lines add up to the bundle line to the cent, and the draft to the order.
    expect(6 * 959 + 6 * 437).toBe(bundleUnit);
    expect(draftTotals(t.fake.store, draft).total).toBe(order.orderTotal);

    const orderNumber = placed.orderName;
    expect(draft).toMatchObject({
      email: 'ada.shopify@example.com',
      note: `Wholesale order ${orderNumber} (portal)\nLeave at the back door`,
      poNumber: orderNumber,
      tags: expect.arrayContaining(['wholesale', 'portal', `portal-order-${placed.orderId}`]),
      customAttributes: [
        { key: 'portal_order_id', value: String(placed.orderId) },
        { key: 'portal_order_number', value: orderNumber },
      ],
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Buyer',
        company: 'Mist Shop',
        address1: '1 Main St',
        address2: 'Suite 2',
        city: 'Springfield',
        provinceCode: 'IL',
        countryCode: 'US',
        zip: '62701',
        phone: null,
      },
      // Free shipping is fixed on the draft, so the checkout cannot add the store's rates.
      shippingLine: { title: 'Free wholesale shipping', price: 0 },
    });

    expect(order).toMatchObject({
      shopifyOrderId: `#D${draft.number}`,
      shopifyDraftOrderGid: `gid://shopify/DraftOrder/${draft.id}`,
      shopifyCheckoutUrl: expect.stringContaining(`/invoices/${draft.invoiceToken}`),
      shopifySyncStatus: 'synced',
      paymentStatus: 'unpaid',
    });
    // shopifyUpdatedAt holds Shopify's own event times (webhooks), never the portal's clock.
    expect(order.shopifyUpdatedAt).toBeNull();
    // The invoice URL stays private until staff approve.
    const seen = await customerOrder(t.app, customer.cookie, placed.orderId);
    expect(seen.order).toMatchObject({ shopifyOrderId: `#D${draft.number}`, invoiceUrl: null });
  });

  it("sends the buyer's PO number as the draft's poNumber, which the store keeps and answers when the draft is read (issue 20)", async () => {
    const poNumber = 'PO-2031/0042 "Q3"';
    const placed = await submitOrder(
      t.app,
      customer.cookie,
      [{ productId: FOUR_OZ, quantity: 24 }],
      null,
      poNumber,
    );
    await t.runJobs();

    const [draft, ...others] = draftsOf(placed.orderId);
    expect(others).toHaveLength(0);
    if (!draft) throw new Error('no draft');
    // The fake validated the document against Shopify's schema; the order is still named in the note.
    expect(draft).toMatchObject({ poNumber, note: `Wholesale order ${placed.orderName} (portal)` });
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('synced');

    const read = await queryData(t.fake, 'query($id: ID!) { draftOrder(id: $id) { name poNumber } }', {
      id: `gid://shopify/DraftOrder/${draft.id}`,
    });
    expect(at(read, 'draftOrder')).toEqual({ name: `#D${draft.number}`, poNumber });
  });

  it('keeps the order while Shopify is down and syncs it exactly once when it is back', async () => {
    await t.fake.control.goDown();
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: ONE_OZ, quantity: 12 }]);

    await t.runJobs();
    const [job] = await jobsOfType(t.db, CREATE_DRAFT_ORDER_JOB).then((rows) =>
      rows.filter((row) => row.dedupeKey === `shopify-draft:${placed.orderId}`),
    );
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job?.lastError).toContain('Could not reach Shopify');
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('pending');

    await t.fake.control.goUp();
    await t.runJobs({ laterMs: 5_000 });
    await t.runJobs({ laterMs: 10 * 60_000 });
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect(await readOrder(t.db, placed.orderId)).toMatchObject({ shopifySyncStatus: 'synced' });
  });

  it('retries after a 5xx without a duplicate', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: ONE_OZ, quantity: 12 }]);
    // Every attempt the client makes for the lookup (3) fails.
    t.fake.control.failNext(3, { kind: 'server-error', status: 503 });
    await t.runJobs();
    expect(draftsOf(placed.orderId)).toHaveLength(0);
    await t.runJobs({ laterMs: 5_000 });
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('synced');
  });

  it('adopts the draft a create did make before its answer was lost instead of creating a second one', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    faults.createLost = 'after';
    await t.runJobs();
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    const order = await readOrder(t.db, placed.orderId);
    expect(order).toMatchObject({ shopifySyncStatus: 'pending', shopifyDraftOrderGid: null });

    await t.runJobs({ laterMs: 5_000 });
    const [draft, ...others] = draftsOf(placed.orderId);
    expect(others).toHaveLength(0);
    expect(await readOrder(t.db, placed.orderId)).toMatchObject({
      shopifySyncStatus: 'synced',
      shopifyOrderId: `#D${draft?.number}`,
    });
  });

  it("does not create again while Shopify's search may not show a draft that a create with a lost answer made", async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    faults.createLost = 'after';
    faults.searchLags = true;
    await t.runJobs();
    // 5 s later the search still does not show it: the job waits instead of creating a second draft.
    await t.runJobs({ laterMs: 5_000 });
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    const [job] = (await jobsOfType(t.db, CREATE_DRAFT_ORDER_JOB)).filter(
      (row) => row.dedupeKey === `shopify-draft:${placed.orderId}`,
    );
    expect(job?.lastError).toContain('waiting for Shopify search');

    // The index has caught up: the draft is found and adopted.
    faults.searchLags = false;
    await t.runJobs({ laterMs: 2 * 60_000 });
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('synced');
  });

  it('creates the draft after the search-lag window when a create whose answer was lost never reached the store', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    faults.createLost = 'before';
    await t.runJobs();
    await t.runJobs({ laterMs: 5_000 });
    expect(draftsOf(placed.orderId)).toHaveLength(0);
    await t.runJobs({ laterMs: 2 * 60_000 });
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('synced');
  });

  it('does not create a second draft when recording the created one failed (the retry comes before search shows it)', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    faults.searchLags = true;
    const restore = await failDraftRecording(t.db);
    try {
      await t.runJobs();
    } finally {
      await restore();
    }
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect(await readOrder(t.db, placed.orderId)).toMatchObject({
      shopifySyncStatus: 'pending',
      shopifyDraftOrderGid: null,
    });

    // Seconds later the search still misses it: the marker the attempt committed before creating holds.
    await t.runJobs({ laterMs: 5_000 });
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    const [job] = await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId);
    expect(job?.lastError).toContain('waiting for Shopify search');

    faults.searchLags = false;
    await t.runJobs({ laterMs: 2 * 60_000 });
    const [draft, ...others] = draftsOf(placed.orderId);
    expect(others).toHaveLength(0);
    expect(await readOrder(t.db, placed.orderId)).toMatchObject({
      shopifySyncStatus: 'synced',
      shopifyDraftOrderGid: `gid://shopify/DraftOrder/${draft?.id}`,
    });
  });

  it("says 'failed' during the last attempt, so an attempt that dies (worker killed) leaves no order pending", async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const [job] = await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId);
    await limitAttempts(t.db, job?.id, 1);
    let duringCreate: string | null = null;
    faults.onCreate = async () => {
      duringCreate = (await readOrder(t.db, placed.orderId)).shopifySyncStatus;
    };
    await t.runJobs();
    expect(duringCreate).toBe('failed');
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('synced');
  });

  it("marks the order 'failed' when its last attempt fails outside Shopify (the database)", async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const [job] = await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId);
    await limitAttempts(t.db, job?.id, 2);
    const restore = await failDraftRecording(t.db);
    try {
      await t.runJobs();
      expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('pending');
      await t.runJobs({ laterMs: 2 * 60_000 });
    } finally {
      await restore();
    }
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('failed');
    expect(await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId)).toMatchObject([
      { state: 'failed', attempts: 2 },
    ]);
    // The first attempt's draft was found again by the second, which could not record it either.
    expect(draftsOf(placed.orderId)).toHaveLength(1);
  });

  it('finds its draft when the fuzzy search answers near matches first', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const draftTagged = async (tag: string) => {
      const created = await t.shopify.api.createDraftOrder({
        email: 'ada.shopify@example.com',
        tags: [tag],
        lineItems: [
          {
            variantId: (await readProductVariant(FOUR_OZ)) ?? '',
            quantity: 12,
            priceOverride: { amount: '10.12', currencyCode: 'USD' },
          },
        ],
      });
      if (!created.ok) throw new Error(created.error.message);
      return created.data;
    };
    // Orders 10x and 10x+1 of the same store: older drafts, so the search answers them first.
    await draftTagged(`portal-order-${placed.orderId}0`);
    await draftTagged(`portal-order-${placed.orderId}1`);
    const own = await draftTagged(`portal-order-${placed.orderId}`);
    faults.fuzzySearch = true;
    await t.runJobs();
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect((await readOrder(t.db, placed.orderId)).shopifyDraftOrderGid).toBe(own.id);
  });

  it('does nothing more when the job runs again', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    await t.runJobs();
    const before = await readOrder(t.db, placed.orderId);
    await enqueueJob(t.db, {
      type: CREATE_DRAFT_ORDER_JOB,
      payload: { orderId: placed.orderId },
      dedupeKey: `shopify-draft:${placed.orderId}:again`,
    });
    await t.runJobs();
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect(await readOrder(t.db, placed.orderId)).toMatchObject({
      shopifyOrderId: before.shopifyOrderId,
      shopifyDraftOrderGid: before.shopifyDraftOrderGid,
    });
  });

  it('adopts an existing draft tagged with the order (a lost answer, a crash before recording it)', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const existing = await t.shopify.api.createDraftOrder({
      email: 'ada.shopify@example.com',
      tags: [`portal-order-${placed.orderId}`],
      lineItems: [
        {
          variantId: (await readProductVariant(FOUR_OZ)) ?? '',
          quantity: 12,
          priceOverride: { amount: '10.12', currencyCode: 'USD' },
        },
      ],
    });
    if (!existing.ok) throw new Error(existing.error.message);
    await t.runJobs();
    expect(draftsOf(placed.orderId)).toHaveLength(1);
    expect((await readOrder(t.db, placed.orderId)).shopifyDraftOrderGid).toBe(existing.data.id);
  });

  it('fails the sync (staff see it) when a product has no Shopify variant', async () => {
    const variant = await readProductVariant(ONE_OZ);
    await t.db.update(products).set({ shopifyVariantId: null }).where(eq(products.id, ONE_OZ));
    try {
      const placed = await submitOrder(t.app, customer.cookie, [{ productId: ONE_OZ, quantity: 12 }]);
      await t.runJobs();
      expect(draftsOf(placed.orderId)).toHaveLength(0);
      expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('failed');
      const [job] = (await jobsOfType(t.db, CREATE_DRAFT_ORDER_JOB)).filter(
        (row) => row.dedupeKey === `shopify-draft:${placed.orderId}`,
      );
      expect(job).toMatchObject({ state: 'failed', attempts: 1 });
      expect(job?.lastError).toContain('no Shopify variant for 800-0002');
    } finally {
      await t.db.update(products).set({ shopifyVariantId: variant }).where(eq(products.id, ONE_OZ));
    }
  });

  it('sends the bundle as one custom line when its component prices changed since the order', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: bundleId, quantity: 1 }]);
    const bundleUnit = (await itemsOf(t.db, placed.orderId))[0]?.price;
    await t.db.update(products).set({ wholesalePrice: 1100 }).where(eq(products.id, FOUR_OZ));
    try {
      await t.runJobs();
    } finally {
      await t.db.update(products).set({ wholesalePrice: 1065 }).where(eq(products.id, FOUR_OZ));
    }
    const [draft] = draftsOf(placed.orderId);
    expect(draft?.lineItems).toEqual([
      expect.objectContaining({ variantId: null, sku: '800-0004', quantity: 1, customPrice: bundleUnit }),
    ]);
    expect(draft && draftTotals(t.fake.store, draft).total).toBe(
      (await readOrder(t.db, placed.orderId)).orderTotal,
    );
  });

  it('creates nothing for an order cancelled before the job ran', async () => {
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed.orderId));
    await t.runJobs();
    expect(draftsOf(placed.orderId)).toHaveLength(0);
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('not_required');
  });

  async function readProductVariant(productId: number) {
    const [row] = await t.db.select().from(products).where(eq(products.id, productId));
    return row?.shopifyVariantId ?? null;
  }
});

describe('test mode (no store)', () => {
  it('places orders without any Shopify job', async () => {
    const plain = await createTestApp();
    try {
      const buyer = await newCustomer(plain.app, plain.db);
      const placed = await submitOrder(plain.app, buyer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
      expect(placed.testMode).toBe(true);
      expect(await readOrder(plain.db, placed.orderId)).toMatchObject({
        testMode: true,
        shopifySyncStatus: 'not_required',
      });
      expect(await shopifyJobs(plain.db)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
