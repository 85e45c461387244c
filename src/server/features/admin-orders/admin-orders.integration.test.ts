import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderItemsResponseSchema,
  adminOrderListResponseSchema,
  updateOrderStatusResponseSchema,
} from '../../../shared/schemas/admin-orders';
import { errorBodySchema } from '../../../shared/schemas/errors';
import { createTestApp, sameOrigin, type TestApp } from '../../test/test-app';
import { parseCsv } from './admin-orders-test-support';
import { createUser, uniqueEmail } from '../../test/factories/users';
import { mailsTo, outbox } from '../../test/outbox';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { auditRowsOf } from '../../test/factories/audit';
import { readOrder, storeOrder, uniqueTag } from '../../test/factories/orders';
import { storeSupportMessage } from '../support/support-test-support';
import { ORDERS_CSV_COLUMNS } from './orders-csv';

const FOUR_OZ = 1;
const ONE_OZ = 21;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const get = (url: string, cookie: string | undefined = admin) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });

const list = async (query: string) => {
  const response = await get(`/api/admin/orders${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminOrderListResponseSchema.parse(response.json());
};

const idsOf = (body: { orders: Array<{ id: number }> }) => body.orders.map((order) => order.id);

const patchStatus = (id: number | string, payload: unknown, cookie: string | undefined = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${id}/status`,
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });

const setStatus = async (id: number, status: string) => {
  const response = await patchStatus(id, { status });
  expect(response.statusCode, response.body).toBe(200);
  return updateOrderStatusResponseSchema.parse(response.json());
};

const errorOf = (response: { json: () => unknown }) => errorBodySchema.parse(response.json());

describe('GET /api/admin/orders', () => {
  it('lists orders newest first in the admin view, 20 to a page by default', async () => {
    const tag = uniqueTag();
    const older = await storeOrder(t.db, {
      businessName: `${tag} Older`,
      createdAt: new Date('2031-01-01T10:00:00Z'),
    });
    const newer = await storeOrder(t.db, {
      businessName: `${tag} Newer`,
      customerPhone: '555-0100',
      notes: 'Leave at the back door',
      poNumber: 'PO-2031-0042',
      shopifyOrderId: '#D12',
      shopifyCheckoutUrl: 'https://shop.example/invoice/1',
      paymentStatus: 'invoice_sent',
      createdAt: new Date('2031-01-02T10:00:00Z'),
    });

    const body = await list(`?search=${tag}`);
    expect(idsOf(body)).toEqual([newer.id, older.id]);
    expect(body).toMatchObject({ total: 2, totalPages: 1, page: 1, limit: 20 });
    expect(body.orders[0]).toEqual({
      id: newer.id,
      orderNumber: `WO-${1000 + newer.id}`,
      customerName: 'Ada Buyer',
      customerEmail: 'ada@example.com',
      customerPhone: '555-0100',
      businessName: `${tag} Newer`,
      version: 1,
      createdAt: '2031-01-02T10:00:00.000Z',
      status: 'pending',
      paymentStatus: 'invoice_sent',
      notes: 'Leave at the back door',
      poNumber: 'PO-2031-0042',
      paymentTerms: 'on_approval',
      paymentDueAt: null,
      paymentOverdue: false,
      paymentState: 'invoice_sent',
      holdReason: null,
      paymentReminderSentAt: null,
      canSendReminder: false,
      nextPaymentReminderAt: null,
      shopifyOrderId: '#D12',
      shopifyCheckoutUrl: 'https://shop.example/invoice/1',
      orderTotal: '255.60',
      totalCases: 2,
      shopifySyncStatus: 'not_required',
      supportMessageCount: 0,
      // Stored without a placer, so for no company.
      company: null,
    });

    const all = await list('');
    expect(all.limit).toBe(20);
    const times = all.orders.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('searches customer name, e-mail and business name case-insensitively, as substrings', async () => {
    const tag = uniqueTag();
    const byName = await storeOrder(t.db, { customerName: `Grace ${tag}Hopper` });
    const byEmail = await storeOrder(t.db, { customerEmail: `buyer.${tag}@shop.example` });
    const byBusiness = await storeOrder(t.db, { businessName: `The ${tag} Apothecary` });

    expect(idsOf(await list(`?search=${tag.toUpperCase()}HOPPER`))).toEqual([byName.id]);
    expect(idsOf(await list(`?search=${encodeURIComponent(`.${tag}@SHOP`)}`))).toEqual([byEmail.id]);
    expect(idsOf(await list(`?search=${encodeURIComponent(`${tag} apothecary`)}`))).toEqual([byBusiness.id]);
    expect(idsOf(await list(`?search=${tag}`))).toEqual([byBusiness.id, byEmail.id, byName.id]);
    // Surrounding spaces are not part of what is searched for.
    expect(idsOf(await list(`?search=${encodeURIComponent(`  ${tag}hopper  `)}`))).toEqual([byName.id]);
  });

  it('finds an order by its id, #id or order number (WO-1001 is order 1)', async () => {
    const order = await storeOrder(t.db, { businessName: 'Id Search Shop' });
    const number = 1000 + order.id;
    for (const search of [String(order.id), `#${order.id}`, `WO-${number}`, `wo-${number}`, `WO${number}`]) {
      const body = await list(`?search=${encodeURIComponent(search)}`);
      expect(idsOf(body), search).toContain(order.id);
    }
    // The order number names exactly that order, not the order whose id is 1000 + id.
    const body = await list(`?search=WO-${number}`);
    expect(idsOf(body)).toEqual([order.id]);
    // Numbers beyond any id, or WO-numbers below 1001, are just text that matches nothing here.
    expect((await list('?search=99999999999')).total).toBe(0);
    expect((await list('?search=WO-0999')).total).toBe(0);
  });

  it('takes % and _ in the search literally, and SQL in it as plain text', async () => {
    const tag = uniqueTag();
    const underscore = await storeOrder(t.db, { businessName: `${tag}_a` });
    await storeOrder(t.db, { businessName: `${tag}xa` });
    const percent = await storeOrder(t.db, { businessName: `${tag}%b` });
    await storeOrder(t.db, { businessName: `${tag}zzzb` });
    const backslash = await storeOrder(t.db, { businessName: `${tag}\\c` });

    expect(idsOf(await list(`?search=${encodeURIComponent(`${tag}_a`)}`))).toEqual([underscore.id]);
    expect(idsOf(await list(`?search=${encodeURIComponent(`${tag}%b`)}`))).toEqual([percent.id]);
    expect(idsOf(await list(`?search=${encodeURIComponent(`${tag}\\c`)}`))).toEqual([backslash.id]);

    for (const attack of ["' OR 1=1--", "'; DROP TABLE orders; --", '%', '_', '\\']) {
      const response = await get(`/api/admin/orders?search=${encodeURIComponent(attack)}`);
      expect(response.statusCode, attack).toBe(200);
    }
    expect((await list(`?search=${encodeURIComponent("' OR 1=1--")}`)).total).toBe(0);
  });

  it('filters by status, counting legacy submitted as pending and completed as delivered', async () => {
    const tag = uniqueTag();
    const stored = ['pending', 'submitted', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'];
    const ids: Record<string, number> = {};
    for (const status of stored) {
      ids[status] = (await storeOrder(t.db, { businessName: `${tag} ${status}`, status })).id;
    }
    const filtered = async (status: string) =>
      (await list(`?search=${tag}&status=${status}`)).orders.map((order) => [order.id, order.status]);

    expect(await filtered('pending')).toEqual([
      [ids.submitted, 'pending'],
      [ids.pending, 'pending'],
    ]);
    expect(await filtered('processing')).toEqual([[ids.processing, 'processing']]);
    expect(await filtered('shipped')).toEqual([[ids.shipped, 'shipped']]);
    expect(await filtered('delivered')).toEqual([
      [ids.completed, 'delivered'],
      [ids.delivered, 'delivered'],
    ]);
    expect(await filtered('cancelled')).toEqual([[ids.cancelled, 'cancelled']]);
    expect((await list(`?search=${tag}&status=all`)).total).toBe(7);
    expect((await list(`?search=${tag}`)).total).toBe(7);
  });

  it('pages through the matches without gaps or repeats, and answers a page past the end with no rows', async () => {
    const tag = uniqueTag();
    const created: number[] = [];
    for (let i = 0; i < 25; i++) {
      const order = await storeOrder(t.db, {
        businessName: `${tag} shop`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      });
      created.push(order.id);
    }
    const newestFirst = [...created].reverse();

    const firstDefault = await list(`?search=${tag}`);
    expect(firstDefault.orders).toHaveLength(20);
    expect(firstDefault).toMatchObject({ total: 25, totalPages: 2, page: 1, limit: 20 });

    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(`?search=${tag}&limit=10&page=${page}`));
    expect(pages.map((body) => body.orders.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap(idsOf)).toEqual(newestFirst);
    expect(pages[2]).toMatchObject({ total: 25, totalPages: 3, page: 3 });

    const beyond = await list(`?search=${tag}&limit=10&page=4`);
    expect(beyond).toMatchObject({ orders: [], total: 25, totalPages: 3, page: 4 });

    expect((await list(`?search=${tag}&limit=100`)).orders).toHaveLength(25);
  });

  it('counts the support messages about each order (issue 7), on the list and in a status change', async () => {
    const tag = uniqueTag();
    const asked = await storeOrder(t.db, { businessName: `${tag} Asked`, createdAt: new Date('2031-02-03') });
    const once = await storeOrder(t.db, { businessName: `${tag} Once`, createdAt: new Date('2031-02-02') });
    const never = await storeOrder(t.db, { businessName: `${tag} Never`, createdAt: new Date('2031-02-01') });
    await storeSupportMessage(t.db, { specificOrderId: asked.id });
    await storeSupportMessage(t.db, { specificOrderId: asked.id, status: 'closed' });
    await storeSupportMessage(t.db, { specificOrderId: once.id });
    // A message that only lists the order among the recent ones is not about it.
    await storeSupportMessage(t.db, {
      recentOrders: [
        { id: never.id, orderNumber: `WO-${1000 + never.id}`, date: '', status: 'pending', total: '0.00' },
      ],
    });

    const body = await list(`?search=${tag}`);
    expect(body.orders.map((order) => [order.id, order.supportMessageCount])).toEqual([
      [asked.id, 2],
      [once.id, 1],
      [never.id, 0],
    ]);
    // Page by page: the count follows its order onto the next page.
    const secondPage = await list(`?search=${tag}&limit=1&page=2`);
    expect(secondPage.orders.map((order) => [order.id, order.supportMessageCount])).toEqual([[once.id, 1]]);

    expect((await setStatus(asked.id, 'processing')).order.supportMessageCount).toBe(2);
    expect((await setStatus(asked.id, 'processing')).order.supportMessageCount).toBe(2);
  });

  it('answers nothing matching with an empty list and 0 pages', async () => {
    expect(await list(`?search=${uniqueTag()}`)).toEqual({
      orders: [],
      total: 0,
      totalPages: 0,
      page: 1,
      limit: 20,
    });
  });

  it.each([
    ['an unknown parameter', '?sort=id', /unrecognized|sort/i],
    ['a page size above 100', '?limit=101', /^limit: must be at most 100$/],
    ['page 0', '?page=0', /^page: /],
    ['a page that is not a number', '?page=abc', /^page: must be a number$/],
    ['an unknown status', '?status=open', /^status: must be one of all, awaiting_confirmation, pending/],
    ['the status twice', '?status=pending&status=shipped', /^status: /],
    ['the search twice', '?search=a&search=b', /^search: must be a single text value$/],
    ['a search over 200 characters', `?search=${'x'.repeat(201)}`, /^search: must be at most 200/],
  ])('refuses %s with 400', async (_name, query, message) => {
    const response = await get(`/api/admin/orders${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(message);
  });
});

describe('GET /api/admin/orders/:id/items', () => {
  it("answers the order's lines in the order they were placed", async () => {
    const order = await storeOrder(t.db, {}, [
      { productId: FOUR_OZ, quantity: 24, price: 1065, name: '4 oz bottle', sku: '800-0001' },
      // A legacy line without its own name and SKU reads them from today's product.
      { productId: ONE_OZ, quantity: 12, price: 485, name: null, sku: null },
    ]);
    const response = await get(`/api/admin/orders/${order.id}/items`);
    expect(response.statusCode, response.body).toBe(200);
    const items = adminOrderItemsResponseSchema.parse(response.json());
    expect(items).toEqual([
      {
        id: expect.any(Number),
        productId: FOUR_OZ,
        name: '4 oz bottle',
        sku: '800-0001',
        quantity: 24,
        unit: 'bottle',
        caseCount: 2,
        price: '10.65',
        lineTotal: '255.60',
      },
      {
        id: expect.any(Number),
        productId: ONE_OZ,
        name: '1 oz Bottle',
        sku: '800-0002',
        quantity: 12,
        unit: 'bottle',
        caseCount: 1,
        price: '4.85',
        lineTotal: '58.20',
      },
    ]);
  });

  it('answers an order without lines with an empty list', async () => {
    const order = await storeOrder(t.db);
    expect((await get(`/api/admin/orders/${order.id}/items`)).json()).toEqual([]);
  });

  it('answers 404 for an unknown order and 400 for an id that is not one', async () => {
    const missing = await get('/api/admin/orders/2147483647/items');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect((await get('/api/admin/orders/abc/items')).statusCode).toBe(400);
    expect((await get('/api/admin/orders/0/items')).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/orders/:id/status', () => {
  const newCustomerOrder = async (values: Parameters<typeof storeOrder>[1] = {}) => {
    const user = await createUser(t.db);
    // The order's contact address differs from the account's: the account's wins for the e-mail.
    const order = await storeOrder(t.db, {
      userId: user.id,
      customerEmail: uniqueEmail('contact'),
      ...values,
    });
    return { user, order };
  };

  it('approves an order: processing, approvedAt, an audit entry and the test-mode approval e-mail', async () => {
    const { user, order } = await newCustomerOrder();
    const before = Date.now();
    const body = await setStatus(order.id, 'processing');
    expect(body).toMatchObject({ changed: true, order: { id: order.id, status: 'processing' } });
    expect(body.message).toBe(`Order WO-${1000 + order.id} is now Processing`);

    const stored = await readOrder(t.db, order.id);
    expect(stored.status).toBe('processing');
    expect(stored.approvedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.shippedAt).toBeNull();

    const audit = await auditRowsOf(t.db, { entityType: 'order', entityId: order.id });
    expect(audit).toHaveLength(1);
    const adminId = (await get('/api/admin/user')).json<{ id: number }>().id;
    expect(audit[0]).toMatchObject({
      actorUserId: adminId,
      action: 'order.status',
      entityType: 'order',
      before: { status: 'pending', approvedAt: null },
      after: { status: 'processing', approvedAt: stored.approvedAt?.toISOString() },
    });

    const mails = await mailsTo(t.db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`Order WO-${1000 + order.id} approved`);
    expect(mails[0]?.text).toContain('has been approved and is being prepared');
    expect(mails[0]?.text).toContain(`${t.env.APP_ORIGIN}/orders/${order.id}`);
    expect(mails[0]?.text).not.toContain('Pay now');
    expect(await mailsTo(t.db, order.customerEmail)).toHaveLength(0);
  });

  it('puts the payment link in the approval e-mail when an invoice is out', async () => {
    const { user, order } = await newCustomerOrder({
      paymentStatus: 'invoice_sent',
      shopifyCheckoutUrl: 'https://shop.example/invoices/abc',
    });
    await setStatus(order.id, 'processing');
    const [mail] = await mailsTo(t.db, user.email);
    expect(mail?.subject).toContain('payment link');
    expect(mail?.text).toContain('Pay now: https://shop.example/invoices/abc');
    expect(mail?.html).toContain('href="https://shop.example/invoices/abc"');
  });

  it('never e-mails a checkout link that is not https', async () => {
    const { user, order } = await newCustomerOrder({
      paymentStatus: 'invoice_sent',
      shopifyCheckoutUrl: 'javascript:alert(1)',
    });
    await setStatus(order.id, 'processing');
    const [mail] = await mailsTo(t.db, user.email);
    expect(mail?.text).not.toContain('javascript:');
    expect(mail?.text).toContain('being prepared');
  });

  it('changes nothing and sends nothing when the order already has the status', async () => {
    const { user, order } = await newCustomerOrder();
    await setStatus(order.id, 'processing');
    const approvedAt = (await readOrder(t.db, order.id)).approvedAt;
    const jobsBefore = (await outbox(t.db)).length;

    const again = await setStatus(order.id, 'processing');
    expect(again).toMatchObject({ changed: false, order: { status: 'processing' } });
    expect((await readOrder(t.db, order.id)).approvedAt).toEqual(approvedAt);
    expect(await auditRowsOf(t.db, { entityType: 'order', entityId: order.id })).toHaveLength(1);
    expect(await mailsTo(t.db, user.email)).toHaveLength(1);
    expect((await outbox(t.db)).length).toBe(jobsBefore);
  });

  it('keeps the first time of each status and e-mails every real change, so a corrected mistake still reaches the customer', async () => {
    const { user, order } = await newCustomerOrder({
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://carrier.example/track/1Z999',
      trackingCompany: 'UPS',
    });
    await setStatus(order.id, 'processing');
    const first = await readOrder(t.db, order.id);
    await setStatus(order.id, 'shipped');
    await setStatus(order.id, 'processing');
    await setStatus(order.id, 'shipped');
    const stored = await readOrder(t.db, order.id);
    expect(stored.approvedAt).toEqual(first.approvedAt);
    expect(stored.shippedAt).not.toBeNull();
    expect(await auditRowsOf(t.db, { entityType: 'order', entityId: order.id })).toHaveLength(4);

    const mails = await mailsTo(t.db, user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('approved'),
      expect.stringContaining('shipped'),
      expect.stringContaining('approved'),
      expect.stringContaining('shipped'),
    ]);
    expect(mails[1]?.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mails[1]?.text).toContain('Carrier: UPS');
    expect(mails[1]?.text).toContain('https://carrier.example/track/1Z999');
  });

  it('sends the shipped e-mail without tracking lines when none is known', async () => {
    const { user, order } = await newCustomerOrder();
    await setStatus(order.id, 'shipped');
    const [mail] = await mailsTo(t.db, user.email);
    expect(mail?.subject).toContain('shipped');
    expect(mail?.text).toContain('is on its way');
    expect(mail?.text).not.toContain('Tracking number');
    // Straight to shipped approves it too: both times are set (the timeline's steps all get a date).
    const stored = await readOrder(t.db, order.id);
    expect(stored.approvedAt).toEqual(stored.shippedAt);
    expect(stored.shippedAt).not.toBeNull();
  });

  it('records delivered and cancelled with their times and a short notice each', async () => {
    const { user, order } = await newCustomerOrder();
    await setStatus(order.id, 'delivered');
    const { order: cancelledOrder, user: other } = await newCustomerOrder();
    await setStatus(cancelledOrder.id, 'cancelled');

    expect((await readOrder(t.db, order.id)).deliveredAt).not.toBeNull();
    expect((await readOrder(t.db, cancelledOrder.id)).cancelledAt).not.toBeNull();
    const [delivered] = await mailsTo(t.db, user.email);
    expect(delivered?.subject).toContain('delivered');
    expect(delivered?.text).toContain('has been delivered');
    const [cancelled] = await mailsTo(t.db, other.email);
    expect(cancelled?.subject).toContain('cancelled');
    expect(cancelled?.text).toContain('has been cancelled');
  });

  it('moves an order back to pending without an e-mail', async () => {
    const { user, order } = await newCustomerOrder({ status: 'cancelled' });
    const body = await setStatus(order.id, 'pending');
    expect(body).toMatchObject({ changed: true, order: { status: 'pending' } });
    expect(await mailsTo(t.db, user.email)).toHaveLength(0);
    expect(await auditRowsOf(t.db, { entityType: 'order', entityId: order.id })).toHaveLength(1);
  });

  it('treats a legacy status as the one it reads as', async () => {
    const { order } = await newCustomerOrder({ status: 'submitted' });
    expect(await setStatus(order.id, 'pending')).toMatchObject({ changed: false });
    const completed = await storeOrder(t.db, { status: 'completed' });
    expect(await setStatus(completed.id, 'delivered')).toMatchObject({ changed: false });
    expect((await readOrder(t.db, completed.id)).status).toBe('completed');
  });

  it("e-mails the order's own address when no account is linked", async () => {
    const email = uniqueEmail('guest');
    const order = await storeOrder(t.db, { customerEmail: email, customerName: 'Guest Buyer' });
    await setStatus(order.id, 'processing');
    const [mail] = await mailsTo(t.db, email);
    expect(mail?.text).toContain('Hello Guest Buyer,');
  });

  it('escapes what the customer typed in the HTML of the e-mail (docs/security.md#output-encoding)', async () => {
    const email = uniqueEmail('xss');
    const order = await storeOrder(t.db, {
      customerEmail: email,
      customerName: '<img src=x onerror=alert(1)>',
    });
    await setStatus(order.id, 'processing');
    const [mail] = await mailsTo(t.db, email);
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers 404 for an unknown order', async () => {
    const response = await patchStatus(2147483647, { status: 'shipped' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  it.each([
    ['an unknown status', { status: 'completed' }],
    ['no status', {}],
    ['a status that is not text', { status: 3 }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const order = await storeOrder(t.db);
    const response = await patchStatus(order.id, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      'status: must be one of pending, on_hold, processing, shipped, delivered, cancelled',
    );
    expect((await readOrder(t.db, order.id)).status).toBe('pending');
    expect(await auditRowsOf(t.db, { entityType: 'order', entityId: order.id })).toHaveLength(0);
  });

  it('lets no customer change a status (403) and changes nothing', async () => {
    const customer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, customer.email);
    const order = await storeOrder(t.db, { userId: customer.id });
    const response = await patchStatus(order.id, { status: 'delivered' }, cookie);
    expect(response.statusCode).toBe(403);
    expect((await readOrder(t.db, order.id)).status).toBe('pending');
    expect(await auditRowsOf(t.db, { entityType: 'order', entityId: order.id })).toHaveLength(0);
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  const exportCsv = async (query: string) => {
    const response = await get(`/api/admin/orders/export.csv${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('writes each export to the audit log with its filter and how many orders it held', async () => {
    const tag = uniqueTag();
    await storeOrder(t.db, { businessName: `${tag} Exported` });
    await exportCsv(`?search=${encodeURIComponent(tag)}`);
    const entry = (
      await auditRowsOf(t.db, { entityType: 'order', entityId: null, action: 'order.export' })
    ).at(-1);
    expect(entry?.after).toEqual({ filter: expect.objectContaining({ search: tag }), orders: 1 });
  });

  it('downloads the filtered orders as CSV with the agreed columns, dates in UTC', async () => {
    const tag = uniqueTag();
    const order = await storeOrder(t.db, {
      businessName: `${tag} Botanicals`,
      customerName: 'Ada Buyer',
      customerEmail: 'ada@example.com',
      customerPhone: '555-0100',
      status: 'completed',
      paymentStatus: 'paid',
      totalCases: 3,
      orderTotal: 123456,
      shopifyOrderId: '#1001',
      shippingAddress: '1 Main St\nPortland, OR, 97201\nUS',
      shippingAddressLine1: '1 Main St',
      shippingCity: 'Portland',
      shippingState: 'OR',
      shippingZip: '97201',
      shippingCountry: 'US',
      notes: 'Ring twice',
      poNumber: 'PO 7/42',
      createdAt: new Date('2031-03-04T15:07:59Z'),
    });
    await storeOrder(t.db, { businessName: `${tag} Pending`, status: 'pending' });

    const response = await exportCsv(`?search=${tag}&status=delivered`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.endsWith('\r\n')).toBe(true);

    expect(parseCsv(response.body.slice(1))).toEqual([
      [
        'Order',
        'PO Number',
        'Date',
        'Status',
        'Payment',
        'Payment due',
        'Customer',
        'Email',
        'Phone',
        'Business',
        'Ship to',
        'Cases',
        'Total',
        'Shopify',
        'Notes',
      ],
      [
        `WO-${1000 + order.id}`,
        'PO 7/42',
        '2031-03-04 15:07',
        'delivered',
        'Paid',
        '',
        'Ada Buyer',
        'ada@example.com',
        '555-0100',
        `${tag} Botanicals`,
        // The one address format of every output (docs/orders.md#addresses).
        '1 Main St, Portland, OR 97201, US',
        '3',
        '1234.56',
        'Shopify order #1001',
        'Ring twice',
      ],
    ]);
  });

  it('exports every page of the matches, newest first', async () => {
    const tag = uniqueTag();
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push(
        (await storeOrder(t.db, { businessName: `${tag}`, createdAt: new Date(Date.UTC(2029, 5, 1, i)) })).id,
      );
    }
    const rows = parseCsv((await exportCsv(`?search=${tag}`)).body.slice(1));
    expect(rows).toHaveLength(24);
    expect(rows.slice(1).map((row) => row[0])).toEqual(ids.reverse().map((id) => `WO-${1000 + id}`));
  });

  it('neutralises formulas and quotes quotes, commas and line breaks (docs/security.md#input-validation)', async () => {
    const tag = uniqueTag();
    await storeOrder(t.db, {
      businessName: '=HYPERLINK("http://evil.example","x")',
      customerName: `+cmd|' /C calc'!A0 ${tag}`,
      customerEmail: '@SUM(1+1)@example.com',
      customerPhone: '-2+3',
      notes: 'He said "hi", then\nleft\r\n\tTabbed',
      poNumber: '-42',
    });
    const response = await exportCsv(`?search=${tag}`);
    const [, row] = parseCsv(response.body.slice(1));
    expect(row).toBeDefined();
    const cell = (column: (typeof ORDERS_CSV_COLUMNS)[number]) => row?.[ORDERS_CSV_COLUMNS.indexOf(column)];
    expect(cell('Business')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(cell('Customer')).toBe(`'+cmd|' /C calc'!A0 ${tag}`);
    expect(cell('Email')).toBe("'@SUM(1+1)@example.com");
    expect(cell('Phone')).toBe("'-2+3");
    expect(cell('PO Number')).toBe("'-42");
    expect(cell('Notes')).toBe('He said "hi", then\nleft\r\n\tTabbed');
    // The raw text: quoted as RFC 4180 says, quotes doubled.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(response.body).toContain('"He said ""hi"", then\nleft\r\n\tTabbed"');
  });

  it('answers just the header row when nothing matches', async () => {
    const response = await exportCsv(`?search=${uniqueTag()}`);
    expect(parseCsv(response.body.slice(1))).toHaveLength(1);
  });

  it.each([
    ['a page parameter', '?page=2'],
    ['an unknown status', '?status=done'],
    ['the status twice', '?status=pending&status=shipped'],
  ])('refuses %s with 400', async (_name, query) => {
    expect((await get(`/api/admin/orders/export.csv${query}`)).statusCode).toBe(400);
  });
});
