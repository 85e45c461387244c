import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { toGid } from '../../integrations/shopify/fake-store/gid';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import { mailsTo } from '../accounts/accounts-test-support';
import { signInAdmin } from '../admin-orders/admin-orders-test-support';
import {
  customerOrder,
  FOUR_OZ,
  jobsOfType,
  newCustomer,
  readOrder,
  setStatus,
  submitOrder,
} from './shopify-orders-test-support';
import { DELETE_DRAFT_ORDER_JOB, SEND_DRAFT_INVOICE_JOB } from './shopify-order-jobs';

/*
 * Staff moving an order on (issue 8 'Orders', DECISIONS §1 step 4): approval sends the draft's invoice and the
 * customer's approval e-mail then carries the 'Pay now' link; cancelling deletes the draft.
 */

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

    await t.fake.control.goUp();
    for (const minutes of [1, 5, 15]) await t.runJobs({ laterMs: minutes * 60_000 });
    expect((await readOrder(t.db, orderId)).paymentStatus).toBe('invoice_sent');
    expect(await invoicesOf(orderId)).toHaveLength(1);
    expect(await approvalMails(user.email)).toHaveLength(1);
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

  it('creates no draft at all when cancelled while Shopify was down', async () => {
    await t.fake.control.goDown();
    const { orderId } = await placedOrder();
    await setStatus(t.app, admin, orderId, 'cancelled');
    await t.runJobs();
    await t.fake.control.goUp();
    for (const minutes of [1, 5, 15]) await t.runJobs({ laterMs: minutes * 60_000 });
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
