import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopifyReconcileResponseSchema } from '../../../shared/schemas/shopify-reconcile';
import { orders } from '../../db/schema';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import { createTestApp, sameOrigin, type TestApp } from '../../test/test-app';
import {
  createSyncedOrder,
  editTracking,
  jobsOfType,
  processWebhooks,
  trackingMails,
} from './shopify-events-test-support';
import { createUser } from '../../test/factories/users';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { auditRowsOf } from '../../test/factories/audit';
import { readOrder } from '../../test/factories/orders';
import { RECONCILE_JOB, reconcileOrders } from './reconcile-orders';
import { startShopifyReconciliation } from './reconcile-schedule';

const quiet = { info() {}, warn() {}, error() {} };

describe('reconciliation with the store', () => {
  let t: ShopifyTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createShopifyTestApp({ listen: true });
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  // Earlier tests' orders are made final, so each test's counts are its own orders; webhooks flow again.
  beforeEach(async () => {
    await t.fake.control.webhooksSettled();
    await t.db.update(orders).set({ status: 'cancelled' });
    t.fake.control.setWebhookUrl(`${t.portalUrl}/api/shopify/webhooks`);
  });

  const reconcile = async (cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/shopify/reconcile',
      headers: { ...sameOrigin, cookie },
    });

  it('repairs a payment whose webhooks were lost, and records who asked', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    await t.fake.control.webhooksSettled();
    t.fake.control.setWebhookUrl(null);
    const paid = t.fake.control.payDraftOrder(draftGid);
    await t.runJobs();
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');

    const response = await reconcile();
    expect(response.statusCode, response.body).toBe(200);
    expect(shopifyReconcileResponseSchema.parse(response.json())).toEqual({
      message: 'Checked 1 order with Shopify: 1 updated.',
      checked: 1,
      updated: 1,
      failed: 0,
      remaining: 0,
    });
    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      shopifyOrderGid: paid.orderId,
      shopifyOrderId: paid.orderName,
    });
    // Shopify's own time (the draft's completion), not the portal's clock.
    const draft = await t.shopify.api.getDraftOrder(draftGid);
    if (!draft.ok || !draft.data.completedAt) throw new Error('draft not completed');
    expect(order.paidAt).toEqual(new Date(draft.data.completedAt));
    expect(order.shopifyUpdatedAt).toEqual(new Date(draft.data.completedAt));
    const [audit] = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: null,
      action: 'shopify.reconcile',
    });
    expect(audit).toMatchObject({ after: { checked: 1, updated: 1, failed: 0 } });

    const again = shopifyReconcileResponseSchema.parse((await reconcile()).json());
    expect(again).toMatchObject({ checked: 1, updated: 0 });
  });

  it('repairs a lost shipment with its tracking and sends the shipped e-mail', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true, email: 'lost@example.com' });
    const paid = t.fake.control.payDraftOrder(draftGid);
    await t.fake.control.webhooksSettled();
    await t.runJobs();
    t.fake.control.setWebhookUrl(null);
    t.fake.control.fulfillOrder(paid.orderId, {
      company: 'UPS',
      number: '1ZLOST',
      url: 'https://ups.example/1ZLOST',
    });

    expect(shopifyReconcileResponseSchema.parse((await reconcile()).json())).toMatchObject({ updated: 1 });
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'shipped',
      trackingNumber: '1ZLOST',
      trackingCompany: 'UPS',
      trackingUrl: 'https://ups.example/1ZLOST',
      fulfillmentStatus: 'fulfilled',
    });
    await t.runJobs();
    const mail = t.sentMail.find((text) => text.includes('To: lost@example.com') && text.includes('shipped'));
    expect(mail).toContain('Tracking number: 1ZLOST');
  });

  it('repairs a lost delivery once every shipment is delivered', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    const paid = t.fake.control.payDraftOrder(draftGid);
    const shipment = t.fake.control.fulfillOrder(paid.orderId, { company: 'UPS', number: '1ZDONE' });
    await t.fake.control.webhooksSettled();
    await t.runJobs();
    expect((await readOrder(t.db, orderId)).status).toBe('shipped');

    t.fake.control.setWebhookUrl(null);
    t.fake.control.updateFulfillment(shipment.fulfillmentId, 'delivered');
    expect(shopifyReconcileResponseSchema.parse((await reconcile()).json())).toMatchObject({ updated: 1 });
    const order = await readOrder(t.db, orderId);
    expect(order.status).toBe('delivered');
    expect(order.deliveredAt).not.toBeNull();
  });

  it('e-mails tracking added after the shipment once, when it reads it before the webhook arrives', async () => {
    const email = 'track-reconciled@example.com';
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true, email });
    const paid = t.fake.control.payDraftOrder(draftGid);
    const shipment = t.fake.control.fulfillOrder(paid.orderId);
    await processWebhooks(t);
    expect(await readOrder(t.db, orderId)).toMatchObject({ status: 'shipped', trackingNumber: null });

    t.fake.control.holdWebhooks();
    editTracking(t, shipment.fulfillmentId, { company: 'DHL', number: 'JD014600', url: null });
    expect(shopifyReconcileResponseSchema.parse((await reconcile()).json())).toMatchObject({ updated: 1 });
    await t.fake.control.releaseWebhooks();
    await processWebhooks(t);

    expect((await readOrder(t.db, orderId)).trackingNumber).toBe('JD014600');
    const mails = trackingMails(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Carrier: DHL');
    expect(mails[0]).toContain('Tracking number: JD014600');
    const [job] = (await jobsOfType(t.db, 'email.send')).filter(
      (candidate) => candidate.dedupeKey === `order-tracking:${orderId}`,
    );
    expect(job?.state).toBe('done');
  });

  it('reads back only orders that are not final', async () => {
    const open = await createSyncedOrder(t, { invoice: true });
    const cancelled = await createSyncedOrder(t, { invoice: true });
    const done = await createSyncedOrder(t, { invoice: true });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
    await t.db
      .update(orders)
      .set({ status: 'delivered', paymentStatus: 'paid' })
      .where(eq(orders.id, done.orderId));
    const requestsBefore = t.fake.control.requests.length;

    expect(shopifyReconcileResponseSchema.parse((await reconcile()).json())).toMatchObject({ checked: 1 });
    const asked = t.fake.control.requests
      .slice(requestsBefore)
      .map((request) => request.body)
      .join('\n');
    expect(asked).toContain(open.draftGid);
    expect(asked).not.toContain(cancelled.draftGid);
    expect(asked).not.toContain(done.draftGid);
  });

  it('runs from the 15-minute timer as one job per slot, however many instances queue it', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    await t.fake.control.webhooksSettled();
    t.fake.control.setWebhookUrl(null);
    t.fake.control.payDraftOrder(draftGid);

    const stops = [startShopifyReconciliation(t.db, quiet), startShopifyReconciliation(t.db, quiet)];
    stops.forEach((stop) => stop());
    await expect.poll(async () => (await jobsOfType(t.db, RECONCILE_JOB)).length).toBe(1);
    await t.runJobs();
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('paid');
    expect((await jobsOfType(t.db, RECONCILE_JOB))[0]?.state).toBe('done');
  });

  /** A clock that moves one second on at every reading, so a run's time budget is exact. */
  function steppingClock() {
    let ms = Date.now();
    return () => new Date((ms += 1_000));
  }

  const asked = (requestsBefore: number) =>
    t.fake.control.requests
      .slice(requestsBefore)
      .map((request) => request.body)
      .join('\n');

  it('pages through every open order, least recently checked first, within its time budget', async () => {
    const created = [
      await createSyncedOrder(t, { invoice: true }),
      await createSyncedOrder(t, { invoice: true }),
      await createSyncedOrder(t, { invoice: true }),
    ];
    await t.fake.control.webhooksSettled();
    const deps = { db: t.db, env: t.env, shopify: t.shopify, log: quiet, now: steppingClock() };
    // One reading starts the run and one precedes each order: 1.5 s is time for one order per run.
    const runs = [];
    for (let run = 0; run < 4; run += 1) {
      const before = t.fake.control.requests.length;
      const result = await reconcileOrders(deps, { budgetMs: 1_500 });
      const order = created.find((candidate) => asked(before).includes(candidate.draftGid));
      runs.push({ result, orderId: order?.orderId });
    }
    expect(runs.map((run) => run.orderId)).toEqual([
      created[0]!.orderId,
      created[1]!.orderId,
      created[2]!.orderId,
      created[0]!.orderId,
    ]);
    expect(runs[0]!.result).toEqual({ checked: 1, updated: 0, failed: 0, remaining: 2 });
    expect(runs[2]!.result.remaining).toBe(2);
    expect((await readOrder(t.db, created[2]!.orderId)).shopifyCheckedAt).not.toBeNull();
  });

  it('refuses a second check while one is running (409), and the running one still finishes', async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    await t.fake.control.webhooksSettled();
    t.fake.control.setWebhookUrl(null);
    t.fake.control.payDraftOrder(draftGid);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = t.shopify.api;
    const slowApi = {
      ...api,
      getDraftOrder: async (id: string) => {
        await gate;
        return api.getDraftOrder(id);
      },
    };
    const first = reconcileOrders({
      db: t.db,
      env: t.env,
      shopify: { ...t.shopify, api: slowApi },
      log: quiet,
    });

    const second = await reconcile();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already') });
    release();
    expect(await first).toMatchObject({ checked: 1, updated: 1 });
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('paid');
    expect((await reconcile()).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    const user = await createUser(t.db);
    const customer = await signIn(t.app, t.db, user.email);
    expect((await reconcile(customer)).statusCode).toBe(403);
    expect((await reconcile('sid=nobody')).statusCode).toBe(401);
  });

  it('reports orders it could not check when the store is down, and changes nothing', async () => {
    const { orderId } = await createSyncedOrder(t, { invoice: true });
    // Last: the client's circuit stays open for a while after this.
    await t.fake.control.goDown();
    const result = shopifyReconcileResponseSchema.parse((await reconcile()).json());
    expect(result).toMatchObject({ checked: 0, updated: 0, failed: 1 });
    expect(result.message).toBe('Checked 0 orders with Shopify: 0 updated. 1 order could not be checked.');
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
  });
});

describe('reconciliation and webhooks that arrive after it', () => {
  let t: ShopifyTestApp;
  /** How far the store's clock runs ahead of the real one: the test moves the store through the morning. */
  let storeClockAheadMs = 0;

  beforeAll(async () => {
    t = await createShopifyTestApp({ listen: true, fake: { now: () => Date.now() + storeClockAheadMs } });
  });
  afterAll(() => t.close());

  it("stamps the order's own updatedAt, so a late retry of older tracking cannot overwrite newer", async () => {
    const { orderId, draftGid } = await createSyncedOrder(t, { invoice: true });
    const paid = t.fake.control.payDraftOrder(draftGid);
    await processWebhooks(t);

    // 10:30: shipped with tracking A; the portal does not answer those deliveries (Shopify will retry).
    storeClockAheadMs = 30 * 60_000;
    t.fake.control.holdWebhooks();
    const shipment = t.fake.control.fulfillOrder(paid.orderId, { company: 'UPS', number: 'A-1030' });
    // 11:00: the merchant corrects it to B; that webhook is lost.
    storeClockAheadMs = 60 * 60_000;
    t.fake.control.setWebhookUrl(null);
    editTracking(t, shipment.fulfillmentId, { number: 'B-1100' });

    await reconcileOrders({ db: t.db, env: t.env, shopify: t.shopify, log: quiet });
    const reconciled = await readOrder(t.db, orderId);
    expect(reconciled).toMatchObject({ status: 'shipped', trackingNumber: 'B-1100' });
    const order = await t.shopify.api.getOrder(paid.orderId);
    if (!order.ok) throw new Error(order.error.message);
    expect(reconciled.shopifyUpdatedAt).toEqual(new Date(order.data.updatedAt));

    // Shopify's retries of the 10:30 deliveries finally get through.
    await t.fake.control.releaseWebhooks();
    await processWebhooks(t);
    expect((await readOrder(t.db, orderId)).trackingNumber).toBe('B-1100');
  });
});

describe('reconciliation in test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 'Shopify is not connected'", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shopify/reconcile',
      headers: { ...sameOrigin, cookie: await signInAdmin(t.app) },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'SHOPIFY_NOT_CONNECTED',
      message: 'Shopify is not connected',
    });
  });
});
