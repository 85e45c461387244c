import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOPIFY_DOCUMENTS } from '../../src/server/integrations/shopify/documents';
import { startFakeShopify, type FakeShopify } from './fake-shopify';
import { at, queryData, startWebhookReceiver } from './fake-store-test-support';
import { DEFAULT_WEBHOOK_TOPICS } from './webhooks';

/*
 * Payment terms in the fake store (issue 20 §2, docs/shopify.md#the-fake-store): the templates, terms on
 * drafts checked as Shopify checks them, completion as payment pending, the order status page that takes
 * the payment, orderInvoiceSend, paymentReminderSend, and the control routes tests use.
 */

let fake: FakeShopify;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let variantId: string;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  fake = await startFakeShopify({
    now: () => Date.parse('2026-11-22T15:30:00Z'),
    invoiceBaseUrl: 'self',
    webhookUrl: receiver.url,
    webhookTopics: [...DEFAULT_WEBHOOK_TOPICS, 'orders/create', 'orders/updated'],
    webhookRetryDelayMs: 1,
  });
  variantId = fake.control.seedProducts([{ title: 'Mist', variants: [{ sku: 'M-1', price: '26.00' }] }])[0]!
    .variants[0]!.id;
});
afterEach(async () => {
  await fake.close();
  await receiver.close();
});

const NET_30 = 'gid://shopify/PaymentTermsTemplate/4';
const ISSUED_AT = '2026-11-22T15:30:00Z';

const TERMS_SELECTION = `paymentTerms {
  id paymentTermsName paymentTermsType translatedName dueInDays due overdue
  paymentSchedules(first: 5) { nodes { id issuedAt dueAt completedAt due
    balanceDue { amount currencyCode } totalBalance { amount currencyCode } } }
}`;

async function createDraft(paymentTerms?: unknown) {
  const data = await queryData(
    fake,
    `mutation($input: DraftOrderInput!) { draftOrderCreate(input: $input) {
       draftOrder { id amountDueNowSet { shopMoney { amount } } amountDueLaterSet { shopMoney { amount } }
         ${TERMS_SELECTION} }
       userErrors { field message } } }`,
    { input: { email: 'buyer@example.com', lineItems: [{ variantId, quantity: 2 }], paymentTerms } },
  );
  return at(data, 'draftOrderCreate');
}

async function updateTerms(draftId: string, paymentTerms: unknown) {
  const data = await queryData(
    fake,
    `mutation($id: ID!, $input: DraftOrderInput!) { draftOrderUpdate(id: $id, input: $input) {
       draftOrder { id ${TERMS_SELECTION} } userErrors { field message } } }`,
    { id: draftId, input: { paymentTerms } },
  );
  return at(data, 'draftOrderUpdate');
}

/** A draft on Net 30 completed by staff: the order is payment pending. */
async function orderOnTerms() {
  const draftId = String(
    at(
      await createDraft({ paymentTermsTemplateId: NET_30, paymentSchedules: [{ issuedAt: ISSUED_AT }] }),
      'draftOrder',
      'id',
    ),
  );
  const data = await queryData(fake, SHOPIFY_DOCUMENTS.CompleteDraftOrderOnTerms, { id: draftId });
  const orderId = String(at(data, 'draftOrderComplete', 'draftOrder', 'order', 'id'));
  return {
    draftId,
    orderId,
    statusPageUrl: String(at(data, 'draftOrderComplete', 'draftOrder', 'order', 'statusPageUrl')),
  };
}

async function orderTerms(orderId: string) {
  const data = await queryData(
    fake,
    `query($id: ID!) { order(id: $id) { displayFinancialStatus fullyPaid
       totalOutstandingSet { shopMoney { amount } } ${TERMS_SELECTION} } }`,
    { id: orderId },
  );
  return at(data, 'order');
}

async function control(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('paymentTermsTemplates', () => {
  it("lists Shopify's standard templates, filtered by type", async () => {
    const data = await queryData(
      fake,
      `{ all: paymentTermsTemplates { id name description translatedName paymentTermsType dueInDays }
         net: paymentTermsTemplates(paymentTermsType: NET) { name }
         fixed: paymentTermsTemplates(paymentTermsType: FIXED) { id description } }`,
    );
    expect(at(data, 'all', 0)).toEqual({
      id: 'gid://shopify/PaymentTermsTemplate/1',
      name: 'Due on receipt',
      description: 'Due on receipt',
      translatedName: 'Due on receipt',
      paymentTermsType: 'RECEIPT',
      dueInDays: null,
    });
    expect(at(data, 'all', 4)).toMatchObject({
      id: NET_30,
      name: 'Net 30',
      description: 'Within 30 days',
      dueInDays: 30,
    });
    expect((at(data, 'all') as unknown[]).map((template) => at(template, 'paymentTermsType'))).toEqual([
      'RECEIPT',
      'FULFILLMENT',
      'NET',
      'NET',
      'NET',
      'NET',
      'NET',
      'NET',
      'FIXED',
    ]);
    expect((at(data, 'net') as unknown[]).map((template) => at(template, 'name'))).toEqual([
      'Net 7',
      'Net 15',
      'Net 30',
      'Net 45',
      'Net 60',
      'Net 90',
    ]);
    expect(at(data, 'fixed')).toEqual([
      { id: 'gid://shopify/PaymentTermsTemplate/7', description: 'Fixed date' },
    ]);
  });

  it('removes and restores templates through POST /__fake/payment-terms-templates', async () => {
    const removed = await control('POST', '/__fake/payment-terms-templates', { remove: ['Net 15', 'Fixed'] });
    expect(removed.status).toBe(200);
    const names = (json: Record<string, unknown>) =>
      (json.paymentTermsTemplates as { name: string }[]).map((template) => template.name);
    expect(names(removed.json)).toEqual([
      'Due on receipt',
      'Due on fulfillment',
      'Net 7',
      'Net 30',
      'Net 45',
      'Net 60',
      'Net 90',
    ]);
    const net = await queryData(fake, SHOPIFY_DOCUMENTS.PaymentTermsTemplates);
    expect(
      (at(net, 'paymentTermsTemplates') as unknown[]).map((template) => at(template, 'dueInDays')),
    ).toEqual([7, 30, 45, 60, 90]);
    // A removed template is unknown to drafts too.
    expect(
      at(
        await createDraft({
          paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/3',
          paymentSchedules: [{ issuedAt: ISSUED_AT }],
        }),
        'userErrors',
      ),
    ).toEqual([
      {
        field: ['paymentTerms', 'paymentTermsTemplateId'],
        message: 'Could not find payment terms template.',
      },
    ]);

    const restored = await control('POST', '/__fake/payment-terms-templates', {
      restore: ['gid://shopify/PaymentTermsTemplate/3'],
    });
    expect(names(restored.json)).toContain('Net 15');
    expect(names(restored.json)).not.toContain('Fixed');
    await control('POST', '/__fake/payment-terms-templates', { restore: 'all' });
    expect(names((await control('GET', '/__fake/payment-terms-templates')).json)).toHaveLength(9);

    expect((await control('POST', '/__fake/payment-terms-templates', { remove: ['Net 12'] })).status).toBe(
      409,
    );
    expect((await control('POST', '/__fake/payment-terms-templates', { drop: ['Net 15'] })).status).toBe(400);
  });
});

describe('DraftOrderInput.paymentTerms', () => {
  it('stores NET terms with one schedule due dueInDays after issue; nothing is due now on the draft', async () => {
    const payload = await createDraft({
      paymentTermsTemplateId: NET_30,
      paymentSchedules: [{ issuedAt: '2026-11-22T15:30:00-05:00' }],
    });
    expect(at(payload, 'userErrors')).toEqual([]);
    expect(at(payload, 'draftOrder')).toMatchObject({
      amountDueNowSet: { shopMoney: { amount: '0.0' } },
      amountDueLaterSet: { shopMoney: { amount: '52.0' } },
      paymentTerms: {
        id: expect.stringMatching(/^gid:\/\/shopify\/PaymentTerms\/\d+$/),
        paymentTermsName: 'Net 30',
        paymentTermsType: 'NET',
        translatedName: 'Net 30',
        dueInDays: 30,
        due: false,
        overdue: false,
        paymentSchedules: {
          nodes: [
            {
              id: expect.stringMatching(/^gid:\/\/shopify\/PaymentSchedule\/\d+$/),
              issuedAt: '2026-11-22T20:30:00Z',
              dueAt: '2026-12-22T20:30:00Z',
              completedAt: null,
              due: false,
              balanceDue: { amount: '52.0', currencyCode: 'USD' },
              totalBalance: { amount: '52.0', currencyCode: 'USD' },
            },
          ],
        },
      },
    });
  });

  it('refuses terms Shopify refuses, with the field under paymentTerms', async () => {
    const refused = async (paymentTerms: unknown) => at(await createDraft(paymentTerms), 'userErrors');
    const schedules = (message: string) => [{ field: ['paymentTerms', 'paymentSchedules'], message }];
    expect(
      await refused({
        paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/99',
        paymentSchedules: [{ issuedAt: ISSUED_AT }],
      }),
    ).toEqual([
      {
        field: ['paymentTerms', 'paymentTermsTemplateId'],
        message: 'Could not find payment terms template.',
      },
    ]);
    expect(await refused({ paymentSchedules: [{ issuedAt: ISSUED_AT }] })).toEqual([
      { field: ['paymentTerms', 'paymentTermsTemplateId'], message: 'Payment terms template is required.' },
    ]);
    expect(await refused({ paymentTermsTemplateId: NET_30 })).toEqual(
      schedules('A due date is required with fixed or net payment terms.'),
    );
    expect(
      await refused({ paymentTermsTemplateId: NET_30, paymentSchedules: [{ dueAt: ISSUED_AT }] }),
    ).toEqual(schedules('A due date is required with fixed or net payment terms.'));
    expect(
      await refused({
        paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/7',
        paymentSchedules: [{ issuedAt: ISSUED_AT }],
      }),
    ).toEqual(schedules('A due date is required with fixed or net payment terms.'));
    expect(
      await refused({
        paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/1',
        paymentSchedules: [{ dueAt: ISSUED_AT }],
      }),
    ).toEqual(schedules('A due date cannot be set with event payment terms.'));
    expect(
      await refused({
        paymentTermsTemplateId: NET_30,
        paymentSchedules: [{ issuedAt: ISSUED_AT }, { issuedAt: ISSUED_AT }],
      }),
    ).toEqual(schedules('Cannot create payment terms with multiple payment schedules.'));
    expect(fake.store.draftOrders.size).toBe(0);
  });

  it('takes FIXED terms with their due date, event terms without a schedule; null clears the terms', async () => {
    const fixed = await createDraft({
      paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/7',
      paymentSchedules: [{ dueAt: '2027-01-15T00:00:00Z' }],
    });
    expect(at(fixed, 'draftOrder', 'paymentTerms')).toMatchObject({
      paymentTermsType: 'FIXED',
      dueInDays: null,
      paymentSchedules: { nodes: [{ issuedAt: null, dueAt: '2027-01-15T00:00:00Z' }] },
    });
    const draftId = String(at(fixed, 'draftOrder', 'id'));
    const termsId = at(fixed, 'draftOrder', 'paymentTerms', 'id');

    const onReceipt = await updateTerms(draftId, {
      paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/1',
      paymentSchedules: [{ issuedAt: ISSUED_AT }],
    });
    expect(at(onReceipt, 'draftOrder', 'paymentTerms')).toMatchObject({
      id: termsId,
      paymentTermsName: 'Due on receipt',
      paymentTermsType: 'RECEIPT',
      paymentSchedules: { nodes: [] },
    });
    expect(at(await updateTerms(draftId, null), 'draftOrder', 'paymentTerms')).toBeNull();
  });

  it('sends payment_terms in draft_orders/update like Shopify’s example', async () => {
    const draftId = String(at(await createDraft(), 'draftOrder', 'id'));
    await updateTerms(draftId, {
      paymentTermsTemplateId: NET_30,
      paymentSchedules: [{ issuedAt: ISSUED_AT }],
    });
    await fake.control.webhooksSettled();
    const update = receiver.received.filter((webhook) => webhook.topic === 'draft_orders/update').at(-1);
    expect(update?.json.payment_terms).toMatchObject({
      payment_terms_name: 'Net 30',
      payment_terms_type: 'net',
      due_in_days: 30,
      payment_schedules: [
        {
          reference_id: Number(draftId.split('/').at(-1)),
          reference_type: 'DraftOrder',
          issued_at: '2026-11-22T10:30:00-05:00',
          due_at: '2026-12-22T10:30:00-05:00',
          completed_at: null,
          amount: '52.00',
          balance_due: '52.00',
          currency: 'USD',
        },
      ],
      can_pay_early: true,
    });
  });
});

describe('draftOrderComplete on terms', () => {
  it('creates a payment pending order that carries the terms; no orders/paid', async () => {
    const { draftId, orderId, statusPageUrl } = await orderOnTerms();
    expect(statusPageUrl).toBe(
      `${fake.url}/548380009/orders/${Number(orderId.split('/').at(-1)).toString(16)}/authenticate`,
    );
    expect(await orderTerms(orderId)).toMatchObject({
      displayFinancialStatus: 'PENDING',
      fullyPaid: false,
      totalOutstandingSet: { shopMoney: { amount: '52.0' } },
      paymentTerms: {
        paymentTermsName: 'Net 30',
        paymentSchedules: {
          nodes: [{ issuedAt: ISSUED_AT, dueAt: '2026-12-22T15:30:00Z', completedAt: null }],
        },
      },
    });
    const draft = await queryData(
      fake,
      `query($id: ID!) { draftOrder(id: $id) { status paymentTerms { paymentTermsName } } }`,
      { id: draftId },
    );
    expect(at(draft, 'draftOrder')).toEqual({
      status: 'COMPLETED',
      paymentTerms: { paymentTermsName: 'Net 30' },
    });
    // Updating the completed draft (its terms too) is refused as before.
    expect(at(await updateTerms(draftId, null), 'userErrors')).toEqual([
      { field: ['id'], message: 'Draft order has been completed and can no longer be modified' },
    ]);

    await fake.control.webhooksSettled();
    expect(receiver.topics()).not.toContain('orders/paid');
    const created = receiver.received.find((webhook) => webhook.topic === 'orders/create')?.json;
    expect(created).toMatchObject({
      financial_status: 'pending',
      total_outstanding: '52.00',
      payment_gateway_names: [],
      payment_terms: {
        payment_terms_name: 'Net 30',
        payment_schedules: [
          { reference_type: 'Order', due_at: '2026-12-22T10:30:00-05:00', balance_due: '52.00' },
        ],
      },
    });
  });

  it('stays paid without terms, and with a gateway even on terms', async () => {
    const plain = String(at(await createDraft(), 'draftOrder', 'id'));
    const withGateway = String(
      at(
        await createDraft({ paymentTermsTemplateId: NET_30, paymentSchedules: [{ issuedAt: ISSUED_AT }] }),
        'draftOrder',
        'id',
      ),
    );
    const complete = (id: string, gateway?: string) =>
      queryData(
        fake,
        `mutation($id: ID!, $gateway: ID) { draftOrderComplete(id: $id, paymentGatewayId: $gateway) {
           draftOrder { order { displayFinancialStatus paymentTerms { paymentSchedules(first: 1) { nodes { completedAt } } } } } } }`,
        { id, gateway },
      );
    expect(at(await complete(plain), 'draftOrderComplete', 'draftOrder', 'order')).toEqual({
      displayFinancialStatus: 'PAID',
      paymentTerms: null,
    });
    expect(
      at(
        await complete(withGateway, 'gid://shopify/PaymentGateway/1'),
        'draftOrderComplete',
        'draftOrder',
        'order',
      ),
    ).toEqual({
      displayFinancialStatus: 'PAID',
      paymentTerms: { paymentSchedules: { nodes: [{ completedAt: ISSUED_AT }] } },
    });
  });
});

describe('paying an order on terms', () => {
  it('takes the payment on the status page: PAID, schedule completed, orders/paid then orders/updated', async () => {
    const { orderId, statusPageUrl } = await orderOnTerms();
    const page = await (await fetch(statusPageUrl)).text();
    expect(page).toContain(`<h1>Order #1001</h1>`);
    expect(page).toContain('Payment terms: Net 30, due December 22, 2026');
    expect(page).toContain('Pay now');

    const paid = await fetch(`${statusPageUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(new URL(statusPageUrl).pathname);
    expect(await (await fetch(statusPageUrl)).text()).toContain('Thank you for your payment!');

    expect(await orderTerms(orderId)).toMatchObject({
      displayFinancialStatus: 'PAID',
      fullyPaid: true,
      totalOutstandingSet: { shopMoney: { amount: '0.0' } },
      paymentTerms: {
        due: false,
        overdue: false,
        paymentSchedules: { nodes: [{ completedAt: ISSUED_AT, due: false, balanceDue: { amount: '0.0' } }] },
      },
    });
    await fake.control.webhooksSettled();
    const after = receiver.topics().slice(receiver.topics().indexOf('orders/create') + 1);
    expect(after).toEqual(['draft_orders/update', 'orders/paid', 'orders/updated']);
    const ordersPaid = receiver.received.find((webhook) => webhook.topic === 'orders/paid')?.json;
    expect(ordersPaid).toMatchObject({
      admin_graphql_api_id: orderId,
      financial_status: 'paid',
      total_outstanding: '0.00',
      payment_gateway_names: ['bogus'],
      payment_terms: {
        payment_schedules: [{ completed_at: '2026-11-22T10:30:00-05:00', balance_due: '0.00' }],
      },
    });

    // A second payment is not taken.
    expect((await fetch(`${statusPageUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect((await control('POST', '/__fake/orders/pay', { id: orderId })).status).toBe(409);
  });

  it('pays through POST /__fake/orders/pay too', async () => {
    const { orderId } = await orderOnTerms();
    expect((await control('POST', '/__fake/orders/pay', { id: orderId })).json).toEqual({
      orderId,
      orderName: '#1001',
      financialStatus: 'PAID',
    });
  });
});

describe('orderInvoiceSend and paymentReminderSend', () => {
  const sendInvoice = async (id: string, email?: unknown) =>
    at(
      await queryData(
        fake,
        `mutation($id: ID!, $email: EmailInput) { orderInvoiceSend(id: $id, email: $email) {
           order { id } userErrors { field message code } } }`,
        { id, email },
      ),
      'orderInvoiceSend',
    );
  const sendReminder = async (id: string) =>
    at(await queryData(fake, SHOPIFY_DOCUMENTS.SendPaymentReminder, { id }), 'paymentReminderSend');
  const refusal = (message: string, code: string) => [{ field: null, message, code }];

  it('records invoices, listed by GET /__fake/order-invoices; refuses what Shopify refuses', async () => {
    const { orderId, statusPageUrl } = await orderOnTerms();
    expect(await sendInvoice(orderId)).toEqual({ order: { id: orderId }, userErrors: [] });
    expect(await sendInvoice(orderId, { to: 'ap@example.com', customMessage: 'Net 30' })).toEqual({
      order: { id: orderId },
      userErrors: [],
    });
    expect(await sendInvoice(orderId, { to: 'not an address' })).toEqual({
      order: null,
      userErrors: refusal('To is invalid', 'ORDER_INVOICE_SEND_UNSUCCESSFUL'),
    });
    expect(await sendInvoice('gid://shopify/Order/1')).toEqual({
      order: null,
      userErrors: refusal('Order does not exist', 'ORDER_INVOICE_SEND_UNSUCCESSFUL'),
    });
    const listed = await control('GET', '/__fake/order-invoices');
    expect(listed.json.orderInvoices).toEqual([
      {
        orderId,
        orderName: '#1001',
        to: 'buyer@example.com',
        from: null,
        subject: 'Invoice #1001',
        customMessage: null,
        bcc: [],
        statusPageUrl,
        sentAt: ISSUED_AT,
      },
      expect.objectContaining({ to: 'ap@example.com', customMessage: 'Net 30' }),
    ]);
    expect((await control('GET', '/__fake/state')).json.sentOrderInvoices).toEqual(listed.json.orderInvoices);
  });

  it('sends a reminder once the schedule is overdue (POST /__fake/clock), at most once a day', async () => {
    const { orderId } = await orderOnTerms();
    const terms = await orderTerms(orderId);
    const scheduleId = String(at(terms, 'paymentTerms', 'paymentSchedules', 'nodes', 0, 'id'));
    const couldNot = refusal('Payment reminder could not be sent', 'PAYMENT_REMINDER_SEND_UNSUCCESSFUL');
    expect(await sendReminder(scheduleId)).toEqual({ success: null, userErrors: couldNot });

    const moved = await control('POST', '/__fake/clock', { advanceDays: 30 });
    expect(moved.json).toEqual({ now: '2026-12-22T15:30:00Z', offsetMs: 30 * 86_400_000 });
    expect(at(await orderTerms(orderId), 'paymentTerms')).toMatchObject({ due: true, overdue: true });
    expect(await sendReminder(scheduleId)).toEqual({ success: true, userErrors: [] });
    expect(await sendReminder(scheduleId)).toEqual({
      success: null,
      userErrors: refusal(
        'You cannot send more than 1 payment reminders for the same order in a 24hour period',
        'PAYMENT_REMINDER_SEND_UNSUCCESSFUL',
      ),
    });
    await control('POST', '/__fake/clock', { advanceMs: 86_400_000 });
    expect(await sendReminder(scheduleId)).toEqual({ success: true, userErrors: [] });
    expect((await control('GET', '/__fake/payment-reminders')).json.paymentReminders).toEqual([
      {
        paymentScheduleId: scheduleId,
        orderId,
        orderName: '#1001',
        to: 'buyer@example.com',
        sentAt: '2026-12-22T15:30:00Z',
      },
      expect.objectContaining({ sentAt: '2026-12-23T15:30:00Z' }),
    ]);

    fake.control.payOrder(orderId);
    expect(await sendReminder(scheduleId)).toEqual({
      success: null,
      userErrors: refusal('Payment schedule is already completed', 'PAYMENT_REMINDER_SEND_UNSUCCESSFUL'),
    });
    expect(await sendReminder('gid://shopify/PaymentSchedule/1')).toEqual({
      success: null,
      userErrors: refusal('Payment schedule does not exist', 'PAYMENT_REMINDER_SEND_UNSUCCESSFUL'),
    });

    expect((await control('POST', '/__fake/clock', { at: '2026-11-25T00:00:00Z' })).json.now).toBe(
      '2026-11-25T00:00:00Z',
    );
    expect((await control('POST', '/__fake/clock', { reset: true })).json).toEqual({
      now: ISSUED_AT,
      offsetMs: 0,
    });
    expect((await control('POST', '/__fake/clock', { advanceDays: 1, reset: true })).status).toBe(400);
  });

  it('refuses a reminder for a draft’s schedule', async () => {
    const payload = await createDraft({
      paymentTermsTemplateId: NET_30,
      paymentSchedules: [{ issuedAt: '2026-01-01T00:00:00Z' }],
    });
    const scheduleId = String(
      at(payload, 'draftOrder', 'paymentTerms', 'paymentSchedules', 'nodes', 0, 'id'),
    );
    expect(await sendReminder(scheduleId)).toEqual({
      success: null,
      userErrors: refusal('Payment schedule is not for an Order', 'PAYMENT_REMINDER_SEND_UNSUCCESSFUL'),
    });
  });
});
