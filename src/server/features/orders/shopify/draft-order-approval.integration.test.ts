import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders } from '../../../db/schema';
import { toGid } from '../../../../../dev/fake-shopify/gid';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import { findSeededSpecialIds, sameOrigin } from '../../../test/test-app';
import {
  limitAttempts,
  customerOrder,
  FOUR_OZ,
  jobsOfOrder,
  jobsOfType,
  newCustomer,
  setStatus,
  submitOrder,
} from './shopify-orders-test-support';
import { mailsTo } from '../../../test/outbox';
import { signInAdmin } from '../../../test/factories/sign-in';
import { readOrder } from '../../../test/factories/orders';
import { DELETE_DRAFT_ORDER_JOB, SEND_DRAFT_INVOICE_JOB } from './draft-order-definitions';

/*
 * Staff moving an order on (issue 8 'Orders', docs/orders.md#approval-and-payment): approval sends the
 * draft's invoice and the customer's approval e-mail then carries the 'Pay now' link; cancelling deletes the
 * draft.
 */

/**
 * Faults between the client and the store (see draft-order-create.integration.test.ts): an invoice send
 * whose answer is lost ('after': the store sent it; 'before': it did not), one Shopify refuses (401), and a
 * hook that runs after a draft was read (staff acting while the job is between its read and its send).
 */
const faults = {
  invoiceLost: null as null | 'after' | 'before',
  invoiceRefused: false,
  afterDraftRead: null as null | (() => Promise<void>),
};

const connectionReset = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });

const faultyFetch: typeof fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  if (body.includes('mutation SendDraftOrderInvoice')) {
    if (faults.invoiceRefused) {
      return new Response(JSON.stringify({ errors: '[API] Invalid API key or access token' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }
    const lost = faults.invoiceLost;
    if (lost) {
      faults.invoiceLost = null;
      if (lost === 'after') await (await fetch(input, init)).text();
      throw connectionReset();
    }
  }
  const response = await fetch(input, init);
  const hook = faults.afterDraftRead;
  if (hook && body.includes('query GetDraftOrder')) {
    faults.afterDraftRead = null;
    await hook();
  }
  return response;
};

let t: ShopifyTestApp;
let admin: string;

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
});
afterAll(() => t.close());
afterEach(async () => {
  faults.invoiceLost = null;
  faults.invoiceRefused = false;
  faults.afterDraftRead = null;
  t.fake.control.clearFailures();
  await t.fake.control.goUp();
});

/** A customer's order, submitted and (unless `sync` is false) with its draft created. */
async function placedOrder({ sync = true } = {}) {
  const customer = await newCustomer(t.app, t.db);
  const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
  if (sync) await t.runJobs();
  return { ...customer, orderId: placed.orderId, orderNumber: placed.orderName };
}

const draftOf = async (orderId: number) => {
  const gid = (await readOrder(t.db, orderId)).shopifyDraftOrderGid;
  const id = Number(gid?.split('/').pop());
  return t.fake.store.draftOrders.get(id);
};

const invoicesOf = async (orderId: number) => {
  const gid = (await readOrder(t.db, orderId)).shopifyDraftOrderGid;
  return t.fake.store.sentInvoices.filter((invoice) => toGid('DraftOrder', invoice.draftOrderId) === gid);
};

/** An order cancelled while Shopify was down, after the store came back and the jobs settled. */
async function cancelledWhileDown(): Promise<number> {
  await t.fake.control.goDown();
  const { orderId } = await placedOrder();
  await setStatus(t.app, admin, orderId, 'cancelled');
  await t.runJobs();
  await t.fake.control.goUp();
  for (const minutes of [1, 5, 15]) await t.runJobs({ laterMs: minutes * 60_000 });
  return orderId;
}

const approvalMails = async (email: string) =>
  (await mailsTo(t.db, email)).filter((mail) => mail.subject.includes('approved'));

describe('approving an order', () => {
  it("sends the draft's invoice, then the customer's e-mail with the 'Pay now' link", async () => {
    const { user, cookie, orderId, orderNumber } = await placedOrder();
    const answer = await setStatus(t.app, admin, orderId, 'processing');
    expect(answer.order).toMatchObject({ status: 'processing', paymentStatus: 'unpaid' });
    // Not yet: the e-mail waits for the invoice, so it can carry the link.
    expect(await approvalMails(user.email)).toEqual([]);
    expect(await invoicesOf(orderId)).toEqual([]);

    await t.runJobs();

    const invoices = await invoicesOf(orderId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.to).toBe('ada.shopify@example.com');
    const invoiceUrl = invoices[0]?.invoiceUrl ?? '';
    expect((await draftOf(orderId))?.status).toBe('INVOICE_SENT');
    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({ paymentStatus: 'invoice_sent', shopifyCheckoutUrl: invoiceUrl });
    expect(order.invoiceSentAt).toBeInstanceOf(Date);

    const [mail, ...more] = await approvalMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain(`Order ${orderNumber} approved: payment link inside`);
    expect(mail?.text).toContain(`Pay now: ${invoiceUrl}`);
    expect(t.sentMail.some((text) => text.includes(invoiceUrl))).toBe(true);

    const seen = await customerOrder(t.app, cookie, orderId);
    expect(seen.order).toMatchObject({ paymentStatus: 'invoice_sent', invoiceUrl });
  });

  it('never sends a second invoice for the same draft (back to pending, approved again)', async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs();
    await setStatus(t.app, admin, orderId, 'pending');
    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs({ laterMs: 60_000 });

    expect(await invoicesOf(orderId)).toHaveLength(1);
    // The second approval tells the customer again, with the link already out.
    const mails = await approvalMails(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Pay now: https://');
  });

  it('sends nothing when the order went back to pending before the job ran, and sends once when approved again', async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    await setStatus(t.app, admin, orderId, 'pending');
    await t.runJobs();
    expect(await invoicesOf(orderId)).toEqual([]);
    expect(await approvalMails(user.email)).toEqual([]);

    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs();
    expect(await invoicesOf(orderId)).toHaveLength(1);
    expect(await approvalMails(user.email)).toHaveLength(1);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
  });

  it('waits for the draft when the order is approved while Shopify is still down', async () => {
    await t.fake.control.goDown();
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs();
    const [invoiceJob] = (await jobsOfType(t.db, SEND_DRAFT_INVOICE_JOB)).filter(
      (job) => (job.payload as { orderId: number }).orderId === orderId,
    );
    expect(invoiceJob).toMatchObject({ state: 'pending' });
    expect(await approvalMails(user.email)).toEqual([]);

    // A long outage: the invoice job waits for the draft without using up its attempts.
    for (const minutes of [1, 2, 3]) await t.runJobs({ laterMs: minutes * 60_000 });
    const [waiting] = await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await approvalMails(user.email)).toEqual([]);

    await t.fake.control.goUp();
    for (const minutes of [1, 5, 15]) await t.runJobs({ laterMs: minutes * 60_000 });
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
    expect(await invoicesOf(orderId)).toHaveLength(1);
    expect(await approvalMails(user.email)).toHaveLength(1);
  });

  it("sends the invoice when staff move a pending order straight to shipped, with the 'Pay now' e-mail", async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'shipped');
    await t.runJobs();
    expect(await invoicesOf(orderId)).toHaveLength(1);
    const order = await readOrder(t.db, orderId);
    expect(order.paymentStatus).toBe('invoice_sent');
    expect(order.approvedAt).toBeInstanceOf(Date);
    const subjects = (await mailsTo(t.db, user.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.includes('shipped'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes('payment link inside'))).toHaveLength(1);
  });

  it('completes a free order (the tester alone) in Shopify instead of asking the customer to pay 0.00', async () => {
    const { testerId } = await findSeededSpecialIds(t.app);
    const customer = await newCustomer(t.app, t.db);
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: testerId, quantity: 1 }]);
    await t.runJobs();
    await setStatus(t.app, admin, placed.orderId, 'processing');
    await t.runJobs();

    expect((await draftOf(placed.orderId))?.status).toBe('COMPLETED');
    expect(await invoicesOf(placed.orderId)).toEqual([]);
    const [mail, ...more] = await approvalMails(customer.user.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain('has been approved and is being prepared');
    expect(mail?.text).not.toContain('Pay now');
    const seen = await customerOrder(t.app, customer.cookie, placed.orderId);
    expect(seen.order).toMatchObject({ invoiceUrl: null });
  });

  it('retries when Shopify fails, and adopts an invoice an earlier attempt sent without recording it', async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    t.fake.control.failNext(3, { kind: 'server-error', status: 503 });
    await t.runJobs();
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');
    expect(await invoicesOf(orderId)).toEqual([]);

    // As if that attempt had sent the invoice and then lost its answer.
    const gid = (await readOrder(t.db, orderId)).shopifyDraftOrderGid ?? '';
    const sent = await t.shopify.api.sendDraftOrderInvoice(gid);
    expect(sent.ok).toBe(true);
    await t.runJobs({ laterMs: 60_000 });

    expect(await invoicesOf(orderId)).toHaveLength(1);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      paymentStatus: 'invoice_sent',
      shopifyCheckoutUrl: sent.ok ? sent.data.invoiceUrl : null,
    });
    expect(await approvalMails(user.email)).toHaveLength(1);
  });

  it('tells the customer at once, without a link, when the order has no draft (its sync failed)', async () => {
    const { user, orderId, orderNumber } = await placedOrder({ sync: false });
    await t.db.update(orders).set({ shopifySyncStatus: 'failed' }).where(eq(orders.id, orderId));
    await setStatus(t.app, admin, orderId, 'processing');
    const [mail, ...more] = await approvalMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain(`Order ${orderNumber} approved`);
    expect(mail?.text).not.toContain('Pay now');
    const invoiceJobs = (await jobsOfType(t.db, SEND_DRAFT_INVOICE_JOB)).filter(
      (job) => (job.payload as { orderId: number }).orderId === orderId,
    );
    expect(invoiceJobs).toEqual([]);
  });
});

describe('the approval e-mail, once on every path (docs/emails.md#order-e-mails)', () => {
  const invoiceJobsOf = (orderId: number) => jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId);

  it("sends the 'Pay now' e-mail when a webhook recorded the invoice first (the job's answer was lost)", async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    faults.invoiceLost = 'after';
    await t.runJobs();
    const [invoice, ...moreInvoices] = await invoicesOf(orderId);
    expect(moreInvoices).toEqual([]);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');
    expect(await approvalMails(user.email)).toEqual([]);

    // What the draft_orders/update webhook records (shopify-events) before the job's next attempt.
    const invoiceUrl = invoice?.invoiceUrl ?? '';
    await t.db
      .update(orders)
      .set({ paymentStatus: 'invoice_sent', shopifyCheckoutUrl: invoiceUrl, invoiceSentAt: new Date() })
      .where(eq(orders.id, orderId));
    await t.runJobs({ laterMs: 60_000 });
    await t.runJobs({ laterMs: 20 * 60_000 });

    expect(await invoicesOf(orderId)).toHaveLength(1);
    const [mail, ...more] = await approvalMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`Pay now: ${invoiceUrl}`);
    expect((await invoiceJobsOf(orderId)).map((job) => job.state)).toEqual(['done']);
  });

  it('e-mails the approval (without a link) when the draft was already completed in Shopify', async () => {
    const { user, orderId, orderNumber } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    t.fake.control.payDraftOrder((await readOrder(t.db, orderId)).shopifyDraftOrderGid ?? '');
    await t.runJobs();
    await t.runJobs({ laterMs: 20 * 60_000 });
    expect(await invoicesOf(orderId)).toEqual([]);
    const [mail, ...more] = await approvalMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain(`Order ${orderNumber} approved`);
    expect(mail?.text).not.toContain('Pay now');
  });

  it('tells the customer plainly when the draft could not be made after the approval', async () => {
    const { user, orderId, orderNumber } = await placedOrder({ sync: false });
    await setStatus(t.app, admin, orderId, 'processing');
    expect(await approvalMails(user.email)).toEqual([]);
    // The create job gives up (staff see 'failed') before the invoice job runs.
    await t.db
      .update(jobs)
      .set({ state: 'failed' })
      .where(eq(jobs.dedupeKey, `shopify-draft:${orderId}`));
    await t.db.update(orders).set({ shopifySyncStatus: 'failed' }).where(eq(orders.id, orderId));
    await t.runJobs();
    await t.runJobs({ laterMs: 20 * 60_000 });

    const [mail, ...more] = await approvalMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(new RegExp(`Order ${orderNumber} approved$`));
    expect(mail?.text).not.toContain('Pay now');
    expect((await invoiceJobsOf(orderId)).map((job) => job.state)).toEqual(['failed']);
  });

  it('tells the customer plainly when Shopify refuses the invoice for good', async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    faults.invoiceRefused = true;
    await t.runJobs();
    faults.invoiceRefused = false;
    await t.runJobs({ laterMs: 20 * 60_000 });
    expect(await invoicesOf(orderId)).toEqual([]);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');
    const [mail, ...more] = await approvalMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.text).not.toContain('Pay now');
    expect((await invoiceJobsOf(orderId)).map((job) => job.state)).toEqual(['failed']);
  });

  it('tells the customer plainly when the last attempt fails', async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    const [job] = await invoiceJobsOf(orderId);
    await limitAttempts(t.db, job?.id, 1);
    faults.invoiceLost = 'before';
    await t.runJobs();
    await t.runJobs({ laterMs: 20 * 60_000 });
    expect(await invoicesOf(orderId)).toEqual([]);
    const [mail, ...more] = await approvalMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.text).not.toContain('Pay now');
    expect((await invoiceJobsOf(orderId)).map((row) => row.state)).toEqual(['failed']);
  });
});

describe('one invoice per draft, whatever runs when', () => {
  it("a second approval's job waits while the first one's send is unsettled instead of sending too", async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    await setStatus(t.app, admin, orderId, 'pending');
    await setStatus(t.app, admin, orderId, 'processing');
    // The first job claims the send, which never reaches the store: it will retry, still holding its claim.
    faults.invoiceLost = 'before';
    await t.runJobs();
    expect(await invoicesOf(orderId)).toEqual([]);
    const [first, second] = await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId);
    expect(first).toMatchObject({ state: 'pending' });
    expect(second?.lastError).toContain('Another job is sending the invoice');

    await t.runJobs({ laterMs: 60_000 });
    await t.runJobs({ laterMs: 20 * 60_000 });
    expect(await invoicesOf(orderId)).toHaveLength(1);
    expect(await approvalMails(user.email)).toHaveLength(1);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
  });

  it('does not send when the order goes back to pending while the job reads the draft', async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    faults.afterDraftRead = async () => {
      await setStatus(t.app, admin, orderId, 'pending');
    };
    await t.runJobs();
    expect(faults.afterDraftRead).toBeNull();
    expect(await invoicesOf(orderId)).toEqual([]);
    expect(await approvalMails(user.email)).toEqual([]);
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('unpaid');
  });
});

describe('cancelling an order', () => {
  it('deletes its draft in Shopify', async () => {
    const { user, orderId } = await placedOrder();
    const draft = await draftOf(orderId);
    expect(draft).toBeDefined();
    await setStatus(t.app, admin, orderId, 'cancelled');
    await t.runJobs();
    expect(t.fake.store.draftOrders.has(draft?.id ?? 0)).toBe(false);
    expect((await readOrder(t.db, orderId)).shopifyCheckoutUrl).toBeNull();
    expect((await mailsTo(t.db, user.email)).some((mail) => mail.subject.includes('cancelled'))).toBe(true);
  });

  it('deletes its draft when the buyer cancels it themselves while it is pending', async () => {
    const { cookie, orderId } = await placedOrder();
    const draft = await draftOf(orderId);
    expect(draft).toBeDefined();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: { ...sameOrigin, cookie },
      payload: { version: 1 },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.runJobs();
    expect(t.fake.store.draftOrders.has(draft?.id ?? 0)).toBe(false);
    expect((await readOrder(t.db, orderId)).status).toBe('cancelled');
  });

  it('deletes an approved, unpaid draft so its invoice link dies', async () => {
    const { orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs();
    const draft = await draftOf(orderId);
    await setStatus(t.app, admin, orderId, 'cancelled');
    await t.runJobs();
    expect(t.fake.store.draftOrders.has(draft?.id ?? 0)).toBe(false);
  });

  it('keeps a draft the customer already paid (staff refund it in Shopify)', async () => {
    const { orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs();
    const gid = (await readOrder(t.db, orderId)).shopifyDraftOrderGid ?? '';
    const paid = t.fake.control.payDraftOrder(gid);
    // The Shopify order carries the draft's attributes (note_attributes in its webhooks: shopify-events).
    const shopifyOrder = t.fake.store.orders.get(Number(paid.orderId.split('/').pop()));
    expect(shopifyOrder?.customAttributes).toContainEqual({ key: 'portal_order_id', value: String(orderId) });
    await setStatus(t.app, admin, orderId, 'cancelled');
    await t.runJobs();
    expect((await draftOf(orderId))?.status).toBe('COMPLETED');
    const [job] = (await jobsOfType(t.db, DELETE_DRAFT_ORDER_JOB)).filter(
      (row) => (row.payload as { orderId: number }).orderId === orderId,
    );
    expect(job?.state).toBe('done');
  });

  it('forgets the deleted draft, and a new draft and invoice are made when the order is brought back', async () => {
    const { user, orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'processing');
    await t.runJobs();
    const first = await draftOf(orderId);
    await setStatus(t.app, admin, orderId, 'cancelled');
    await t.runJobs();
    expect(t.fake.store.draftOrders.has(first?.id ?? 0)).toBe(false);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      shopifyDraftOrderGid: null,
      shopifyOrderId: null,
      shopifyCheckoutUrl: null,
      shopifySyncStatus: 'not_required',
      paymentStatus: 'unpaid',
      invoiceSentAt: null,
    });

    const answer = await setStatus(t.app, admin, orderId, 'processing');
    expect(answer.order).toMatchObject({ shopifySyncStatus: 'pending' });
    await t.runJobs();
    await t.runJobs({ laterMs: 60_000 });
    const second = await draftOf(orderId);
    expect(second?.id).not.toBe(first?.id);
    expect(second?.status).toBe('INVOICE_SENT');
    const order = await readOrder(t.db, orderId);
    expect(order).toMatchObject({ shopifySyncStatus: 'synced', paymentStatus: 'invoice_sent' });
    const links = (await approvalMails(user.email)).filter((mail) => mail.text.includes('Pay now:'));
    expect(links.at(-1)?.text).toContain(`Pay now: ${order.shopifyCheckoutUrl}`);
  });

  it('makes the draft of an order cancelled before it had one, once the order is brought back', async () => {
    const orderId = await cancelledWhileDown();
    expect((await readOrder(t.db, orderId)).shopifySyncStatus).toBe('not_required');

    await setStatus(t.app, admin, orderId, 'pending');
    await t.runJobs();
    expect(await readOrder(t.db, orderId)).toMatchObject({
      shopifySyncStatus: 'synced',
      shopifyOrderId: expect.stringMatching(/^#D\d+$/),
    });
    expect(await draftOf(orderId)).toBeDefined();
  });

  it('creates no draft at all when cancelled while Shopify was down', async () => {
    const orderId = await cancelledWhileDown();
    const tagged = [...t.fake.store.draftOrders.values()].filter((draft) =>
      draft.tags.includes(`portal-order-${orderId}`),
    );
    expect(tagged).toEqual([]);
    expect((await readOrder(t.db, orderId)).shopifySyncStatus).toBe('not_required');
    const [job] = (await jobsOfType(t.db, DELETE_DRAFT_ORDER_JOB)).filter(
      (row) => (row.payload as { orderId: number }).orderId === orderId,
    );
    expect(job?.state).toBe('done');
  });
});
