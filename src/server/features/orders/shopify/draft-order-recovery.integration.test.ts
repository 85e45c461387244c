import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { updateOrderStatusResponseSchema } from '../../../../shared/schemas/admin-orders';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import { jobs, orders, products } from '../../../db/schema';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import { createTestApp } from '../../../test/test-app';
import {
  limitAttempts,
  failDraftRecording,
  FOUR_OZ,
  jobsOfOrder,
  newCustomer,
  ONE_OZ,
  retryShopifySync,
  setStatus,
  submitOrder,
} from './shopify-orders-test-support';
import { mailsTo } from '../../../test/outbox';
import { auditRowsOf } from '../../../test/factories/audit';
import { signInAdmin } from '../../../test/factories/sign-in';
import { readOrder } from '../../../test/factories/orders';
import { CREATE_DRAFT_ORDER_JOB, SEND_DRAFT_INVOICE_JOB } from './draft-order-definitions';

/*
 * When the draft cannot be made for a while (issue 8 'Orders'): attempts refused by the open circuit breaker
 * do not count, and staff can ask for the draft again once the order says its sync 'failed'
 * (POST /api/admin/orders/{id}/shopify-sync).
 */

const draftsOf = (t: ShopifyTestApp, orderId: number) =>
  [...t.fake.store.draftOrders.values()].filter((draft) => draft.tags.includes(`portal-order-${orderId}`));

describe('a store that keeps failing (circuit breaker open)', () => {
  let t: ShopifyTestApp;
  /** The client's clock runs ahead by this much (the breaker's cool-down passes without waiting). */
  let skew = 0;

  beforeAll(async () => {
    t = await createShopifyTestApp({
      client: {
        now: () => Date.now() + skew,
        connectTimeoutMs: 5_000,
        totalTimeoutMs: 10_000,
        circuit: { failureThreshold: 1, cooldownMs: 10 * 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  it('puts the job back without using an attempt while the circuit is open, then makes the draft', async () => {
    const customer = await newCustomer(t.app, t.db);
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const job = async () => (await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId))[0];
    await t.fake.control.goDown();
    await t.runJobs();
    expect(await job()).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await job())?.lastError).toContain('Could not reach Shopify');

    for (const minutes of [1, 5, 9]) await t.runJobs({ laterMs: minutes * 60_000 });
    expect(await job()).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await job())?.lastError).toContain('circuit open');
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('pending');

    // Even on what would be its last attempt: put back, and the order still 'pending', not 'failed'.
    await limitAttempts(t.db, (await job())?.id, 2);
    await t.runJobs({ laterMs: 10 * 60_000 });
    expect(await job()).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('pending');

    await t.fake.control.goUp();
    skew = 11 * 60_000;
    await t.runJobs({ laterMs: 12 * 60_000 });
    expect(await job()).toMatchObject({ state: 'done', attempts: 2 });
    expect(draftsOf(t, placed.orderId)).toHaveLength(1);
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('synced');
  });
});

describe('POST /api/admin/orders/{id}/shopify-sync', () => {
  let t: ShopifyTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createShopifyTestApp({
      client: {
        connectTimeoutMs: 5_000,
        totalTimeoutMs: 10_000,
        circuit: { failureThreshold: 1_000, cooldownMs: 0 },
      },
    });
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    t.fake.control.clearFailures();
    await t.fake.control.goUp();
  });

  const retry = async (orderId: number, status = 200) => {
    const response = await retryShopifySync(t.app, admin, orderId);
    expect(response.statusCode, response.body).toBe(status);
    return response;
  };
  const retried = async (orderId: number) =>
    updateOrderStatusResponseSchema.parse((await retry(orderId)).json());

  /** An order whose draft could not be made: a product without a Shopify variant fails it for good. */
  async function failedOrder() {
    const customer = await newCustomer(t.app, t.db);
    const [row] = await t.db.select().from(products).where(eq(products.id, ONE_OZ));
    await t.db.update(products).set({ shopifyVariantId: null }).where(eq(products.id, ONE_OZ));
    try {
      const placed = await submitOrder(t.app, customer.cookie, [{ productId: ONE_OZ, quantity: 12 }]);
      await t.runJobs();
      expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('failed');
      return { ...customer, orderId: placed.orderId, orderNumber: placed.orderName };
    } finally {
      await t.db
        .update(products)
        .set({ shopifyVariantId: row?.shopifyVariantId ?? null })
        .where(eq(products.id, ONE_OZ));
    }
  }

  it('queues the draft again for an order whose sync failed, audited, and the new job makes it', async () => {
    const { orderId, orderNumber } = await failedOrder();
    const answer = await retried(orderId);
    expect(answer).toMatchObject({
      changed: true,
      message: `Order ${orderNumber} is being sent to Shopify again`,
      order: { id: orderId, shopifySyncStatus: 'pending' },
    });
    const [audit, ...moreAudits] = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: orderId,
      action: 'order.shopify-sync',
    });
    expect(moreAudits).toEqual([]);
    expect(audit).toMatchObject({
      before: { shopifySyncStatus: 'failed' },
      after: { shopifySyncStatus: 'pending' },
    });
    expect(audit?.actorUserId).not.toBeNull();

    await t.runJobs();
    expect(draftsOf(t, orderId)).toHaveLength(1);
    expect((await readOrder(t.db, orderId)).shopifySyncStatus).toBe('synced');
    expect((await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, orderId)).map((job) => job.state)).toEqual([
      'failed',
      'done',
    ]);
  });

  it('adopts the draft a failed last attempt did make instead of creating another', async () => {
    const customer = await newCustomer(t.app, t.db);
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const [job] = await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId);
    await limitAttempts(t.db, job?.id, 1);
    const restore = await failDraftRecording(t.db);
    try {
      await t.runJobs();
    } finally {
      await restore();
    }
    expect((await readOrder(t.db, placed.orderId)).shopifySyncStatus).toBe('failed');
    const [made] = draftsOf(t, placed.orderId);

    await retried(placed.orderId);
    await t.runJobs({ laterMs: 2 * 60_000 });
    expect(draftsOf(t, placed.orderId)).toHaveLength(1);
    expect(await readOrder(t.db, placed.orderId)).toMatchObject({
      shopifySyncStatus: 'synced',
      shopifyDraftOrderGid: `gid://shopify/DraftOrder/${made?.id}`,
    });
  });

  it("sends the invoice of an order approved while its draft was missing: the customer gets the 'Pay now' link", async () => {
    const { user, orderId } = await failedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    const approvals = async () =>
      (await mailsTo(t.db, user.email)).filter((mail) => mail.subject.includes('approved'));
    // Told at once, without a link: there was no draft to invoice.
    expect(await approvals()).toHaveLength(1);

    await retried(orderId);
    await t.runJobs();
    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({ shopifySyncStatus: 'synced', paymentStatus: 'invoice_sent' });
    const [plain, withLink, ...more] = await approvals();
    expect(more).toEqual([]);
    expect(plain?.text).not.toContain('Pay now');
    expect(withLink?.text).toContain(`Pay now: ${order.shopifyCheckoutUrl}`);
    expect(await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).toMatchObject([{ state: 'done' }]);
  });

  it('invoices an order moved straight to shipped once its draft is made again', async () => {
    const { user, orderId } = await failedOrder();
    await setStatus(t.app, admin, orderId, 'shipped');
    await t.runJobs();
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');

    await retried(orderId);
    await t.runJobs();
    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({ shopifySyncStatus: 'synced', paymentStatus: 'invoice_sent' });
    const links = (await mailsTo(t.db, user.email)).filter((mail) => mail.text.includes('Pay now:'));
    expect(links.map((mail) => mail.text.includes(`Pay now: ${order.shopifyCheckoutUrl}`))).toEqual([true]);
  });

  it('makes a new draft when the one on an approved order was deleted in Shopify, and invoices that one', async () => {
    const customer = await newCustomer(t.app, t.db);
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    await t.runJobs();
    const first = (await readOrder(t.db, placed.orderId)).shopifyDraftOrderGid;
    t.fake.store.draftOrders.delete(Number(first?.split('/').pop()));

    await setStatus(t.app, admin, placed.orderId, 'processing');
    for (const seconds of [0, 60, 120]) await t.runJobs({ laterMs: seconds * 1000 });
    const order = await readOrder(t.db, placed.orderId);
    expect(order.shopifyDraftOrderGid).not.toBe(first);
    expect(order).toMatchObject({ shopifySyncStatus: 'synced', paymentStatus: 'invoice_sent' });
    expect(draftsOf(t, placed.orderId)).toHaveLength(1);
  });

  it('recovers an order left pending without a job (its job died), and answers unchanged while one runs', async () => {
    const customer = await newCustomer(t.app, t.db);
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const onItsWay = await retried(placed.orderId);
    expect(onItsWay).toMatchObject({ changed: false, order: { shopifySyncStatus: 'pending' } });
    expect(onItsWay.message).toContain('already being sent to Shopify');

    // Its worker was killed during the last attempt, before it could say 'failed' (an older job).
    await t.db
      .update(jobs)
      .set({ state: 'failed' })
      .where(eq(jobs.dedupeKey, `shopify-draft:${placed.orderId}`));
    expect(await retried(placed.orderId)).toMatchObject({ changed: true });
    await t.runJobs();
    expect(draftsOf(t, placed.orderId)).toHaveLength(1);

    const done = await retried(placed.orderId);
    expect(done).toMatchObject({ changed: false, order: { shopifySyncStatus: 'synced' } });
    expect(done.message).toContain('already in Shopify as #D');
    expect(
      await auditRowsOf(t.db, {
        entityType: 'order',
        entityId: placed.orderId,
        action: 'order.shopify-sync',
      }),
    ).toHaveLength(1);
  });

  it('refuses cancelled orders (409), and customers (403)', async () => {
    const customer = await newCustomer(t.app, t.db);
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed.orderId));
    await t.runJobs();
    const refused = errorBodySchema.parse((await retry(placed.orderId, 409)).json());
    expect(refused).toMatchObject({ code: 'CONFLICT' });
    expect(refused.message).toContain('cancelled');

    const asCustomer = await retryShopifySync(t.app, customer.cookie, placed.orderId);
    expect([401, 403]).toContain(asCustomer.statusCode);
    expect(await retryShopifySync(t.app, admin, 999_999).then((response) => response.statusCode)).toBe(404);
  });
});

describe('POST /api/admin/orders/{id}/shopify-sync in test mode', () => {
  it("answers 'Shopify is not connected'", async () => {
    const t = await createTestApp();
    try {
      const admin = await signInAdmin(t.app);
      const response = await retryShopifySync(t.app, admin, 1);
      expect(response.statusCode).toBe(503);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'SHOPIFY_NOT_CONNECTED' });
    } finally {
      await t.close();
    }
  });
});
