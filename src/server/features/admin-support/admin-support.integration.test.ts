import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/errors';
import {
  adminSupportListResponseSchema,
  updateSupportStatusResponseSchema,
  type AdminSupportListResponse,
} from '../../../shared/schemas/admin-support';
import { supportMessages, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from '../admin-users/admin-test-support';
import { createUser } from '../../test/factories/users';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { storeOrder } from '../../test/factories/orders';
import { auditRowsOf } from '../../test/factories/audit';
import { sendSupportMessage, storeSupportMessage } from '../support/support-test-support';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const list = async (query = ''): Promise<AdminSupportListResponse> => {
  const response = await send(t.app, 'GET', `/api/admin/support/messages${query}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return adminSupportListResponseSchema.parse(response.json());
};

const idsOf = (body: AdminSupportListResponse) => body.messages.map((message) => message.id);

const patch = (id: number | string, body: unknown) =>
  send(t.app, 'PATCH', `/api/admin/support/messages/${id}`, admin, body);

const errorOf = (response: { json: () => unknown }) => errorBodySchema.parse(response.json());

const readMessage = async (id: number) => {
  const [row] = await t.db.select().from(supportMessages).where(eq(supportMessages.id, id));
  if (!row) throw new Error(`no support message ${id}`);
  return row;
};

describe('GET /api/admin/support/messages', () => {
  it('lists the messages newest first (the id breaks ties), 20 to a page by default', async () => {
    const at = (day: string) => new Date(`2040-01-${day}T10:00:00Z`);
    const oldest = await storeSupportMessage(t.db, { createdAt: at('01') });
    const tiedFirst = await storeSupportMessage(t.db, { createdAt: at('02') });
    const tiedSecond = await storeSupportMessage(t.db, { createdAt: at('02') });
    const newest = await storeSupportMessage(t.db, { createdAt: at('03') });

    const body = await list();
    expect(idsOf(body).slice(0, 4)).toEqual([newest.id, tiedSecond.id, tiedFirst.id, oldest.id]);
    expect(body.page).toBe(1);
    expect(body.messages.length).toBeLessThanOrEqual(20);
    expect(body.totalPages).toBe(Math.ceil(body.total / 20));
  });

  it("shows what the customer sent with the stored customer, order and recent orders; a deleted account's id is null", async () => {
    const customer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, customer.email);
    const order = await storeOrder(t.db, {
      userId: customer.id,
      notes: 'Side door',
      shopifyOrderId: '#1005',
      orderTotal: 4_250,
      createdAt: new Date('2030-06-01T09:00:00Z'),
    });
    const sent = await sendSupportMessage(t.app, cookie, {
      subject: `Order Issue - Order #${order.id}`,
      priority: 'high',
      message: 'The labels on this order are smudged.',
      specificOrderId: order.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const [message] = (await list(`?orderId=${order.id}`)).messages;
    expect(message).toEqual({
      id: expect.any(Number),
      // Written by the server from the order: its number, never its Shopify name.
      subject: `Order Issue - Order #WO-${1000 + order.id}`,
      priority: 'high',
      message: 'The labels on this order are smudged.',
      status: 'open',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      customer: {
        id: customer.id,
        name: 'Ada Buyer',
        email: customer.email,
        phone: 'Not provided',
        businessName: 'Mist Shop',
        accountCreated: customer.createdAt.toISOString(),
      },
      order: {
        id: order.id,
        orderNumber: `WO-${1000 + order.id}`,
        status: 'pending',
        createdAt: '2030-06-01T09:00:00.000Z',
        customerName: 'Ada Buyer',
        customerEmail: 'ada@example.com',
        businessName: 'Mist Shop',
        notes: 'Side door',
        shopifyOrderId: '#1005',
      },
      recentOrders: [
        {
          id: order.id,
          orderNumber: `WO-${1000 + order.id}`,
          date: '2030-06-01T09:00:00.000Z',
          status: 'pending',
          total: '42.50',
        },
      ],
    });

    // An account without orders can be deleted; its messages stay, as they were sent.
    const gone = await createUser(t.db);
    const goneCookie = await signIn(t.app, t.db, gone.email);
    const goneSent = await sendSupportMessage(t.app, goneCookie);
    expect(goneSent.statusCode).toBe(201);
    await t.db.delete(users).where(eq(users.id, gone.id));
    const found = (await list('?limit=100')).messages.find(
      (candidate) => candidate.customer.email === gone.email,
    );
    expect(found?.customer).toMatchObject({ id: null, email: gone.email, name: 'Ada Buyer' });
  });

  it('reads odd stored rows with fallbacks instead of failing the list', async () => {
    const order = await storeOrder(t.db);
    const odd = await storeSupportMessage(t.db, {
      userInfo: 'not an object',
      recentOrders: [{ id: order.id, date: '2020-01-01', status: 'submitted', total: 0 }, 'junk'],
      specificOrderId: order.id,
      orderDetails: { status: 'completed', customerName: 'Legacy Name' },
    });

    const body = await list(`?orderId=${order.id}`);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({
      id: odd.id,
      customer: { id: null, name: 'Unknown customer', phone: 'Not provided' },
      order: {
        id: order.id,
        orderNumber: `WO-${1000 + order.id}`,
        status: 'delivered',
        customerName: 'Legacy Name',
      },
      recentOrders: [
        { id: order.id, orderNumber: `WO-${1000 + order.id}`, status: 'pending', total: '0.00' },
      ],
    });
  });

  it('filters by status and by order, pages through them, and counts every status over the whole inbox', async () => {
    const before = (await list()).counts;
    const order = await storeOrder(t.db);
    const other = await storeOrder(t.db);
    const open1 = await storeSupportMessage(t.db, {
      specificOrderId: order.id,
      createdAt: new Date('2031-01-01'),
    });
    const open2 = await storeSupportMessage(t.db, {
      specificOrderId: order.id,
      createdAt: new Date('2031-01-02'),
    });
    const closed = await storeSupportMessage(t.db, {
      specificOrderId: order.id,
      status: 'closed',
      createdAt: new Date('2031-01-03'),
    });
    await storeSupportMessage(t.db, { specificOrderId: other.id, status: 'answered' });

    const ofOrder = await list(`?orderId=${order.id}`);
    expect(idsOf(ofOrder)).toEqual([closed.id, open2.id, open1.id]);
    expect(ofOrder).toMatchObject({ total: 3, page: 1, totalPages: 1 });
    // The counts ignore the filters: they are the tab badges of the whole inbox.
    expect(ofOrder.counts).toEqual({
      open: before.open + 2,
      answered: before.answered + 1,
      closed: before.closed + 1,
    });

    expect(idsOf(await list(`?orderId=${order.id}&status=open`))).toEqual([open2.id, open1.id]);
    expect(idsOf(await list(`?orderId=${order.id}&status=closed`))).toEqual([closed.id]);
    expect(idsOf(await list(`?orderId=${order.id}&status=answered`))).toEqual([]);
    expect(idsOf(await list(`?orderId=${order.id}&status=all`))).toHaveLength(3);

    const page2 = await list(`?orderId=${order.id}&limit=2&page=2`);
    expect(idsOf(page2)).toEqual([open1.id]);
    expect(page2).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(await list(`?orderId=${order.id}&limit=2&page=5`)).toMatchObject({
      messages: [],
      total: 3,
      totalPages: 2,
    });
    expect(await list(`?orderId=${2_000_000_000}`)).toMatchObject({ messages: [], total: 0, totalPages: 0 });

    const all = await list('?status=open&limit=100');
    expect(all.messages.every((message) => message.status === 'open')).toBe(true);
  });

  it('answers 400 to a query it does not understand', async () => {
    for (const query of ['?status=pending', '?limit=101', '?page=0', '?orderId=abc', '?sort=oldest']) {
      const response = await send(t.app, 'GET', `/api/admin/support/messages${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('PATCH /api/admin/support/messages/:id', () => {
  it('sets the status, writes who did it to the audit log, and changes nothing when it is already so', async () => {
    const message = await storeSupportMessage(t.db, { createdAt: new Date('2030-01-01T00:00:00Z') });
    const [adminUser] = await t.db.select().from(users).where(eq(users.username, 'admin'));

    const response = await patch(message.id, { status: 'answered' });
    expect(response.statusCode, response.body).toBe(200);
    const body = updateSupportStatusResponseSchema.parse(response.json());
    expect(body.message).toMatchObject({ id: message.id, status: 'answered' });
    expect(Date.parse(body.message.updatedAt)).toBeGreaterThan(message.updatedAt.getTime() - 1);
    expect((await readMessage(message.id)).status).toBe('answered');

    const audit = await auditRowsOf(t.db, { entityType: 'support_message', entityId: message.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'support-message.status',
      actorUserId: adminUser?.id,
      before: { status: 'open' },
      after: { status: 'answered' },
    });

    const stored = await readMessage(message.id);
    const again = await patch(message.id, { status: 'answered' });
    expect(again.statusCode).toBe(200);
    expect(updateSupportStatusResponseSchema.parse(again.json()).message.status).toBe('answered');
    expect((await readMessage(message.id)).updatedAt).toEqual(stored.updatedAt);
    expect(await auditRowsOf(t.db, { entityType: 'support_message', entityId: message.id })).toHaveLength(1);

    expect((await patch(message.id, { status: 'closed' })).statusCode).toBe(200);
    expect((await patch(message.id, { status: 'open' })).statusCode).toBe(200);
    const actions = (await auditRowsOf(t.db, { entityType: 'support_message', entityId: message.id })).map(
      (row) => row.after,
    );
    expect(actions).toEqual([{ status: 'answered' }, { status: 'closed' }, { status: 'open' }]);
  });

  it('answers 404 for an unknown message', async () => {
    const response = await patch(2_000_000_000, { status: 'closed' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'Support message not found' });
  });

  it('answers 400 to a status that is not one, an extra field or an id that is not one, and changes nothing', async () => {
    const message = await storeSupportMessage(t.db);
    for (const [id, body] of [
      [message.id, { status: 'archived' }],
      [message.id, {}],
      [message.id, { status: 'closed', message: 'changed' }],
      ['abc', { status: 'closed' }],
    ] as const) {
      const response = await patch(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    expect((await readMessage(message.id)).status).toBe('open');
  });
});

describe('who may read and answer the inbox', () => {
  it('answers 401 to a visitor and 403 to a customer, and changes nothing', async () => {
    const message = await storeSupportMessage(t.db);
    const customer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, customer.email);

    for (const [who, expected] of [
      [undefined, 401],
      [cookie, 403],
    ] as const) {
      expect((await send(t.app, 'GET', '/api/admin/support/messages', who)).statusCode).toBe(expected);
      const change = await send(t.app, 'PATCH', `/api/admin/support/messages/${message.id}`, who, {
        status: 'closed',
      });
      expect(change.statusCode).toBe(expected);
    }
    expect((await readMessage(message.id)).status).toBe('open');
  });
});
