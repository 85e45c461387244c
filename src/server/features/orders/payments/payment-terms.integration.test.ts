import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../../shared/money';
import { formatDueDate } from '../../../../shared/payment-terms';
import {
  adminOrderListResponseSchema,
  PAYMENT_REMINDER_REFUSALS,
  paymentReminderCooldownMessage,
  paymentReminderResponseSchema,
} from '../../../../shared/schemas/admin-orders';
import {
  ADMIN_USERS_CONFLICTS,
  adminUserChangeResponseSchema,
  paymentTermsOptionsResponseSchema,
} from '../../../../shared/schemas/admin-users';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import { createDraftOrderResponseSchema, orderDetailResponseSchema } from '../../../../shared/schemas/orders';
import { auditLog, companies, orders, users } from '../../../db/schema';
import { createTestApp, findSeededSpecialIds, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { mailsTo } from '../../../test/outbox';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { auditRowsOf } from '../../../test/factories/audit';
import { readOrder, storeOrder } from '../../../test/factories/orders';
import { sendPaymentNotices } from './payment-notices';

/*
 * Net payment terms in test mode (issue 20 §2, docs/orders.md#payment-terms): staff set a customer's terms,
 * the order keeps the terms it was submitted under, approval sets the due date, an unpaid order past it is
 * overdue (and filtered as such), the buyer is e-mailed 3 days before and the day after, once each, and
 * staff can send a reminder. (With the store connected: orders/shopify/payment-terms-shopify.)
 */

const DAY = 24 * 60 * 60_000;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...sameOrigin, cookie: admin }, ...(payload ? { payload } : {}) });

const setTerms = (userId: number, paymentTerms: string) =>
  asAdmin('PATCH', `/api/admin/users/${userId}/payment-terms`, { paymentTerms });

const remind = (orderId: number) => asAdmin('POST', `/api/admin/orders/${orderId}/payment-reminder`);

async function customerOnTerms(terms: 'net15' | 'net30' | 'net60' | 'on_approval') {
  const user = await createUser(t.db);
  if (terms !== 'on_approval') expect((await setTerms(user.id, terms)).statusCode).toBe(200);
  return { user, cookie: await signIn(t.app, t.db, user.email) };
}

async function placeOrder(cookie: string, orderItems = [{ productId: 1, quantity: 24 }]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
    payload: {
      customer: { customerName: 'Ada Buyer', customerEmail: 'ada@example.com', businessName: 'Mist Shop' },
      orderItems,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return createDraftOrderResponseSchema.parse(response.json());
}

const approve = async (orderId: number) => {
  const response = await asAdmin('PATCH', `/api/admin/orders/${orderId}/status`, { status: 'processing' });
  expect(response.statusCode, response.body).toBe(200);
  return readOrder(t.db, orderId);
};

const detail = async (orderId: number, cookie: string) =>
  orderDetailResponseSchema.parse(
    (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json(),
  ).order;

/** The audit log's payment-reminder entries of one order. */
const reminderAudits = (orderId: number) =>
  auditRowsOf(t.db, { entityType: 'order', entityId: orderId, action: 'order.payment-reminder' });

describe("a customer's payment terms in admin Users", () => {
  it('offers every option in test mode', async () => {
    const response = await asAdmin('GET', '/api/admin/payment-terms');
    expect(response.statusCode).toBe(200);
    expect(paymentTermsOptionsResponseSchema.parse(response.json()).options).toEqual([
      { value: 'on_approval', label: 'Pay on approval', available: true },
      { value: 'net15', label: 'Net 15', available: true },
      { value: 'net30', label: 'Net 30', available: true },
      { value: 'net60', label: 'Net 60', available: true },
    ]);
  });

  it('sets them, shows them in the list and the session, and audits the change', async () => {
    const user = await createUser(t.db);
    const response = await setTerms(user.id, 'net30');
    expect(response.statusCode).toBe(200);
    const answer = adminUserChangeResponseSchema.parse(response.json());
    expect(answer).toMatchObject({
      message: 'Payment terms updated',
      user: { id: user.id, paymentTerms: 'net30' },
    });

    const cookie = await signIn(t.app, t.db, user.email);
    const session = (await t.app.inject({ url: '/api/user', headers: { cookie } })).json();
    expect(session.paymentTerms).toBe('net30');
    // The terms are the company's: another person of it orders under them too (docs/companies.md).
    const colleague = await createUser(t.db, { company: { id: user.companyId!, role: 'buyer' } });
    const colleagueCookie = await signIn(t.app, t.db, colleague.email);
    const colleagueSession = await t.app.inject({ url: '/api/user', headers: { cookie: colleagueCookie } });
    expect(colleagueSession.json()).toMatchObject({
      paymentTerms: 'net30',
      company: { id: user.companyId, name: 'Mist Shop', role: 'buyer' },
    });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.payment-terms'), eq(auditLog.entityId, String(user.id))));
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [
        { paymentTerms: 'on_approval', companyId: user.companyId },
        { paymentTerms: 'net30', companyId: user.companyId },
      ],
    ]);
  });

  it('refuses unknown terms, administrators, unknown users and customers asking', async () => {
    const user = await createUser(t.db);
    const bad = await setTerms(user.id, 'net45');
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).message).toMatch(/paymentTerms/);

    const [staff] = await t.db.select().from(users).where(eq(users.role, 'admin')).limit(1);
    const onAdmin = await setTerms(staff!.id, 'net30');
    expect(onAdmin.statusCode).toBe(409);
    expect(errorBodySchema.parse(onAdmin.json()).message).toBe(ADMIN_USERS_CONFLICTS.termsForCustomers);

    expect((await setTerms(9_999_999, 'net30')).statusCode).toBe(404);

    const customer = await signIn(t.app, t.db, user.email);
    const asCustomer = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}/payment-terms`,
      headers: { ...sameOrigin, cookie: customer },
      payload: { paymentTerms: 'net60' },
    });
    expect(asCustomer.statusCode).toBe(403);
    const companyId = user.companyId ?? 0;
    expect((await t.db.select().from(companies).where(eq(companies.id, companyId)))[0]?.paymentTerms).toBe(
      'on_approval',
    );
  });
});

describe('an order on net terms', () => {
  it('keeps the terms it was submitted under, says them in both e-mails, and falls due at approval', async () => {
    const { user, cookie } = await customerOnTerms('net30');
    const placed = await placeOrder(cookie);
    expect((await setTerms(user.id, 'net60')).statusCode).toBe(200);

    const mails = async (to: string) =>
      (await mailsTo(t.db, to)).filter((mail) => mail.subject.includes(placed.orderName));
    for (const mail of [...(await mails(user.email)), ...(await mails(t.env.STAFF_EMAIL))]) {
      expect(mail.text).toContain('Payment terms: Net 30 (payment due 30 days after approval)');
    }
    const pending = await detail(placed.orderId, cookie);
    expect(pending).toMatchObject({ paymentTerms: 'net30', paymentDueAt: null, paymentOverdue: false });

    const approved = await approve(placed.orderId);
    expect(approved.paymentDueAt?.getTime()).toBe(approved.approvedAt!.getTime() + 30 * DAY);
    const shown = await detail(placed.orderId, cookie);
    expect(shown.paymentDueAt).toBe(approved.paymentDueAt!.toISOString());
    const [approvalMail] = (await mails(user.email)).filter((mail) => mail.subject.includes('approved'));
    const due = formatDueDate(approved.paymentDueAt!);
    // The amount and the due date first, then where the money stands in the words of every screen.
    expect(approvalMail?.text).toContain(`${formatCents(approved.orderTotal)} is due by ${due} (Net 30).`);
    expect(approvalMail?.text).toContain(`Payment status: Payment due ${due}.`);
  });

  it('gives a free order (the tester alone) no due date: there is nothing to pay', async () => {
    const { cookie } = await customerOnTerms('net30');
    const { testerId } = await findSeededSpecialIds(t.app);
    const placed = await placeOrder(cookie, [{ productId: testerId, quantity: 1 }]);
    const approved = await approve(placed.orderId);
    expect(approved).toMatchObject({ paymentTerms: 'net30', orderTotal: 0, paymentDueAt: null });
  });

  it('pays on approval by default: no due date, no terms line beyond the default', async () => {
    const { user, cookie } = await customerOnTerms('on_approval');
    const placed = await placeOrder(cookie);
    const approved = await approve(placed.orderId);
    expect(approved.paymentTerms).toBe('on_approval');
    expect(approved.paymentDueAt).toBeNull();
    const [confirmation] = (await mailsTo(t.db, user.email)).filter((mail) =>
      mail.subject.includes(`${placed.orderName} submitted`),
    );
    expect(confirmation?.text).toContain('Payment terms: Pay on approval');
  });
});

describe('overdue orders', () => {
  const onTerms = (values: Parameters<typeof storeOrder>[1]) =>
    storeOrder(t.db, { paymentTerms: 'net30', status: 'processing', ...values });

  it('are unpaid past the due date, shown to the buyer and filtered for staff', async () => {
    const { user, cookie } = await customerOnTerms('net30');
    const past = new Date(Date.now() - DAY);
    const overdue = await onTerms({ userId: user.id, paymentDueAt: past, businessName: 'Overdue Shop' });
    const paid = await onTerms({ userId: user.id, paymentDueAt: past, paymentStatus: 'paid' });
    const cancelled = await onTerms({ userId: user.id, paymentDueAt: past, status: 'cancelled' });
    const notYet = await onTerms({ userId: user.id, paymentDueAt: new Date(Date.now() + DAY) });

    expect((await detail(overdue.id, cookie)).paymentOverdue).toBe(true);
    for (const order of [paid, cancelled, notYet])
      expect((await detail(order.id, cookie)).paymentOverdue).toBe(false);

    const listed = adminOrderListResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/orders?status=overdue&limit=100')).json(),
    );
    const ids = listed.orders.map((order) => order.id);
    expect(ids).toContain(overdue.id);
    for (const order of [paid, cancelled, notYet]) expect(ids).not.toContain(order.id);
    expect(listed.orders.every((order) => order.paymentOverdue)).toBe(true);
  });

  it('carry their payment state to buyer and staff, and the unpaid ones are filtered for staff (issue 31)', async () => {
    const { user, cookie } = await customerOnTerms('net30');
    const past = new Date(Date.now() - DAY);
    const overdue = await onTerms({ userId: user.id, paymentDueAt: past });
    const paid = await onTerms({ userId: user.id, paymentDueAt: past, paymentStatus: 'paid' });
    const cancelled = await onTerms({ userId: user.id, paymentDueAt: past, status: 'cancelled' });
    const notYet = await onTerms({ userId: user.id, paymentDueAt: new Date(Date.now() + DAY) });
    const pending = await onTerms({ userId: user.id, status: 'pending' });

    const states = { overdue, paid, cancelled, notYet, pending };
    const expected = {
      overdue: 'overdue',
      paid: 'paid',
      cancelled: null,
      notYet: 'payment_due',
      pending: 'unpaid',
    };
    for (const [name, order] of Object.entries(states))
      expect({ name, state: (await detail(order.id, cookie)).paymentState }).toEqual({
        name,
        state: expected[name as keyof typeof expected],
      });

    const listed = adminOrderListResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/orders?status=unpaid&limit=100')).json(),
    );
    const ids = listed.orders.map((order) => order.id);
    for (const order of [overdue, notYet, pending]) expect(ids).toContain(order.id);
    for (const order of [paid, cancelled]) expect(ids).not.toContain(order.id);
    expect(listed.orders.find((order) => order.id === notYet.id)?.paymentState).toBe('payment_due');
  });
});

describe('payment e-mails', () => {
  it('go out 3 days before the due date and the day after it, once each, through the outbox', async () => {
    const { user } = await customerOnTerms('net15');
    const due = new Date('2031-06-15T12:00:00Z');
    const order = await storeOrder(t.db, {
      userId: user.id,
      paymentTerms: 'net15',
      status: 'processing',
      paymentDueAt: due,
      orderTotal: 25560,
    });
    const notices = async () =>
      (await mailsTo(t.db, user.email)).filter((mail) => mail.subject.includes(`WO-${1000 + order.id}`));

    await sendPaymentNotices(t.db, t.env, new Date(due.getTime() - 4 * DAY));
    expect(await notices()).toHaveLength(0);

    const soon = new Date(due.getTime() - 3 * DAY + 60_000);
    await sendPaymentNotices(t.db, t.env, soon);
    await sendPaymentNotices(t.db, t.env, new Date(soon.getTime() + 60 * 60_000));
    const [dueSoon, ...more] = await notices();
    expect(more).toHaveLength(0);
    expect(dueSoon?.subject).toContain(`Payment for order WO-${1000 + order.id} due Jun 15, 2031`);
    expect(dueSoon?.text).toContain('payment of $255.60');
    expect(dueSoon?.text).toContain('Payment status: Payment due Jun 15, 2031.');

    await sendPaymentNotices(t.db, t.env, new Date(due.getTime() + 60_000));
    expect(await notices()).toHaveLength(1);
    await sendPaymentNotices(t.db, t.env, new Date(due.getTime() + DAY));
    await sendPaymentNotices(t.db, t.env, new Date(due.getTime() + 2 * DAY));
    const all = await notices();
    expect(all.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('due Jun 15, 2031'),
      expect.stringContaining('is overdue'),
    ]);
    const stored = await readOrder(t.db, order.id);
    expect(stored.paymentDueSoonEmailedAt).not.toBeNull();
    expect(stored.paymentOverdueEmailedAt).not.toBeNull();
  });

  it('are not sent for paid or cancelled orders', async () => {
    const { user } = await customerOnTerms('net30');
    const due = new Date('2031-07-01T12:00:00Z');
    for (const values of [{ paymentStatus: 'paid' as const }, { status: 'cancelled' }]) {
      await storeOrder(t.db, {
        userId: user.id,
        paymentTerms: 'net30',
        status: 'processing',
        paymentDueAt: due,
        ...values,
      });
    }
    await sendPaymentNotices(t.db, t.env, new Date(due.getTime() - 2 * DAY));
    await sendPaymentNotices(t.db, t.env, new Date(due.getTime() + 2 * DAY));
    const payment = (await mailsTo(t.db, user.email)).filter((mail) => mail.subject.includes('Payment'));
    expect(payment).toHaveLength(0);
  });
});

describe("staff's payment reminder", () => {
  it('e-mails the buyer from the portal in test mode, records when, and audits it', async () => {
    const { user, cookie } = await customerOnTerms('net30');
    const placed = await placeOrder(cookie);
    await approve(placed.orderId);
    // 30 days later, unpaid: overdue.
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - DAY) })
      .where(eq(orders.id, placed.orderId));
    const response = await remind(placed.orderId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = paymentReminderResponseSchema.parse(response.json());
    expect(answer.message).toBe('Payment reminder sent');
    expect(answer.order.paymentReminderSentAt).not.toBeNull();

    const reminders = (await mailsTo(t.db, user.email)).filter((mail) =>
      mail.subject.includes(`Payment reminder for order ${placed.orderName}`),
    );
    expect(reminders).toHaveLength(1);
    expect(await reminderAudits(placed.orderId)).toHaveLength(1);
  });

  it('is sent at most once a day per order, however many requests arrive at once (issue 29 §8)', async () => {
    const { user, cookie } = await customerOnTerms('net30');
    const placed = await placeOrder(cookie);
    await approve(placed.orderId);
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - DAY) })
      .where(eq(orders.id, placed.orderId));
    const remindersSent = async () =>
      (await mailsTo(t.db, user.email)).filter((mail) => mail.subject.includes('Payment reminder')).length;

    const answers = await Promise.all(Array.from({ length: 20 }, () => remind(placed.orderId)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    expect(await remindersSent()).toBe(1);
    expect(await reminderAudits(placed.orderId)).toHaveLength(1);

    const sentAt = (await readOrder(t.db, placed.orderId)).paymentReminderSentAt!;
    const nextAt = new Date(sentAt.getTime() + DAY);
    const refused = answers.find((response) => response.statusCode === 429)!;
    const body = errorBodySchema.parse(refused.json());
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toBe(paymentReminderCooldownMessage(nextAt));
    expect(body.message).toMatch(/^A payment reminder was sent for this order less than a day ago\. /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);

    // The next day another goes out.
    await t.db
      .update(orders)
      .set({ paymentReminderSentAt: new Date(Date.now() - DAY - 60_000) })
      .where(eq(orders.id, placed.orderId));
    const nextDay = await remind(placed.orderId);
    expect(nextDay.statusCode, nextDay.body).toBe(200);
    expect(await remindersSent()).toBe(2);
    expect((await remind(placed.orderId)).statusCode).toBe(429);
    expect(await remindersSent()).toBe(2);
  });

  it('is refused with the reason for orders that owe no overdue payment on terms', async () => {
    const { user, cookie } = await customerOnTerms('net30');
    const notApproved = await placeOrder(cookie);
    const notYetDue = await placeOrder(cookie);
    await approve(notYetDue.orderId);
    const due = new Date(Date.now() - 10 * DAY);
    const cases: Array<[number, string]> = [
      [
        (await storeOrder(t.db, { userId: user.id, status: 'processing' })).id,
        PAYMENT_REMINDER_REFUSALS.notOnTerms,
      ],
      [notApproved.orderId, PAYMENT_REMINDER_REFUSALS.notApproved],
      [notYetDue.orderId, PAYMENT_REMINDER_REFUSALS.notOverdue],
      [
        (
          await storeOrder(t.db, {
            userId: user.id,
            paymentTerms: 'net30',
            status: 'processing',
            paymentDueAt: due,
            paymentStatus: 'paid',
          })
        ).id,
        PAYMENT_REMINDER_REFUSALS.paid,
      ],
      [
        (
          await storeOrder(t.db, {
            userId: user.id,
            paymentTerms: 'net30',
            status: 'cancelled',
            paymentDueAt: due,
          })
        ).id,
        PAYMENT_REMINDER_REFUSALS.cancelled,
      ],
    ];
    for (const [orderId, reason] of cases) {
      const response = await remind(orderId);
      expect(response.statusCode, reason).toBe(409);
      expect(errorBodySchema.parse(response.json()).message).toBe(reason);
    }
    expect((await remind(9_999_999)).statusCode).toBe(404);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${notApproved.orderId}/payment-reminder`,
      headers: { ...sameOrigin, cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(
      (await t.db.select().from(orders).where(eq(orders.id, notApproved.orderId)))[0]?.paymentReminderSentAt,
    ).toBeNull();
  });
});

describe('an order on net terms moved back to pending (docs/orders.md#payment-terms)', () => {
  it('loses its due date and notices until approved again, which sets a fresh due date', async () => {
    const { user, cookie } = await customerOnTerms('net30');
    const placed = await placeOrder(cookie);
    await approve(placed.orderId);
    // Long past its due date, with the overdue e-mail sent.
    await t.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(orders.id, placed.orderId));
    const paymentMails = async () =>
      (await mailsTo(t.db, user.email)).filter((mail) =>
        mail.subject.includes(`Payment for order ${placed.orderName}`),
      );
    await sendPaymentNotices(t.db, t.env, new Date());
    expect((await paymentMails()).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('is overdue'),
    ]);

    const back = await asAdmin('PATCH', `/api/admin/orders/${placed.orderId}/status`, { status: 'pending' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await readOrder(t.db, placed.orderId)).toMatchObject({
      status: 'pending',
      paymentDueAt: null,
      paymentDueSoonEmailedAt: null,
      paymentOverdueEmailedAt: null,
    });
    expect(await detail(placed.orderId, cookie)).toMatchObject({ paymentDueAt: null, paymentOverdue: false });
    const overdueList = adminOrderListResponseSchema.parse(
      (await asAdmin('GET', '/api/admin/orders?status=overdue&limit=100')).json(),
    );
    expect(overdueList.orders.map((order) => order.id)).not.toContain(placed.orderId);
    for (const days of [0, 10, 40]) await sendPaymentNotices(t.db, t.env, new Date(Date.now() + days * DAY));
    expect(await paymentMails()).toHaveLength(1);
    const refused = await remind(placed.orderId);
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).message).toBe(PAYMENT_REMINDER_REFUSALS.notApproved);

    const before = Date.now();
    const again = await approve(placed.orderId);
    const after = Date.now();
    expect(again.paymentDueAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(again.paymentDueAt!.getTime()).toBeLessThanOrEqual(after + 30 * DAY);
    expect((await detail(placed.orderId, cookie)).paymentOverdue).toBe(false);
    // The notices start over: 'due soon' three days before the new date, 'overdue' again the day after it.
    await sendPaymentNotices(t.db, t.env, new Date(again.paymentDueAt!.getTime() - 2 * DAY));
    await sendPaymentNotices(t.db, t.env, new Date(again.paymentDueAt!.getTime() + 2 * DAY));
    expect((await paymentMails()).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('is overdue'),
      expect.stringContaining(`due ${formatDueDate(again.paymentDueAt!)}`),
      expect.stringContaining('is overdue'),
    ]);
  });
});
