import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderItems, orders, products } from '../../../db/schema';
import { draftTotals } from '../../../../../dev/fake-shopify/draft-totals';
import { toGid } from '../../../../../dev/fake-shopify/gid';
import { enqueueJob } from '../../../jobs/queue';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import { findSeededSpecialIds } from '../../../test/test-app';
import { signInAdmin } from '../../../test/factories/sign-in';
import { readOrder } from '../../../test/factories/orders';
import {
  FOUR_OZ,
  itemsOf,
  jobsOfOrder,
  limitAttempts,
  newCustomer,
  ONE_OZ,
  setStatus,
  submitOrder,
} from './shopify-orders-test-support';
import { UPDATE_DRAFT_ORDER_JOB } from './draft-order-definitions';
import { draftOrderUpdateJob } from './shopify-sync';

/*
 * The lines of a pending order changed → 'shopify.draft-order.update' → its draft in the fake store has the
 * new lines and totals before any invoice (docs/shopify.md#draft-order-lifecycle). The change itself is made
 * here straight in the database, as the order's revision will make it: new lines, totals and tier, the
 * version bumped, and the job queued in the same transaction.
 */

/** Every Shopify operation the portal sent, by name, in order. */
const sent: string[] = [];

const faults = {
  /** The next CreateDraftOrder reaches the store, then this runs and the answer is lost. */
  createLostAfter: null as null | (() => Promise<void>),
  /** UpdateDraftOrder goes with a line Shopify refuses (quantity 0). */
  updateRefused: false,
};

const connectionReset = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });

const faultyFetch: typeof fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  const operation = /(?:query|mutation)\s+(\w+)/.exec(body)?.[1];
  if (operation) sent.push(operation);
  const lostAfter = faults.createLostAfter;
  if (lostAfter && operation === 'CreateDraftOrder') {
    faults.createLostAfter = null;
    await (await fetch(input, init)).text();
    await lostAfter();
    throw connectionReset();
  }
  if (faults.updateRefused && operation === 'UpdateDraftOrder') {
    const request = JSON.parse(body) as { variables: { input: { lineItems: { quantity: number }[] } } };
    const [first] = request.variables.input.lineItems;
    if (first) first.quantity = 0;
    return fetch(input, { ...init, body: JSON.stringify(request) });
  }
  return fetch(input, init);
};

let t: ShopifyTestApp;
let admin: string;
let bundleId: number;

beforeAll(async () => {
  t = await createShopifyTestApp({
    client: {
      fetch: faultyFetch,
      connectTimeoutMs: 5_000,
      totalTimeoutMs: 10_000,
      circuit: { failureThreshold: 1_000, cooldownMs: 0 },
    },
  });
  admin = await signInAdmin(t.app);
  ({ bundleId } = await findSeededSpecialIds(t.app));
});
afterAll(() => t.close());
afterEach(async () => {
  faults.createLostAfter = null;
  faults.updateRefused = false;
  t.fake.control.clearFailures();
  await t.fake.control.goUp();
});

type Lines = Array<{ productId: number; quantity: number }>;

/** A customer's order of `lines`, submitted and (unless `sync` is false) with its draft created. */
async function placedOrder(lines: Lines, { sync = true } = {}) {
  const customer = await newCustomer(t.app, t.db);
  const placed = await submitOrder(t.app, customer.cookie, lines);
  if (sync) await t.runJobs();
  return { ...customer, orderId: placed.orderId };
}

/**
 * The lines, totals and tier the portal prices `lines` at: an order placed for them by another customer
 * (real pricing), kept out of Shopify.
 */
async function priced(lines: Lines) {
  const { orderId } = await placedOrder(lines, { sync: false });
  await t.db.delete(jobs).where(eq(jobs.dedupeKey, `shopify-draft:${orderId}`));
  await t.db.update(orders).set({ shopifySyncStatus: 'not_required' }).where(eq(orders.id, orderId));
  return { order: await readOrder(t.db, orderId), items: await itemsOf(t.db, orderId) };
}
type Revision = Awaited<ReturnType<typeof priced>>;

/** What the order's revision does: new lines, totals and tier, version + 1, and the job, in one transaction. */
async function revise(orderId: number, revision: Revision): Promise<number> {
  return t.db.transaction(async (tx) => {
    await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
    await tx.insert(orderItems).values(
      revision.items.map(({ productId, quantity, price, name, sku }) => ({
        orderId,
        productId,
        quantity,
        price,
        name,
        sku,
      })),
    );
    const { totalCases, standardTotal, orderTotal, tierId, discountPercentage } = revision.order;
    const [row] = await tx
      .update(orders)
      .set({
        totalCases,
        standardTotal,
        orderTotal,
        tierId,
        discountPercentage,
        version: sql`${orders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning({ version: orders.version });
    const version = row?.version ?? 0;
    await enqueueJob(tx, draftOrderUpdateJob(orderId, version));
    return version;
  });
}

const draftOf = async (orderId: number) => {
  const gid = (await readOrder(t.db, orderId)).shopifyDraftOrderGid;
  const draft = t.fake.store.draftOrders.get(Number(gid?.split('/').pop()));
  if (!draft) throw new Error(`order ${orderId} has no draft in the store`);
  return draft;
};

const linesOf = (draft: Awaited<ReturnType<typeof draftOf>>) =>
  draft.lineItems.map((line) => ({
    variantId: line.variantId,
    quantity: line.quantity,
    price: line.priceOverride?.amount ?? null,
    attributes: line.customAttributes,
  }));

const variantOf = async (productId: number) => {
  const [row] = await t.db.select().from(products).where(eq(products.id, productId));
  return Number(row?.shopifyVariantId?.split('/').pop());
};

const updateJobsOf = (orderId: number) => jobsOfOrder(t.db, UPDATE_DRAFT_ORDER_JOB, orderId);

/** Runs the jobs until none is due, as if minutes had passed (the retries' backoff). */
async function settle() {
  for (const minutes of [2, 5, 15, 30]) await t.runJobs({ laterMs: minutes * 60_000 });
}

/** 2 cases (4 oz and 1 oz) → 2 cases of 4 oz and the bundle: one line gone, one changed, one added. */
const BEFORE: Lines = [
  { productId: FOUR_OZ, quantity: 12 },
  { productId: ONE_OZ, quantity: 12 },
];
const after = (): Lines => [
  { productId: FOUR_OZ, quantity: 24 },
  { productId: bundleId, quantity: 1 },
];

/** The draft lines of `after()` at the 10 % tier (3 cases): the bundle as its components. */
async function expectedAfterLines(items: Revision['items']) {
  const fourOz = await variantOf(FOUR_OZ);
  return [
    { variantId: fourOz, quantity: 24, price: items[0]?.price, attributes: [] },
    { variantId: fourOz, quantity: 6, price: 959, attributes: [{ key: 'bundle', value: '800-0004' }] },
    {
      variantId: await variantOf(ONE_OZ),
      quantity: 6,
      price: 437,
      attributes: [{ key: 'bundle', value: '800-0004' }],
    },
  ];
}

describe('the draft follows the order when its lines change', () => {
  it("sends the order's new lines, at its new tier, to the same draft: lines and totals match the order", async () => {
    const { orderId } = await placedOrder(BEFORE);
    const draftBefore = await draftOf(orderId);
    const placed = await readOrder(t.db, orderId);
    expect(draftTotals(t.fake.store, draftBefore).total).toBe(placed.orderTotal);
    expect(linesOf(draftBefore).map((line) => line.quantity)).toEqual([12, 12]);

    const revision = await priced(after());
    expect(revision.order.discountPercentage).toBe(1000);
    expect(revision.order.orderTotal).not.toBe(placed.orderTotal);
    const version = await revise(orderId, revision);
    expect(version).toBe(placed.version + 1);
    sent.length = 0;
    await t.runJobs();

    expect(sent).toEqual(['GetDraftOrder', 'UpdateDraftOrder']);
    const draft = await draftOf(orderId);
    expect(draft.id).toBe(draftBefore.id);
    expect(linesOf(draft)).toEqual(await expectedAfterLines(revision.items));
    const order = await readOrder(t.db, orderId);
    expect(order.orderTotal).toBe(revision.order.orderTotal);
    expect(draftTotals(t.fake.store, draft).total).toBe(order.orderTotal);
    // The shipping stays free and fixed; the rest of the draft is untouched.
    expect(draft.shippingLine).toEqual({ title: 'Free wholesale shipping', price: 0 });
    expect(draft.tags).toContain(`portal-order-${orderId}`);
    expect(draft.status).toBe('OPEN');
    expect((await updateJobsOf(orderId)).map((job) => [job.state, job.payload])).toEqual([
      ['done', { orderId, version }],
    ]);
  });

  it('one job per change; any number of them leaves the draft with the latest lines', async () => {
    const { orderId } = await placedOrder(BEFORE);
    const first = await revise(orderId, await priced(after()));
    const latest = await priced([{ productId: ONE_OZ, quantity: 36 }]);
    const second = await revise(orderId, latest);
    // The same change queued again is the same job.
    expect(await enqueueJob(t.db, draftOrderUpdateJob(orderId, second))).toBeNull();
    await t.runJobs();

    expect((await updateJobsOf(orderId)).map((job) => [job.state, job.payload])).toEqual([
      ['done', { orderId, version: first }],
      ['done', { orderId, version: second }],
    ]);
    const draft = await draftOf(orderId);
    expect(linesOf(draft)).toEqual([
      { variantId: await variantOf(ONE_OZ), quantity: 36, price: latest.items[0]?.price, attributes: [] },
    ]);
    expect(draftTotals(t.fake.store, draft).total).toBe(latest.order.orderTotal);
  });

  it('retries while Shopify is down, then updates', async () => {
    const { orderId } = await placedOrder(BEFORE);
    const revision = await priced(after());
    await revise(orderId, revision);
    await t.fake.control.goDown();
    await t.runJobs();
    const [waiting] = await updateJobsOf(orderId);
    expect(waiting?.state).toBe('pending');
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    expect(linesOf(await draftOf(orderId)).map((line) => line.quantity)).toEqual([12, 12]);

    await t.fake.control.goUp();
    await settle();
    expect(linesOf(await draftOf(orderId))).toEqual(await expectedAfterLines(revision.items));
    expect((await updateJobsOf(orderId)).map((job) => job.state)).toEqual(['done']);
  });

  it('retries while the draft is still being created (a create that sent the old lines), then updates it', async () => {
    const revision = await priced(after());
    const { orderId } = await placedOrder(BEFORE, { sync: false });
    // The create reaches the store with the old lines; the order is revised meanwhile; the answer is lost.
    faults.createLostAfter = () => revise(orderId, revision).then(() => undefined);
    await t.runJobs();
    expect(faults.createLostAfter).toBeNull();
    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({ shopifyDraftOrderGid: null, shopifySyncStatus: 'pending' });
    const [waiting] = await updateJobsOf(orderId);
    expect(waiting?.state).toBe('pending');
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting?.lastError).toContain('still being created');
    const tagged = () =>
      [...t.fake.store.draftOrders.values()].filter((draft) =>
        draft.tags.includes(`portal-order-${orderId}`),
      );
    expect(tagged().map((draft) => linesOf(draft).map((line) => line.quantity))).toEqual([[12, 12]]);

    // The create job adopts the draft (old lines and all) once Shopify's search shows it; then the update.
    await settle();
    expect((await readOrder(t.db, orderId)).shopifySyncStatus).toBe('synced');
    expect(tagged()).toHaveLength(1);
    expect(linesOf(await draftOf(orderId))).toEqual(await expectedAfterLines(revision.items));
    const [done] = await updateJobsOf(orderId);
    expect(done?.state).toBe('done');
    expect(done?.attempts).toBeGreaterThan(1);
  });

  it('does not run out of attempts before a create job that is still at it (a long outage)', async () => {
    await t.fake.control.goDown();
    const { orderId } = await placedOrder(BEFORE);
    const revision = await priced(after());
    await revise(orderId, revision);
    const [queued] = await updateJobsOf(orderId);
    await limitAttempts(t.db, queued?.id, 1);
    await t.runJobs();
    // Its last attempt, with the create job still retrying: put back, the attempt given back.
    expect((await updateJobsOf(orderId))[0]).toMatchObject({ state: 'pending', attempts: 0 });

    await t.fake.control.goUp();
    await settle();
    expect((await updateJobsOf(orderId)).map((job) => job.state)).toEqual(['done']);
    expect(linesOf(await draftOf(orderId))).toEqual(await expectedAfterLines(revision.items));
  });

  it('finishes without sending anything when the order has no draft to have (sync failed)', async () => {
    const { orderId } = await placedOrder(BEFORE, { sync: false });
    await t.db.delete(jobs).where(eq(jobs.dedupeKey, `shopify-draft:${orderId}`));
    await t.db.update(orders).set({ shopifySyncStatus: 'failed' }).where(eq(orders.id, orderId));
    await revise(orderId, await priced(after()));
    sent.length = 0;
    await t.runJobs();
    expect(sent).toEqual([]);
    expect((await updateJobsOf(orderId)).map((job) => [job.state, job.attempts])).toEqual([['done', 1]]);
  });

  it('fails the job (staff see it in the log) when Shopify refuses the lines, draft unchanged', async () => {
    const { orderId } = await placedOrder(BEFORE);
    await revise(orderId, await priced(after()));
    faults.updateRefused = true;
    await t.runJobs();
    const [job] = await updateJobsOf(orderId);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job?.lastError).toContain('Quantity must be greater than or equal to 1');
    expect(linesOf(await draftOf(orderId)).map((line) => line.quantity)).toEqual([12, 12]);
  });
});

describe('drafts that are not updated', () => {
  it('a cancelled order: nothing is sent, and its draft is deleted', async () => {
    const { orderId } = await placedOrder(BEFORE);
    const draft = await draftOf(orderId);
    await revise(orderId, await priced(after()));
    // Cancelled before the update job ran (which runs before the delete job, queued after it).
    await setStatus(t.app, admin, orderId, 'cancelled');
    sent.length = 0;
    await t.runJobs();
    expect(sent).not.toContain('UpdateDraftOrder');
    expect((await updateJobsOf(orderId)).map((job) => job.state)).toEqual(['done']);
    expect(t.fake.store.draftOrders.has(draft.id)).toBe(false);
  });

  it('an order whose invoice is out: nothing is sent to Shopify at all', async () => {
    const { orderId } = await placedOrder(BEFORE);
    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs();
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
    await revise(orderId, await priced(after()));
    sent.length = 0;
    await t.runJobs();
    expect(sent).toEqual([]);
    expect((await updateJobsOf(orderId)).map((job) => job.state)).toEqual(['done']);
    const draft = await draftOf(orderId);
    expect(draft.status).toBe('INVOICE_SENT');
    expect(linesOf(draft).map((line) => line.quantity)).toEqual([12, 12]);
  });

  it('a draft whose invoice Shopify sent although the order does not know it yet: read, not updated', async () => {
    const { orderId } = await placedOrder(BEFORE);
    // An invoice job's send whose answer was lost: out in Shopify, not recorded in the portal.
    const gid = (await readOrder(t.db, orderId)).shopifyDraftOrderGid ?? '';
    expect((await t.shopify.api.sendDraftOrderInvoice(gid)).ok).toBe(true);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');
    await revise(orderId, await priced(after()));
    sent.length = 0;
    await t.runJobs();
    expect(sent).toEqual(['GetDraftOrder']);
    expect((await updateJobsOf(orderId)).map((job) => job.state)).toEqual(['done']);
    expect(linesOf(await draftOf(orderId)).map((line) => line.quantity)).toEqual([12, 12]);
  });
});

describe('the invoice waits for the update', () => {
  it('an order approved while its update is waiting: the invoice goes out after the draft has the new lines', async () => {
    const { orderId } = await placedOrder(BEFORE);
    const revision = await priced(after());
    await t.fake.control.goDown();
    await revise(orderId, revision);
    await t.runJobs();
    const [waiting] = await updateJobsOf(orderId);
    expect(waiting?.state).toBe('pending');
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    // Its retry is a while off (the backoff grows with the attempts).
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(jobs.id, waiting?.id ?? 0));

    // Shopify is back and staff approve before the update's retry is due.
    await t.fake.control.goUp();
    await setStatus(t.app, admin, orderId, 'processing');
    sent.length = 0;
    await t.runJobs();
    expect(sent).toEqual([]);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');

    await settle();
    expect(sent.filter((name) => name === 'UpdateDraftOrder' || name === 'SendDraftOrderInvoice')).toEqual([
      'UpdateDraftOrder',
      'SendDraftOrderInvoice',
    ]);
    const draft = await draftOf(orderId);
    expect(draft.status).toBe('INVOICE_SENT');
    expect(linesOf(draft)).toEqual(await expectedAfterLines(revision.items));
    const invoices = t.fake.store.sentInvoices.filter(
      (invoice) => toGid('DraftOrder', invoice.draftOrderId) === toGid('DraftOrder', draft.id),
    );
    expect(invoices).toHaveLength(1);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
  });
});
