import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '../../../../shared/orders';
import { orders, jobs } from '../../../db/schema';
import { splitGid } from '../../../../../dev/fake-shopify/gid';
import { jobToQueue } from '../../../jobs/job-definition';
import { enqueueJob } from '../../../jobs/queue';
import { send } from '../../admin-users/admin-test-support';
import { readOrder, storeOrder } from '../../../test/factories/orders';
import { signInAdmin } from '../../../test/factories/sign-in';
import { outbox } from '../../../test/outbox';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import { processWebhooks } from '../../shopify-events/shopify-events-test-support';
import {
  CREATE_DRAFT_ORDER_JOB,
  SEND_DRAFT_INVOICE_JOB,
  sendDraftInvoiceJob,
} from './draft-order-definitions';
import { enqueueDraftInvoice } from './shopify-sync';
import {
  customerOrder,
  FOUR_OZ,
  jobsOfOrder,
  newCustomer,
  retryShopifySync,
  submitOrder,
} from './shopify-orders-test-support';

/*
 * A held order cannot be invoiced through any route, with the store connected (docs/credit.md#on-hold): an
 * approval the credit check stops sends nothing to Shopify; an invoice job queued before the hold (or while
 * it runs) sends nothing; 'Send to Shopify again' only makes the draft; Shopify's own invoice is recorded
 * without approving the order; a prepared order approved on confirmation goes on hold instead; and with
 * staff's override the invoice does go out (so these tests can fail).
 *
 * Every Admin API request the portal makes is recorded here (the fake's own history is bounded), so "no
 * invoice" means no draftInvoiceSend, no draftOrderComplete (either form), no payment terms put on the draft
 * and no orderInvoiceSend, as well as nothing of the kind in the store's state.
 */

interface Call {
  operation: string;
  variables: Record<string, unknown>;
}

/** Every Admin API call the portal made, in order. */
const calls: Call[] = [];
/** Runs once right after the portal's call of `operation` was answered (staff acting while a job runs). */
let afterCall: { operation: string; run: () => Promise<void> } | null = null;

const recordingFetch: typeof fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  let call: Call = { operation: '', variables: {} };
  try {
    const parsed = JSON.parse(body) as { query?: string; variables?: Record<string, unknown> };
    call = {
      operation: /\b(?:query|mutation)\s+(\w+)/.exec(parsed.query ?? '')?.[1] ?? '',
      variables: parsed.variables ?? {},
    };
  } catch {
    // not a GraphQL body
  }
  calls.push(call);
  const response = await fetch(input, init);
  const hook = afterCall;
  if (hook && hook.operation === call.operation) {
    afterCall = null;
    await hook.run();
  }
  return response;
};

let t: ShopifyTestApp;
let admin: string;

beforeAll(async () => {
  t = await createShopifyTestApp({
    listen: true,
    client: { fetch: recordingFetch, circuit: { failureThreshold: 1_000, cooldownMs: 0 } },
  });
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());
afterEach(async () => {
  afterCall = null;
  t.fake.control.clearFailures();
  await t.fake.control.goUp();
  await t.fake.control.releaseWebhooks();
});

const DAY = 24 * 60 * 60_000;
const HOLD_NOTE = 'Waiting for your resale certificate.';

const asAdmin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  send(t.app, method, url, admin, payload);

const patchStatus = (orderId: number, body: Record<string, unknown>) =>
  asAdmin('PATCH', `/api/admin/orders/${orderId}/status`, body);

async function statusOk(orderId: number, body: Record<string, unknown>) {
  const response = await patchStatus(orderId, body);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function setLimit(companyId: number, creditLimit: number | null) {
  const response = await asAdmin('PATCH', `/api/admin/companies/${companyId}`, { creditLimit });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A customer of a company of their own, signed in; on Net 30 unless `terms` is 'on_approval', with
 * `limit` dollars of credit (none when null).
 */
async function customerWith({ terms = 'net30', limit = null }: { terms?: string; limit?: number | null }) {
  const customer = await newCustomer(t.app, t.db);
  if (terms !== 'on_approval') {
    const set = await asAdmin('PATCH', `/api/admin/users/${customer.user.id}/payment-terms`, {
      paymentTerms: terms,
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  const companyId = customer.user.companyId!;
  expect(companyId).toBeTruthy();
  if (limit !== null) await setLimit(companyId, limit);
  return { ...customer, companyId };
}

/** An order of the company 12 days overdue (stored as approved on Net 30 long ago): every approval is held. */
const overduePayment = (userId: number, email: string) =>
  storeOrder(t.db, {
    userId,
    customerEmail: email,
    paymentTerms: 'net30',
    status: 'processing',
    approvedAt: new Date(Date.now() - 40 * DAY),
    paymentDueAt: new Date(Date.now() - 12 * DAY - 60_000),
    orderTotal: 5_000,
    standardTotal: 5_000,
  });

/** Submits one case of the 4 oz bottle and runs the jobs: the order has its draft. */
async function placedWithDraft(cookie: string) {
  const placed = await submitOrder(t.app, cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
  await processWebhooks(t);
  const row = await readOrder(t.db, placed.orderId);
  expect(row.shopifyDraftOrderGid, 'the order has its draft').not.toBeNull();
  return { orderId: placed.orderId, row, draftGid: row.shopifyDraftOrderGid! };
}

/** Runs the jobs and webhooks until none is due, as if minutes had passed (retries, put-back jobs). */
async function settle() {
  for (const minutes of [0, 1, 2, 5, 15, 30]) {
    await t.fake.control.webhooksSettled();
    await t.runJobs({ laterMs: minutes * 60_000 });
  }
  await processWebhooks(t);
}

/** The store's numeric id of a GID of `type` (null for anything else). */
const idOf = (value: unknown, type: string) => {
  const parts = typeof value === 'string' ? splitGid(value) : null;
  return parts?.type === type ? parts.id : null;
};

const draftOf = (draftGid: string) => t.fake.store.draftOrders.get(idOf(draftGid, 'DraftOrder') ?? 0);

const INVOICING = new Set([
  'SendDraftOrderInvoice',
  'CompleteDraftOrder',
  'CompleteDraftOrderOnTerms',
  'SendOrderInvoice',
]);

/**
 * The portal's calls that invoice the draft or the order it became: the draft's invoice, its completion
 * (plain or on terms), payment terms put on it, and the invoice of its Shopify order.
 */
function invoicingCalls(draftGid: string) {
  const shopifyOrderId = draftOf(draftGid)?.orderId ?? null;
  return calls.filter(({ operation, variables }) => {
    if (operation === 'UpdateDraftOrder') {
      const input = variables.input as { paymentTerms?: unknown } | undefined;
      return variables.id === draftGid && input?.paymentTerms !== undefined;
    }
    if (!INVOICING.has(operation)) return false;
    if (variables.id === draftGid) return true;
    return shopifyOrderId !== null && idOf(variables.id, 'Order') === shopifyOrderId;
  });
}

/** Nothing invoiced the draft: no call of the kind, and the store shows an open draft, no order, no e-mail. */
function expectNeverInvoiced(draftGid: string) {
  expect(invoicingCalls(draftGid).map((call) => call.operation)).toEqual([]);
  const draft = draftOf(draftGid);
  expect(draft, 'the draft is still in the store').toBeDefined();
  expect(draft).toMatchObject({ status: 'OPEN', orderId: null, paymentTerms: null, invoiceSentAt: null });
  const draftId = idOf(draftGid, 'DraftOrder');
  expect(t.fake.store.sentInvoices.filter((invoice) => invoice.draftOrderId === draftId)).toEqual([]);
}

/** Every approval e-mail of the order, to anyone. */
const approvalMails = async (orderId: number) =>
  (await outbox(t.db)).filter((mail) => mail.subject.includes(`${formatOrderNumber(orderId)} approved`));

const holdMails = async (orderId: number) =>
  (await outbox(t.db)).filter((mail) => mail.subject.includes(`${formatOrderNumber(orderId)} is on hold`));

/** The order as the buyer sees it: held, with no way to pay. */
async function expectBuyerSeesHold(cookie: string, orderId: number) {
  const shown = (await customerOrder(t.app, cookie, orderId)).order;
  expect(shown.status).toBe('on_hold');
  expect(shown.holdReason).toEqual(expect.any(String));
  expect(shown.invoiceUrl).toBeNull();
  expect(shown.paymentOverdue).toBe(false);
  expect(shown.paymentState).not.toBe('overdue');
  return shown;
}

const overByOf = (orderTotalCents: number, limitDollars: number) =>
  `$${((orderTotalCents - limitDollars * 100) / 100).toFixed(2)}`;

describe('an approval the credit check stops', () => {
  it('over the limit on Net 30: 409, and neither the refusal nor the hold sends anything to invoice', async () => {
    const { cookie, user } = await customerWith({ limit: 100 });
    const { orderId, row, draftGid } = await placedWithDraft(cookie);
    expect(row.orderTotal).toBeGreaterThan(100_00);
    const overBy = overByOf(row.orderTotal, 100);

    for (const status of ['processing', 'shipped', 'delivered']) {
      const stopped = await patchStatus(orderId, { status });
      expect(stopped.statusCode, status).toBe(409);
      expect(stopped.json()).toMatchObject({
        code: 'CREDIT_CHECK',
        details: { summary: `over the limit by ${overBy}` },
      });
    }
    await settle();
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      approvedAt: null,
    });
    expect(await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).toEqual([]);
    expectNeverInvoiced(draftGid);

    const held = await statusOk(orderId, { status: 'on_hold' });
    expect(held.json().order).toMatchObject({
      status: 'on_hold',
      holdReason: expect.stringContaining(overBy),
    });
    await settle();
    expectNeverInvoiced(draftGid);
    expect(await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).toEqual([]);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'on_hold',
      paymentStatus: 'unpaid',
      approvedAt: null,
      paymentDueAt: null,
      invoiceSentAt: null,
    });

    const shown = await expectBuyerSeesHold(cookie, orderId);
    expect(shown.holdReason).toBe(`This order would take your account over its credit limit by ${overBy}.`);
    expect(await approvalMails(orderId)).toEqual([]);
    const [holdMail] = await holdMails(orderId);
    expect(holdMail?.to).toBe(user.email);
    expect(holdMail?.text).not.toMatch(/Pay now|\/invoices\//);
  });

  it('overdue, paid on approval: no draftInvoiceSend for the held draft', async () => {
    const { cookie, user } = await customerWith({ terms: 'on_approval' });
    await overduePayment(user.id, user.email);
    const { orderId, draftGid } = await placedWithDraft(cookie);

    const stopped = await patchStatus(orderId, { status: 'processing' });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().details).toMatchObject({ overdueDays: 12, overBy: null });
    await statusOk(orderId, { status: 'on_hold' });
    await settle();

    expectNeverInvoiced(draftGid);
    expect((await expectBuyerSeesHold(cookie, orderId)).holdReason).toBe(
      'A payment on your account is 12 days overdue.',
    );
    expect(await approvalMails(orderId)).toEqual([]);
  });
});

describe('an invoice job queued before the hold', () => {
  it('approved within the limit, moved back before the job ran, then held: the job sends nothing', async () => {
    const { cookie, companyId } = await customerWith({ limit: 1_000 });
    const { orderId, row, draftGid } = await placedWithDraft(cookie);
    await statusOk(orderId, { status: 'processing' });
    await statusOk(orderId, { status: 'pending' });
    await setLimit(companyId, 100);
    const held = await statusOk(orderId, { status: 'on_hold' });
    expect(held.json().order.holdReason).toContain(overByOf(row.orderTotal, 100));
    const [queued] = await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId);
    expect(queued?.state, 'the approval queued its invoice job').toBe('pending');

    await settle();
    expectNeverInvoiced(draftGid);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'on_hold',
      paymentStatus: 'unpaid',
      invoiceSentAt: null,
      paymentDueAt: null,
    });
    expect((await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).map((job) => job.state)).toEqual([
      'done',
    ]);
    expect(await approvalMails(orderId)).toEqual([]);
    await expectBuyerSeesHold(cookie, orderId);
  });

  it('an invoice job queued for a held order (any payload) sends nothing and e-mails nothing', async () => {
    const { cookie } = await customerWith({ terms: 'on_approval' });
    const { orderId, draftGid } = await placedWithDraft(cookie);
    await statusOk(orderId, { status: 'on_hold', holdReason: HOLD_NOTE });

    const approvedAt = new Date();
    await t.db.transaction(async (tx) => {
      await enqueueDraftInvoice(tx, orderId, approvedAt, { owesApprovalEmail: true });
      await enqueueDraftInvoice(tx, orderId, new Date(approvedAt.getTime() + 1), {
        owesApprovalEmail: false,
      });
      // As a retry after a lost answer would run: the claim already taken.
      await enqueueJob(
        tx,
        jobToQueue(
          sendDraftInvoiceJob,
          { orderId, approvedAt: approvedAt.toISOString(), sendingDraft: draftGid },
          { dedupeKey: `test-held-invoice:${orderId}` },
        ),
      );
    });
    await settle();

    expectNeverInvoiced(draftGid);
    expect((await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).map((job) => job.state)).toEqual([
      'done',
      'done',
      'done',
    ]);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'on_hold',
      holdReason: HOLD_NOTE,
      paymentStatus: 'unpaid',
      approvedAt: null,
    });
    expect(await approvalMails(orderId)).toEqual([]);
    await expectBuyerSeesHold(cookie, orderId);
  });

  /**
   * An order of a customer with `customer`'s terms, with its draft, approved; staff move it back to pending
   * and on hold right after the invoice job's `operation` call to the store; the jobs then run to the end.
   */
  async function heldDuringInvoiceJob(customer: Parameters<typeof customerWith>[0], operation: string) {
    const { cookie } = await customerWith(customer);
    const { orderId, draftGid } = await placedWithDraft(cookie);
    await statusOk(orderId, { status: 'processing' });
    afterCall = {
      operation,
      run: async () => {
        await statusOk(orderId, { status: 'pending' });
        await statusOk(orderId, { status: 'on_hold', holdReason: HOLD_NOTE });
      },
    };
    await t.runJobs();
    expect(afterCall, 'the hook ran').toBeNull();
    await settle();
    return { cookie, orderId, draftGid };
  }

  it('held while the job reads the draft (paid on approval): no draftInvoiceSend', async () => {
    const { orderId, draftGid } = await heldDuringInvoiceJob({ terms: 'on_approval' }, 'GetDraftOrder');

    expectNeverInvoiced(draftGid);
    expect(await readOrder(t.db, orderId)).toMatchObject({ status: 'on_hold', paymentStatus: 'unpaid' });
    expect(await approvalMails(orderId)).toEqual([]);
  });

  it('held while the job reads the draft (Net 30): the draft is not completed on terms', async () => {
    const { orderId, draftGid } = await heldDuringInvoiceJob({}, 'GetDraftOrder');

    expectNeverInvoiced(draftGid);
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'on_hold',
      paymentStatus: 'unpaid',
      paymentDueAt: null,
    });
    expect(await approvalMails(orderId)).toEqual([]);
  });

  /*
   * On net terms the invoice job makes several calls after its claim (templates, terms on the draft,
   * completion, the schedule) before orderInvoiceSend: staff moving the order back and on hold meanwhile
   * (here: right after the completion was answered) must still stop the invoice — the job checks the order
   * again, under its lock, as it writes the claim of the order invoice.
   */
  it('held while the job completes the draft on terms: no order invoice goes out', async () => {
    const { cookie, orderId, draftGid } = await heldDuringInvoiceJob({}, 'CompleteDraftOrderOnTerms');

    const shopifyOrderId = draftOf(draftGid)?.orderId ?? null;
    expect
      .soft(
        t.fake.store.sentOrderInvoices.filter((invoice) => invoice.orderId === shopifyOrderId),
        'orderInvoiceSend for the held order',
      )
      .toEqual([]);
    const row = await readOrder(t.db, orderId);
    expect.soft(row.status).toBe('on_hold');
    expect.soft(row.paymentStatus, 'payment status of the held order').toBe('unpaid');
    expect.soft(row.paymentDueAt, 'due date on the held order').toBeNull();
    expect.soft(row.invoiceSentAt, 'invoice recorded on the held order').toBeNull();
    expect.soft(await approvalMails(orderId), 'approval e-mail').toEqual([]);
    const shown = (await customerOrder(t.app, cookie, orderId)).order;
    expect.soft(shown.invoiceUrl, 'Pay link').toBeNull();
  });
});

describe("'Send to Shopify again' on a held order", () => {
  it('makes the missing draft and never invoices it; with a draft it sends nothing at all', async () => {
    const { cookie } = await customerWith({ limit: 100 });
    const placed = await submitOrder(t.app, cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    const orderId = placed.orderId;
    // The create job gave up before the draft was made: staff see 'failed'.
    await t.db
      .update(jobs)
      .set({ state: 'failed' })
      .where(eq(jobs.dedupeKey, `shopify-draft:${orderId}`));
    await t.db.update(orders).set({ shopifySyncStatus: 'failed' }).where(eq(orders.id, orderId));
    expect((await patchStatus(orderId, { status: 'processing' })).statusCode).toBe(409);
    await statusOk(orderId, { status: 'on_hold' });

    const again = await retryShopifySync(t.app, admin, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ changed: true, order: { status: 'on_hold' } });
    await settle();

    const row = await readOrder(t.db, orderId);
    expect(row).toMatchObject({
      status: 'on_hold',
      shopifySyncStatus: 'synced',
      paymentStatus: 'unpaid',
      approvedAt: null,
    });
    const draftGid = row.shopifyDraftOrderGid!;
    expect(draftGid).toMatch(/^gid:\/\/shopify\/DraftOrder\//);
    expectNeverInvoiced(draftGid);
    expect(await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).toEqual([]);

    // With its draft: nothing to make, nothing sent.
    const callsBefore = calls.length;
    const once = await retryShopifySync(t.app, admin, orderId);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ changed: false, order: { status: 'on_hold' } });
    await settle();
    expect(
      calls
        .slice(callsBefore)
        .filter((call) => call.variables.id === draftGid && call.operation !== 'GetDraftOrder'),
    ).toEqual([]);
    expectNeverInvoiced(draftGid);
    expect((await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, orderId)).length).toBe(2);
    expect(await approvalMails(orderId)).toEqual([]);
    await expectBuyerSeesHold(cookie, orderId);
  });
});

describe("Shopify's own invoice of a held order's draft", () => {
  it('is recorded from the draft_orders/update webhook without approving the order', async () => {
    const { cookie } = await customerWith({ limit: 100 });
    const { orderId, draftGid } = await placedWithDraft(cookie);
    await statusOk(orderId, { status: 'on_hold' });
    const before = await readOrder(t.db, orderId);

    // Staff send the invoice from Shopify's own admin.
    const sent = await t.shopify.api.sendDraftOrderInvoice(draftGid);
    expect(sent.ok).toBe(true);
    await processWebhooks(t);
    await settle();

    const row = await readOrder(t.db, orderId);
    expect(row).toMatchObject({
      status: 'on_hold',
      holdReason: before.holdReason,
      paymentStatus: 'invoice_sent',
      approvedAt: null,
      paymentDueAt: null,
    });
    expect(row.invoiceSentAt).toBeInstanceOf(Date);
    // Only Shopify's own invoice: the portal sent none, completed nothing, queued no invoice job.
    expect(invoicingCalls(draftGid).map((call) => call.operation)).toEqual(['SendDraftOrderInvoice']);
    expect(
      t.fake.store.sentInvoices.filter((i) => i.draftOrderId === idOf(draftGid, 'DraftOrder')),
    ).toHaveLength(1);
    expect(await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).toEqual([]);
    expect(await approvalMails(orderId)).toEqual([]);
    expect(t.sentMail.filter((mail) => mail.includes(`${formatOrderNumber(orderId)} approved`))).toEqual([]);
    await expectBuyerSeesHold(cookie, orderId);
    // Still held: approving it still passes the credit check first.
    expect((await patchStatus(orderId, { status: 'processing' })).statusCode).toBe(409);
  });

  it("is recorded by the read-back ('Check Shopify now') without approving the order", async () => {
    const { cookie, user } = await customerWith({ terms: 'on_approval' });
    await overduePayment(user.id, user.email);
    const { orderId, draftGid } = await placedWithDraft(cookie);
    await statusOk(orderId, { status: 'on_hold' });

    t.fake.control.holdWebhooks();
    const sent = await t.shopify.api.sendDraftOrderInvoice(draftGid);
    expect(sent.ok).toBe(true);
    const check = await asAdmin('POST', '/api/admin/shopify/reconcile');
    expect(check.statusCode, check.body).toBe(200);

    const read = await readOrder(t.db, orderId);
    expect(read).toMatchObject({ status: 'on_hold', paymentStatus: 'invoice_sent', approvedAt: null });
    expect(read.invoiceSentAt).toBeInstanceOf(Date);

    // The webhook arriving afterwards changes nothing more.
    await t.fake.control.releaseWebhooks();
    await processWebhooks(t);
    await settle();
    expect(await readOrder(t.db, orderId)).toMatchObject({
      status: 'on_hold',
      paymentStatus: 'invoice_sent',
      approvedAt: null,
      paymentDueAt: null,
    });
    expect(invoicingCalls(draftGid).map((call) => call.operation)).toEqual(['SendDraftOrderInvoice']);
    expect(await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).toEqual([]);
    expect(await approvalMails(orderId)).toEqual([]);
    await expectBuyerSeesHold(cookie, orderId);
  });
});

describe('a prepared order approved on confirmation, for a company over its limit', () => {
  it('goes on hold with its reason when the buyer confirms, and no invoice goes out', async () => {
    const { user, cookie } = await customerWith({ limit: 100 });
    const prepared = await asAdmin('POST', '/api/admin/orders', {
      userId: user.id,
      items: [{ productId: FOUR_OZ, quantity: 24 }],
      approveOnConfirm: true,
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const { orderId } = prepared.json<{ orderId: number }>();

    const confirmed = await send(t.app, 'POST', `/api/orders/${orderId}/confirm`, cookie, { version: 1 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const total = (await readOrder(t.db, orderId)).orderTotal;
    expect(confirmed.json().order).toMatchObject({
      status: 'on_hold',
      approvedAt: null,
      holdReason: `This order would take your account over its credit limit by ${overByOf(total, 100)}.`,
    });
    await settle();

    const row = await readOrder(t.db, orderId);
    expect(row).toMatchObject({
      status: 'on_hold',
      paymentStatus: 'unpaid',
      approvedAt: null,
      paymentDueAt: null,
      shopifySyncStatus: 'synced',
    });
    expectNeverInvoiced(row.shopifyDraftOrderGid!);
    expect(await jobsOfOrder(t.db, SEND_DRAFT_INVOICE_JOB, orderId)).toEqual([]);
    expect(await approvalMails(orderId)).toEqual([]);
    expect(await holdMails(orderId)).not.toEqual([]);
    await expectBuyerSeesHold(cookie, orderId);
  });
});

describe('the same orders with the credit problem answered (the invoice does go out)', () => {
  it("'Approve anyway' with a reason on Net 30: completed on terms, Shopify's order invoice sent once", async () => {
    const { cookie } = await customerWith({ limit: 100 });
    const { orderId, draftGid } = await placedWithDraft(cookie);
    expect((await patchStatus(orderId, { status: 'processing' })).statusCode).toBe(409);
    await statusOk(orderId, { status: 'processing', override: { reason: 'Paying by wire on Friday' } });
    await settle();

    const row = await readOrder(t.db, orderId);
    expect(row).toMatchObject({ status: 'processing', paymentStatus: 'invoice_sent' });
    expect(invoicingCalls(draftGid).map((call) => call.operation)).toEqual([
      'UpdateDraftOrder',
      'CompleteDraftOrderOnTerms',
      'SendOrderInvoice',
    ]);
    const shopifyOrderId = idOf(row.shopifyOrderGid, 'Order');
    expect(t.fake.store.sentOrderInvoices.filter((i) => i.orderId === shopifyOrderId)).toHaveLength(1);
    expect((await customerOrder(t.app, cookie, orderId)).order.invoiceUrl).toBe(row.shopifyCheckoutUrl);
    const [mail, ...more] = await approvalMails(orderId);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`Pay now: ${row.shopifyCheckoutUrl}`);
  });

  it("a held order approved anyway (paid on approval, overdue): the draft's invoice goes out once", async () => {
    const { cookie, user } = await customerWith({ terms: 'on_approval' });
    await overduePayment(user.id, user.email);
    const { orderId, draftGid } = await placedWithDraft(cookie);
    await statusOk(orderId, { status: 'on_hold' });
    await settle();
    expectNeverInvoiced(draftGid);

    await statusOk(orderId, { status: 'processing', override: { reason: 'Known customer' } });
    await settle();
    expect(invoicingCalls(draftGid).map((call) => call.operation)).toEqual(['SendDraftOrderInvoice']);
    expect(draftOf(draftGid)?.status).toBe('INVOICE_SENT');
    const row = await readOrder(t.db, orderId);
    expect(row).toMatchObject({ status: 'processing', paymentStatus: 'invoice_sent' });
    expect(await approvalMails(orderId)).toHaveLength(1);
  });

  it('a held order released by a payment in Shopify is approved and invoiced once', async () => {
    const { cookie } = await customerWith({ limit: 200 });
    const first = await placedWithDraft(cookie);
    await statusOk(first.orderId, { status: 'processing' });
    await settle();
    const owed = await readOrder(t.db, first.orderId);
    expect(owed.paymentStatus).toBe('invoice_sent');

    const second = await placedWithDraft(cookie);
    expect((await patchStatus(second.orderId, { status: 'processing' })).statusCode).toBe(409);
    await statusOk(second.orderId, { status: 'on_hold' });
    await settle();
    expectNeverInvoiced(second.draftGid);

    t.fake.control.payOrder(owed.shopifyOrderGid!);
    await processWebhooks(t);
    expect(await readOrder(t.db, second.orderId)).toMatchObject({ status: 'pending', holdReason: null });
    expectNeverInvoiced(second.draftGid);

    await statusOk(second.orderId, { status: 'processing' });
    await settle();
    expect(invoicingCalls(second.draftGid).map((call) => call.operation)).toEqual([
      'UpdateDraftOrder',
      'CompleteDraftOrderOnTerms',
      'SendOrderInvoice',
    ]);
    expect(await readOrder(t.db, second.orderId)).toMatchObject({
      status: 'processing',
      paymentStatus: 'invoice_sent',
    });
  });

  it('a prepared order approved on confirmation within the limit is approved and invoiced', async () => {
    const { user, cookie } = await customerWith({ limit: 10_000 });
    const prepared = await asAdmin('POST', '/api/admin/orders', {
      userId: user.id,
      items: [{ productId: FOUR_OZ, quantity: 24 }],
      approveOnConfirm: true,
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const { orderId } = prepared.json<{ orderId: number }>();
    const confirmed = await send(t.app, 'POST', `/api/orders/${orderId}/confirm`, cookie, { version: 1 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().order).toMatchObject({ status: 'processing', holdReason: null });
    await settle();
    const row = await readOrder(t.db, orderId);
    expect(row).toMatchObject({ status: 'processing', paymentStatus: 'invoice_sent' });
    expect(invoicingCalls(row.shopifyDraftOrderGid!).map((call) => call.operation)).toContain(
      'SendOrderInvoice',
    );
  });
});
