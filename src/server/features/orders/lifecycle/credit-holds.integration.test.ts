import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES, accountCreditResponseSchema } from '../../../../shared/schemas/credit';
import { adminCompanyDetailSchema } from '../../../../shared/schemas/admin-companies';
import { insightsResponseSchema } from '../../../../shared/schemas/admin-insights';
import { orderDetailResponseSchema } from '../../../../shared/schemas/orders';
import type { AccountRow } from '../../../db/schema';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { mailsTo } from '../../../test/outbox';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { auditRowsOf } from '../../../test/factories/audit';
import { readOrder, storeOrder } from '../../../test/factories/orders';
import { applyShopifyFacts } from './apply-shopify-facts';

/*
 * Credit limits and holds (docs/credit.md), on PGlite and (TEST_DATABASE_URL) PostgreSQL: the open balance
 * under approvals, payments and cancellations; the check at approval (over the limit, overdue), its override
 * and the hold with the buyer's reason; release on payment; a held order never invoiced; two approvals at
 * once; the 80 % notice; staff's settings and their bad input; Insights' exposure.
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

const setStatus = (orderId: number, body: Record<string, unknown>) =>
  asAdmin('PATCH', `/api/admin/orders/${orderId}/status`, body);

const setLimit = async (companyId: number, creditLimit: number | null) => {
  const response = await asAdmin('PATCH', `/api/admin/companies/${companyId}`, { creditLimit });
  expect(response.statusCode, response.body).toBe(200);
};

/** A company of its own owner, on Net 30, with `limit` dollars of credit (none when null). */
async function companyWithLimit(limit: number | null): Promise<{ owner: AccountRow; companyId: number }> {
  const owner = await createUser(t.db);
  const companyId = owner.companyId!;
  const terms = await asAdmin('PATCH', `/api/admin/users/${owner.id}/payment-terms`, {
    paymentTerms: 'net30',
  });
  expect(terms.statusCode, terms.body).toBe(200);
  if (limit !== null) await setLimit(companyId, limit);
  return { owner, companyId };
}

/** A pending order of the owner's company on Net 30 for `dollars`. */
const pendingOrder = (owner: AccountRow, dollars: number, values: Record<string, unknown> = {}) =>
  storeOrder(t.db, {
    userId: owner.id,
    customerEmail: owner.email,
    paymentTerms: 'net30',
    orderTotal: dollars * 100,
    standardTotal: dollars * 100,
    ...values,
  });

const credit = async (cookie: string) =>
  accountCreditResponseSchema.parse(
    (await t.app.inject({ url: '/api/account/credit', headers: { cookie } })).json(),
  ).credit;

const pay = (orderId: number) =>
  t.db.transaction((tx) =>
    applyShopifyFacts(tx, t.env, orderId, {
      observedAt: new Date(),
      current: true,
      paid: { at: new Date() },
    }),
  );

describe('the open balance', () => {
  it('grows with approvals on net terms and falls with payments and cancellations', async () => {
    const { owner } = await companyWithLimit(1000);
    const cookie = await signIn(t.app, t.db, owner.email);
    expect(await credit(cookie)).toEqual({
      limit: '1000.00',
      openBalance: '0.00',
      available: '1000.00',
      usedPercent: 0,
    });

    const first = await pendingOrder(owner, 300);
    const second = await pendingOrder(owner, 200);
    const upFront = await pendingOrder(owner, 400, { paymentTerms: 'on_approval' });
    for (const order of [first, second, upFront]) {
      expect((await setStatus(order.id, { status: 'processing' })).statusCode).toBe(200);
    }
    // Only orders on net terms lend money: the order paid on approval is not in the balance.
    expect(await credit(cookie)).toMatchObject({
      openBalance: '500.00',
      available: '500.00',
      usedPercent: 50,
    });

    await pay(first.id);
    expect(await credit(cookie)).toMatchObject({ openBalance: '200.00', available: '800.00' });
    expect((await setStatus(second.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await credit(cookie)).toMatchObject({ openBalance: '0.00', available: '1000.00' });
  });

  it('is not shown to a company without a limit', async () => {
    const { owner } = await companyWithLimit(null);
    expect(await credit(await signIn(t.app, t.db, owner.email))).toBeNull();
  });
});

describe('the credit check at approval', () => {
  it('stops an approval over the limit with the amount, and staff approve anyway with a reason (audited)', async () => {
    const { owner, companyId } = await companyWithLimit(1000);
    const approved = await pendingOrder(owner, 700);
    expect((await setStatus(approved.id, { status: 'processing' })).statusCode).toBe(200);
    const over = await pendingOrder(owner, 534);

    const stopped = await setStatus(over.id, { status: 'processing' });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json()).toMatchObject({
      code: 'CREDIT_CHECK',
      message: CREDIT_MESSAGES.checkFailed,
      details: { summary: 'over the limit by $234.00', overBy: '234.00', overdueDays: null },
    });
    expect((await readOrder(t.db, over.id)).status).toBe('pending');
    // Straight to shipped is an approval too.
    expect((await setStatus(over.id, { status: 'shipped' })).statusCode).toBe(409);

    const empty = await setStatus(over.id, { status: 'processing', override: { reason: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('override.reason');

    const anyway = await setStatus(over.id, {
      status: 'processing',
      override: { reason: 'Paying by wire on Friday' },
    });
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect((await readOrder(t.db, over.id)).status).toBe('processing');
    const [audit] = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: over.id,
      action: 'order.credit-override',
    });
    expect(audit).toMatchObject({
      before: { credit: 'over the limit by $234.00' },
      after: { reason: 'Paying by wire on Friday' },
    });
    const page = adminCompanyDetailSchema.parse(
      (await asAdmin('GET', `/api/admin/companies/${companyId}`)).json(),
    );
    expect(page.credit).toMatchObject({
      limit: '1000.00',
      openBalance: '1234.00',
      available: '0.00',
      usedPercent: 123,
    });
  });

  it('stops an approval for a company with an overdue payment, naming the days', async () => {
    const { owner } = await companyWithLimit(null);
    await pendingOrder(owner, 50, {
      status: 'processing',
      approvedAt: new Date(Date.now() - 40 * DAY),
      paymentDueAt: new Date(Date.now() - 12 * DAY - 60_000),
    });
    const next = await pendingOrder(owner, 50, { paymentTerms: 'on_approval' });
    const stopped = await setStatus(next.id, { status: 'processing' });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().details).toEqual({ summary: '12 days overdue', overBy: null, overdueDays: 12 });
  });

  it('counts an overdue payment from a whole day late, and an order already paid adds nothing', async () => {
    const { owner } = await companyWithLimit(100);
    await pendingOrder(owner, 50, {
      status: 'processing',
      approvedAt: new Date(Date.now() - 40 * DAY),
      paymentDueAt: new Date(Date.now() - 5 * 60_000),
    });
    const paidAlready = await pendingOrder(owner, 500, { paymentStatus: 'paid', paidAt: new Date() });
    expect((await setStatus(paidAlready.id, { status: 'processing' })).statusCode).toBe(200);
  });

  it('lets an order within the limit through without a word', async () => {
    const { owner } = await companyWithLimit(1000);
    const order = await pendingOrder(owner, 999);
    expect((await setStatus(order.id, { status: 'processing' })).statusCode).toBe(200);
  });
});

describe('an order on hold', () => {
  it('carries the reason the buyer reads, is e-mailed, and cannot be approved or invoiced while the problem stands', async () => {
    const { owner } = await companyWithLimit(100);
    const cookie = await signIn(t.app, t.db, owner.email);
    const order = await pendingOrder(owner, 250);

    const held = await setStatus(order.id, { status: 'on_hold' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().order).toMatchObject({
      status: 'on_hold',
      holdReason: expect.stringContaining('$150.00'),
    });
    const page = orderDetailResponseSchema.parse(
      (await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json(),
    ).order;
    expect(page.status).toBe('on_hold');
    expect(page.holdReason).toBe('This order would take your account over its credit limit by $150.00.');
    const mails = await mailsTo(t.db, owner.email);
    expect(mails.some((mail) => mail.subject.endsWith(`is on hold`) && mail.text.includes('$150.00'))).toBe(
      true,
    );

    // Every approval route refuses it: processing, shipped, delivered.
    for (const status of ['processing', 'shipped', 'delivered']) {
      expect((await setStatus(order.id, { status })).statusCode).toBe(409);
    }
    const row = await readOrder(t.db, order.id);
    expect(row).toMatchObject({
      status: 'on_hold',
      paymentStatus: 'unpaid',
      approvedAt: null,
      paymentDueAt: null,
    });

    // The buyer may still cancel it.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: { ...sameOrigin, cookie },
      payload: { version: row.version },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await readOrder(t.db, order.id)).toMatchObject({ status: 'cancelled', holdReason: null });
  });

  it('left in Shopify (completed and fulfilled there): the fact applies, the reason goes, audited and staff told', async () => {
    const { owner } = await companyWithLimit(100);
    const order = await pendingOrder(owner, 250);
    expect((await setStatus(order.id, { status: 'on_hold' })).statusCode).toBe(200);
    await t.db.transaction((tx) =>
      applyShopifyFacts(tx, t.env, order.id, {
        observedAt: new Date(),
        current: true,
        fulfillment: 'fulfilled',
        shipped: { at: new Date(), tracking: null },
      }),
    );
    expect(await readOrder(t.db, order.id)).toMatchObject({ status: 'shipped', holdReason: null });
    const [audit] = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: order.id,
      action: 'order.hold-ended-in-shopify',
    });
    expect(audit?.after).toMatchObject({ status: 'shipped', credit: 'over the limit by $150.00' });
    const staff = await mailsTo(t.db, t.env.STAFF_EMAIL);
    expect(
      staff.some((mail) => mail.subject.includes(`Order WO-${1000 + order.id} left 'On hold' in Shopify`)),
    ).toBe(true);
  });

  it('needs staff to say why when nothing in the credit stands in the way, and only from pending', async () => {
    const { owner } = await companyWithLimit(null);
    const order = await pendingOrder(owner, 20);
    const silent = await setStatus(order.id, { status: 'on_hold' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().message).toBe(CREDIT_MESSAGES.holdReasonRequired);
    const held = await setStatus(order.id, {
      status: 'on_hold',
      holdReason: 'Waiting for your resale certificate.',
    });
    expect(held.json().order.holdReason).toBe('Waiting for your resale certificate.');
    const filtered = await asAdmin('GET', '/api/admin/orders?status=on_hold&limit=100');
    expect(filtered.json().orders.map((row: { id: number }) => row.id)).toContain(order.id);
    expect(filtered.json().orders.every((row: { status: string }) => row.status === 'on_hold')).toBe(true);
    // Leaving the hold clears its reason.
    expect((await setStatus(order.id, { status: 'pending' })).statusCode).toBe(200);
    expect((await readOrder(t.db, order.id)).holdReason).toBeNull();
    expect((await setStatus(order.id, { status: 'processing' })).statusCode).toBe(200);
    const late = await setStatus(order.id, { status: 'on_hold', holdReason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CREDIT_MESSAGES.holdOnlyFromPending);
  });

  it('goes back to pending when the company pays, and staff are e-mailed', async () => {
    const { owner } = await companyWithLimit(500);
    const owed = await pendingOrder(owner, 450);
    expect((await setStatus(owed.id, { status: 'processing' })).statusCode).toBe(200);
    const held = await pendingOrder(owner, 100);
    expect((await setStatus(held.id, { status: 'on_hold' })).statusCode).toBe(200);

    await pay(owed.id);
    const released = await readOrder(t.db, held.id);
    expect(released).toMatchObject({ status: 'pending', holdReason: null });
    const [audit] = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: held.id,
      action: 'order.released',
    });
    expect(audit?.after).toMatchObject({ status: 'pending', paidOrderId: owed.id });
    const staff = await mailsTo(t.db, t.env.STAFF_EMAIL);
    expect(
      staff.some(
        (mail) =>
          mail.subject.includes('Orders released from hold') && mail.text.includes(`WO-${1000 + held.id}`),
      ),
    ).toBe(true);
    // With the balance paid, its approval now passes.
    expect((await setStatus(held.id, { status: 'processing' })).statusCode).toBe(200);
  });
});

describe('two approvals at once', () => {
  it('cannot together take the balance over the limit unnoticed', async () => {
    const { owner } = await companyWithLimit(1000);
    const one = await pendingOrder(owner, 600);
    const two = await pendingOrder(owner, 600);
    const answers = await Promise.all([
      setStatus(one.id, { status: 'processing' }),
      setStatus(two.id, { status: 'processing' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
      code: 'CREDIT_CHECK',
      details: { overBy: '200.00' },
    });
    const statuses = [(await readOrder(t.db, one.id)).status, (await readOrder(t.db, two.id)).status].sort();
    expect(statuses).toEqual(['pending', 'processing']);
  });
});

describe('an approval beside a merge of its company', () => {
  it('both go through, one after the other (they take their locks in the same order)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { owner } = await companyWithLimit(1000);
      const into = await companyWithLimit(null);
      const order = await pendingOrder(owner, 100);
      const [approved, merged] = await Promise.all([
        setStatus(order.id, { status: 'processing' }),
        asAdmin('POST', `/api/admin/companies/${into.companyId}/merge`, { fromCompanyId: owner.companyId }),
      ]);
      expect([approved.statusCode, merged.statusCode], `${approved.body} ${merged.body}`).toEqual([200, 200]);
      expect(await readOrder(t.db, order.id)).toMatchObject({
        status: 'processing',
        companyId: into.companyId,
      });
    }
  });
});

describe('the 80 % notice', () => {
  it('goes once to staff and the owners when an approval crosses it, and again only after the balance fell below', async () => {
    const { owner, companyId } = await companyWithLimit(1000);
    const subject = 'has used 80 % of its credit limit';
    const ownerNotices = async () =>
      (await mailsTo(t.db, owner.email)).filter((mail) =>
        mail.subject.includes('Your account has used 80 %'),
      );
    const staffNotices = async () =>
      (await mailsTo(t.db, t.env.STAFF_EMAIL))
        .filter((mail) => mail.text.includes(`${owner.email}`) || mail.subject.includes(subject))
        .filter((mail) => mail.text.includes(`/admin/companies/${companyId}`));

    const small = await pendingOrder(owner, 500);
    expect((await setStatus(small.id, { status: 'processing' })).statusCode).toBe(200);
    expect(await ownerNotices()).toHaveLength(0);

    const crossing = await pendingOrder(owner, 350);
    expect((await setStatus(crossing.id, { status: 'processing' })).statusCode).toBe(200);
    expect(await ownerNotices()).toHaveLength(1);
    expect((await ownerNotices())[0]?.text).toContain('Credit available: $150.00');
    expect(await staffNotices()).toHaveLength(1);

    const more = await pendingOrder(owner, 100);
    expect((await setStatus(more.id, { status: 'processing' })).statusCode).toBe(200);
    expect(await ownerNotices()).toHaveLength(1);

    await pay(small.id);
    await pay(crossing.id);
    const again = await pendingOrder(owner, 750);
    expect((await setStatus(again.id, { status: 'processing' })).statusCode).toBe(200);
    expect(await ownerNotices()).toHaveLength(2);
  });
});

describe("staff's credit limit", () => {
  it('refuses a negative, huge, over-precise or non-number limit with a 400 naming the field', async () => {
    const { companyId } = await companyWithLimit(null);
    for (const creditLimit of [-1, 100_000_000, 10.005, '1000', true]) {
      const response = await asAdmin('PATCH', `/api/admin/companies/${companyId}`, { creditLimit });
      expect(response.statusCode, String(creditLimit)).toBe(400);
      expect(response.json().message).toContain('creditLimit');
    }
    expect((await asAdmin('PATCH', `/api/admin/companies/${companyId}`, {})).statusCode).toBe(400);
    expect(
      (await asAdmin('PATCH', `/api/admin/companies/${companyId}`, { creditLimit: 1, extra: 1 })).statusCode,
    ).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/companies/999999`, { creditLimit: 1 })).statusCode).toBe(404);
  });

  it('is set to the cent, cleared with null, audited, and only by staff', async () => {
    const { owner, companyId } = await companyWithLimit(null);
    await setLimit(companyId, 99_999_999.99);
    const page = adminCompanyDetailSchema.parse(
      (await asAdmin('GET', `/api/admin/companies/${companyId}`)).json(),
    );
    expect(page.credit.limit).toBe('99999999.99');
    await setLimit(companyId, null);
    const [audit] = (
      await auditRowsOf(t.db, { entityType: 'company', entityId: companyId, action: 'company.settings' })
    ).slice(-1);
    expect(audit).toMatchObject({ before: { creditLimit: 9_999_999_999 }, after: { creditLimit: null } });

    const cookie = await signIn(t.app, t.db, owner.email);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/${companyId}`,
      headers: { ...sameOrigin, cookie },
      payload: { creditLimit: 1_000_000 },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('Insights', () => {
  it('shows the credit exposure: open balance, companies over their limit and with orders on hold', async () => {
    const { owner, companyId } = await companyWithLimit(100);
    const over = await pendingOrder(owner, 300);
    expect(
      (await setStatus(over.id, { status: 'processing', override: { reason: 'Trusted' } })).statusCode,
    ).toBe(200);
    const held = await pendingOrder(owner, 40);
    expect((await setStatus(held.id, { status: 'on_hold' })).statusCode).toBe(200);

    const insights = insightsResponseSchema.parse((await asAdmin('GET', '/api/admin/insights')).json());
    expect(Number(insights.credit.openBalance)).toBeGreaterThanOrEqual(300);
    expect(insights.credit.overLimit).toContainEqual({
      companyId,
      companyName: expect.any(String),
      limit: '100.00',
      openBalance: '300.00',
      overBy: '200.00',
    });
    expect(insights.credit.onHold).toContainEqual({
      companyId,
      companyName: expect.any(String),
      orders: 1,
      total: '40.00',
    });
    expect(insights.pipeline.onHold).toBeGreaterThanOrEqual(1);
  });
});
