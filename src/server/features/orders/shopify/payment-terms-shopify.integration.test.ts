import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDueDate } from '../../../../shared/payment-terms';
import { PAYMENT_REMINDER_REFUSALS } from '../../../../shared/schemas/admin-orders';
import {
  ADMIN_USERS_CONFLICTS,
  paymentTermsOptionsResponseSchema,
} from '../../../../shared/schemas/admin-users';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import { idOf } from '../../../../../dev/fake-shopify/gid';
import { orders } from '../../../db/schema';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import { sameOrigin } from '../../../test/test-app';
import { processWebhooks } from '../../shopify-events/shopify-events-test-support';
import { customerOrder, FOUR_OZ, newCustomer, setStatus, submitOrder } from './shopify-orders-test-support';
import { mailsTo } from '../../../test/outbox';
import { signInAdmin } from '../../../test/factories/sign-in';
import { readOrder } from '../../../test/factories/orders';

/*
 * Net terms with the store connected (issue 20 §2, docs/shopify.md#payment-terms): the choices are the store's
 * NET templates; approval gives the draft its terms issued at approval, completes it payment pending and has
 * Shopify e-mail the order's invoice, once; the order page shows Shopify's due date and the order status page
 * as its Pay link; paying in Shopify reads as Paid; staff's reminder is Shopify's paymentReminderSend.
 */

const DAY = 24 * 60 * 60_000;
/** Answers of orderInvoiceSend to lose once ('after': Shopify sent it, the answer never came back). */
const faults = { invoiceAnswerLost: false, completionAnswerLost: false };

/** paymentReminderSend calls the portal made, refused or not. */
let reminderCalls = 0;

const faultyFetch: typeof fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  if (body.includes('mutation SendPaymentReminder')) reminderCalls += 1;
  const lose =
    (faults.invoiceAnswerLost && body.includes('mutation SendOrderInvoice')) ||
    (faults.completionAnswerLost && body.includes('mutation CompleteDraftOrderOnTerms'));
  if (lose) {
    faults.invoiceAnswerLost = false;
    faults.completionAnswerLost = false;
    await (await fetch(input, init)).text();
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    });
  }
  return fetch(input, init);
};

let t: ShopifyTestApp;
let admin: string;

beforeAll(async () => {
  t = await createShopifyTestApp({
    listen: true,
    client: { fetch: faultyFetch, circuit: { failureThreshold: 1_000, cooldownMs: 0 } },
  });
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  t.fake.control.configurePaymentTermsTemplates({ restore: 'all' });
  t.fake.control.moveClock({ reset: true });
});

const asAdmin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...sameOrigin, cookie: admin }, ...(payload ? { payload } : {}) });

async function customerOnNet30() {
  const customer = await newCustomer(t.app, t.db);
  const set = await asAdmin('PATCH', `/api/admin/users/${customer.user.id}/payment-terms`, {
    paymentTerms: 'net30',
  });
  expect(set.statusCode, set.body).toBe(200);
  return customer;
}

/** A net-30 customer's order, submitted, its draft made, approved, and the approval's jobs and webhooks run. */
async function approvedOnNet30(options: { beforeApproval?: () => void } = {}) {
  const customer = await customerOnNet30();
  const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
  await processWebhooks(t);
  options.beforeApproval?.();
  await setStatus(t.app, admin, placed.orderId, 'processing');
  await processWebhooks(t);
  await t.runJobs({ laterMs: 60_000 });
  await processWebhooks(t);
  return { ...customer, ...placed, row: await readOrder(t.db, placed.orderId) };
}

const fakeOrderOf = (gid: string | null) => t.fake.store.orders.get(idOf(gid ?? '', 'Order') ?? 0);
const invoicesOf = (gid: string | null) =>
  t.fake.store.sentOrderInvoices.filter((invoice) => invoice.orderId === idOf(gid ?? '', 'Order'));

describe('the choice of terms', () => {
  it('offers only the terms the store has a NET template for, and refuses the others', async () => {
    t.fake.control.configurePaymentTermsTemplates({ remove: ['Net 15'] });
    const options = paymentTermsOptionsResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/payment-terms')).json(),
    );
    expect(options.options.map((option) => [option.value, option.available])).toEqual([
      ['on_approval', true],
      ['net15', false],
      ['net30', true],
      ['net60', true],
    ]);
    const { user } = await newCustomer(t.app, t.db);
    const refused = await asAdmin('PATCH', `/api/admin/users/${user.id}/payment-terms`, {
      paymentTerms: 'net15',
    });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).message).toBe(ADMIN_USERS_CONFLICTS.termsUnavailable);
  });
});

describe('approving an order on Net 30', () => {
  it('completes the draft payment pending with terms issued at approval, and Shopify invoices it once', async () => {
    const { user, cookie, orderId, row } = await approvedOnNet30();
    expect(row).toMatchObject({ paymentStatus: 'invoice_sent', paymentTerms: 'net30' });
    const shopifyOrder = fakeOrderOf(row.shopifyOrderGid);
    expect(shopifyOrder?.financialStatus).toBe('PENDING');
    const terms = shopifyOrder?.paymentTerms;
    // Issued at approval (Shopify keeps whole seconds); the order shows Shopify's own due date.
    const issuedAt = Math.floor(row.approvedAt!.getTime() / 1000) * 1000;
    expect(terms?.schedules[0]?.issuedAt).toBe(issuedAt);
    expect(row.paymentDueAt?.getTime()).toBe(terms?.schedules[0]?.dueAt);
    expect(row.paymentDueAt?.getTime()).toBe(issuedAt + 30 * DAY);
    expect(invoicesOf(row.shopifyOrderGid)).toHaveLength(1);

    const shown = (await customerOrder(t.app, cookie, orderId)).order;
    expect(shown).toMatchObject({ paymentDueAt: row.paymentDueAt!.toISOString(), paymentOverdue: false });
    expect(shown.invoiceUrl).toBe(row.shopifyCheckoutUrl);
    expect(shown.invoiceUrl).toMatch(/\/orders\/[0-9a-f]+\/authenticate$/);

    const [approval] = (await mailsTo(t.db, user.email)).filter((mail) => mail.subject.includes('approved'));
    expect(approval?.text).toContain(`Payment due ${formatDueDate(row.paymentDueAt!)}.`);
    expect(approval?.text).toContain(`Pay now: ${row.shopifyCheckoutUrl}`);

    await t.runJobs({ laterMs: 10 * 60_000 });
    expect(invoicesOf(row.shopifyOrderGid)).toHaveLength(1);
  });

  it('reads Paid once the buyer pays in Shopify', async () => {
    const { cookie, orderId, row } = await approvedOnNet30();
    t.fake.control.payOrder(row.shopifyOrderGid!);
    await processWebhooks(t);
    expect((await customerOrder(t.app, cookie, orderId)).order).toMatchObject({
      paymentStatus: 'paid',
      paymentOverdue: false,
      invoiceUrl: null,
    });
  });

  it('sends the invoice at most once when its answer is lost, and goes on after a lost completion', async () => {
    const lostInvoice = await approvedOnNet30({ beforeApproval: () => (faults.invoiceAnswerLost = true) });
    await t.runJobs({ laterMs: 10 * 60_000 });
    expect(lostInvoice.row.paymentStatus).toBe('invoice_sent');
    expect(invoicesOf(lostInvoice.row.shopifyOrderGid)).toHaveLength(1);

    const lostCompletion = await approvedOnNet30({
      beforeApproval: () => (faults.completionAnswerLost = true),
    });
    expect(lostCompletion.row).toMatchObject({ paymentStatus: 'invoice_sent', paymentTerms: 'net30' });
    expect(lostCompletion.row.paymentDueAt).not.toBeNull();
    expect(invoicesOf(lostCompletion.row.shopifyOrderGid)).toHaveLength(1);
  });
});

describe('approved again while an invoice job waits to retry', () => {
  it('sends one order invoice: the second job defers to the first one’s claim', async () => {
    const customer = await customerOnNet30();
    const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    await processWebhooks(t);
    faults.invoiceAnswerLost = true;
    await setStatus(t.app, admin, placed.orderId, 'processing');
    await t.runJobs(); // completes the draft, sends the invoice, loses the answer: waits to retry
    await setStatus(t.app, admin, placed.orderId, 'pending');
    await setStatus(t.app, admin, placed.orderId, 'processing');
    await t.runJobs();
    for (const minutes of [1, 10, 30]) await t.runJobs({ laterMs: minutes * 60_000 });
    await processWebhooks(t);

    const row = await readOrder(t.db, placed.orderId);
    expect(row).toMatchObject({ status: 'processing', paymentStatus: 'invoice_sent' });
    expect(invoicesOf(row.shopifyOrderGid)).toHaveLength(1);
  });
});

describe('a due date moved in Shopify', () => {
  it("is read back by 'Check Shopify now': the order falls overdue, and Shopify's reminder goes out", async () => {
    const { cookie, orderId, row } = await approvedOnNet30();
    const dueAt = new Date(Date.now() - 2 * DAY);
    dueAt.setUTCMilliseconds(0);
    t.fake.control.changeDueDate(row.shopifyOrderGid!, dueAt.toISOString());
    // The portal does not subscribe to orders/updated (ADR 0012): the reconciliation reads the schedule.
    const check = await asAdmin('POST', '/api/admin/shopify/reconcile');
    expect(check.statusCode, check.body).toBe(200);

    expect((await readOrder(t.db, orderId)).paymentDueAt?.toISOString()).toBe(dueAt.toISOString());
    expect((await customerOrder(t.app, cookie, orderId)).order).toMatchObject({ paymentOverdue: true });
    const listed = await asAdmin('GET', '/api/admin/orders?status=overdue&limit=100');
    expect(listed.json().orders.map((order: { id: number }) => order.id)).toContain(orderId);

    const sent = await asAdmin('POST', `/api/admin/orders/${orderId}/payment-reminder`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(
      t.fake.store.paymentReminders.some(
        (reminder) => reminder.orderId === idOf(row.shopifyOrderGid!, 'Order'),
      ),
    ).toBe(true);
  });
});

describe("staff's payment reminder", () => {
  const remind = (orderId: number) => asAdmin('POST', `/api/admin/orders/${orderId}/payment-reminder`);

  it("is Shopify's reminder of the overdue schedule; a second the same day is refused before Shopify is asked", async () => {
    const { orderId, row } = await approvedOnNet30();
    const remindersOf = () =>
      t.fake.store.paymentReminders.filter(
        (reminder) => reminder.orderId === idOf(row.shopifyOrderGid!, 'Order'),
      );
    expect((await remind(orderId)).statusCode).toBe(409);
    expect(remindersOf()).toHaveLength(0);

    // 31 days later, in Shopify and in the portal.
    t.fake.control.moveClock({ advanceMs: 31 * DAY });
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - DAY) })
      .where(eq(orders.id, orderId));
    const sent = await remind(orderId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().order.paymentReminderSentAt).not.toBeNull();
    expect(remindersOf()).toHaveLength(1);

    // One a day, the portal's rule as it is Shopify's: refused before Shopify is asked, with when to retry.
    const calls = reminderCalls;
    const again = await remind(orderId);
    expect(again.statusCode).toBe(429);
    expect(errorBodySchema.parse(again.json()).message).toMatch(
      /^A payment reminder was sent for this order less than a day ago\. You can send another after /,
    );
    expect(reminderCalls).toBe(calls);

    t.fake.control.payOrder(row.shopifyOrderGid!);
    await processWebhooks(t);
    const paid = await remind(orderId);
    expect(paid.statusCode).toBe(409);
    expect(errorBodySchema.parse(paid.json()).message).toBe(PAYMENT_REMINDER_REFUSALS.paid);
  });

  it('goes to Shopify once for 20 requests at once, and again the next day (issue 29 §8)', async () => {
    const { orderId, row } = await approvedOnNet30();
    t.fake.control.moveClock({ advanceMs: 31 * DAY });
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - DAY) })
      .where(eq(orders.id, orderId));
    const remindersOf = () =>
      t.fake.store.paymentReminders.filter(
        (reminder) => reminder.orderId === idOf(row.shopifyOrderGid!, 'Order'),
      );
    const calls = reminderCalls;

    const answers = await Promise.all(Array.from({ length: 20 }, () => remind(orderId)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    expect(reminderCalls - calls).toBe(1);
    expect(remindersOf()).toHaveLength(1);

    // The next day, in Shopify and in the portal.
    t.fake.control.moveClock({ advanceMs: 32 * DAY });
    await t.db
      .update(orders)
      .set({ paymentReminderSentAt: new Date(Date.now() - DAY - 60_000) })
      .where(eq(orders.id, orderId));
    const nextDay = await remind(orderId);
    expect(nextDay.statusCode, nextDay.body).toBe(200);
    expect(reminderCalls - calls).toBe(2);
    expect(remindersOf()).toHaveLength(2);
  });

  it("gives its claim back when Shopify refuses it (a reminder sent from Shopify's own admin)", async () => {
    const { orderId } = await approvedOnNet30();
    t.fake.control.moveClock({ advanceMs: 31 * DAY });
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - DAY) })
      .where(eq(orders.id, orderId));
    // A reminder sent from Shopify's own admin an hour ago: Shopify refuses the portal's.
    const first = await remind(orderId);
    expect(first.statusCode, first.body).toBe(200);
    const before = new Date(Date.now() - 2 * DAY);
    await t.db.update(orders).set({ paymentReminderSentAt: before }).where(eq(orders.id, orderId));
    const refused = await remind(orderId);
    // Said in plain words, not as Shopify's 'paymentReminderSend: You cannot send…' (issue 31, finding 2).
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).message).toBe(PAYMENT_REMINDER_REFUSALS.shopifyDailyLimit);
    expect((await readOrder(t.db, orderId)).paymentReminderSentAt).toEqual(before);
  });
});
