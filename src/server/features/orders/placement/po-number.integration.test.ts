import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderListResponseSchema } from '../../../../shared/schemas/admin-orders';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import {
  createDraftOrderResponseSchema,
  orderDetailResponseSchema,
  orderListResponseSchema,
  reorderResponseSchema,
} from '../../../../shared/schemas/orders';
import { orders } from '../../../db/schema';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { mailsTo } from '../../../test/outbox';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { uniqueTag } from '../../../test/factories/orders';
import { ORDERS_CSV_COLUMNS } from '../../admin-orders/orders-csv';

/*
 * The buyer's PO number (issue 20 §1, docs/orders.md#submission): sent with the order, checked by the server,
 * stored on the order and shown back everywhere the order is: the customer's order API, both submission
 * e-mails, the admin list (searchable) and its CSV. Reorder does not carry it. (The Shopify draft's
 * `poNumber` is in orders/shopify/draft-order-create.integration.test.ts.)
 */

const FOUR_OZ = 1;
const contact = {
  customerName: 'Ada Buyer',
  customerEmail: 'ada.po@example.com',
  businessName: 'Mist Shop',
};

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const newCustomer = async () => {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, t.db, user.email) };
};

const body = (extra: Record<string, unknown> = {}) => ({
  customer: contact,
  orderItems: [{ productId: FOUR_OZ, quantity: 24 }],
  ...extra,
});

const submit = (cookie: string, payload: Record<string, unknown>, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': key },
    payload,
  });

const placeOrder = async (cookie: string, payload: Record<string, unknown>) => {
  const response = await submit(cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return createDraftOrderResponseSchema.parse(response.json());
};

const storedPoNumber = async (id: number) =>
  (await t.db.select({ poNumber: orders.poNumber }).from(orders).where(eq(orders.id, id)))[0]?.poNumber;

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

describe('submitting with a PO number', () => {
  it('stores it trimmed and shows it in the order history and on the order', async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, body({ poNumber: '  PO-2031/0042  ' }));
    expect(await storedPoNumber(placed.orderId)).toBe('PO-2031/0042');

    const list = orderListResponseSchema.parse((await get('/api/orders', cookie)).json());
    expect(list.orders.find((order) => order.id === placed.orderId)?.poNumber).toBe('PO-2031/0042');

    const detail = orderDetailResponseSchema.parse(
      (await get(`/api/orders/${placed.orderId}`, cookie)).json(),
    );
    expect(detail.order.poNumber).toBe('PO-2031/0042');
  });

  it('stores none when it is left out, empty or blank', async () => {
    const { cookie } = await newCustomer();
    for (const extra of [{}, { poNumber: '' }, { poNumber: '   ' }, { poNumber: null }]) {
      const placed = await placeOrder(cookie, body(extra));
      expect(await storedPoNumber(placed.orderId), JSON.stringify(extra)).toBeNull();
      const detail = orderDetailResponseSchema.parse(
        (await get(`/api/orders/${placed.orderId}`, cookie)).json(),
      );
      expect(detail.order.poNumber).toBeNull();
    }
  });

  it('puts it in the confirmation to the buyer and in the notice to staff', async () => {
    const { user, cookie } = await newCustomer();
    const poNumber = `PO-${uniqueTag()}`;
    const placed = await placeOrder(cookie, body({ poNumber }));

    const toBuyer = (await mailsTo(t.db, user.email)).filter((mail) =>
      mail.subject.includes(placed.orderName),
    );
    const toStaff = (await mailsTo(t.db, t.env.STAFF_EMAIL)).filter((mail) =>
      mail.subject.includes(placed.orderName),
    );
    expect(toBuyer).toHaveLength(1);
    expect(toStaff).toHaveLength(1);
    for (const mail of [...toBuyer, ...toStaff]) {
      expect(mail.text).toContain(`PO number: ${poNumber}`);
      expect(mail.html).toContain(`PO number: ${poNumber}`);
    }
  });

  it('escapes it in the HTML of the e-mails (docs/security.md#output-encoding)', async () => {
    const { user, cookie } = await newCustomer();
    const placed = await placeOrder(cookie, body({ poNumber: '<b>PO</b> & "7"' }));
    const [mail] = (await mailsTo(t.db, user.email)).filter((sent) =>
      sent.subject.includes(placed.orderName),
    );
    expect(mail?.text).toContain('PO number: <b>PO</b> & "7"');
    expect(mail?.html).toContain('PO number: &lt;b&gt;PO&lt;/b&gt; &amp; &quot;7&quot;');
    expect(mail?.html).not.toContain('<b>PO</b>');
  });

  it('mentions no PO number in the e-mails of an order without one', async () => {
    const { user, cookie } = await newCustomer();
    const placed = await placeOrder(cookie, body());
    const [mail] = (await mailsTo(t.db, user.email)).filter((sent) =>
      sent.subject.includes(placed.orderName),
    );
    expect(mail?.text).not.toContain('PO number');
  });
});

describe('refused PO numbers', () => {
  it.each([
    ['61 characters', 'P'.repeat(61), 'poNumber: must be at most 60 characters'],
    ['a tab', 'PO\t42', 'poNumber: must not contain control characters or line breaks'],
    ['a line break', 'PO\n42', 'poNumber: must not contain control characters or line breaks'],
    ['a C1 control character', 'PO\u008542', 'poNumber: must not contain control characters or line breaks'],
    ['a number', 42, 'poNumber: must be text'],
  ])('answers 400 naming poNumber for %s, and stores nothing', async (_name, poNumber, message) => {
    const { user, cookie } = await newCustomer();
    const response = await submit(cookie, body({ poNumber }));
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('accepts exactly 60 characters', async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, body({ poNumber: 'P'.repeat(60) }));
    expect(await storedPoNumber(placed.orderId)).toBe('P'.repeat(60));
  });
});

describe('idempotency (docs/orders.md#idempotency)', () => {
  it('treats the PO number as part of the order: another one under the same key is refused', async () => {
    const { user, cookie } = await newCustomer();
    const key = randomUUID();
    const first = await submit(cookie, body({ poNumber: 'PO-1' }), key);
    expect(first.statusCode, first.body).toBe(201);

    for (const extra of [{ poNumber: 'PO-2' }, {}]) {
      const response = await submit(cookie, body(extra), key);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorBodySchema.parse(response.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    // The same PO number (spaces aside: it is compared as stored) is the same order, answered again.
    const again = await submit(cookie, body({ poNumber: ' PO-1 ' }), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('refuses a PO number added to an order first sent without one', async () => {
    const { cookie } = await newCustomer();
    const key = randomUUID();
    expect((await submit(cookie, body(), key)).statusCode).toBe(201);
    expect((await submit(cookie, body({ poNumber: '' }), key)).statusCode).toBe(201);
    const withPo = await submit(cookie, body({ poNumber: 'PO-9' }), key);
    expect(withPo.statusCode, withPo.body).toBe(422);
  });
});

describe('reorder (docs/orders.md#reorder)', () => {
  it('does not carry the PO number over: it belongs to the order it was given for', async () => {
    const { cookie } = await newCustomer();
    const poNumber = `PO-${uniqueTag()}`;
    const placed = await placeOrder(cookie, body({ poNumber }));
    expect(await storedPoNumber(placed.orderId)).toBe(poNumber);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.orderId}/reorder`,
      headers: { ...sameOrigin, cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(poNumber);
    expect(response.json()).not.toHaveProperty('poNumber');
    expect(reorderResponseSchema.parse(response.json()).items).toEqual([
      expect.objectContaining({ productId: FOUR_OZ, quantity: 24 }),
    ]);
  });
});

describe('admin Orders (docs/admin.md#orders)', () => {
  const adminList = async (search: string) => {
    const response = await get(`/api/admin/orders?search=${encodeURIComponent(search)}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return adminOrderListResponseSchema.parse(response.json());
  };

  it('shows the PO number and finds the order by any part of it, in any case', async () => {
    const { cookie } = await newCustomer();
    const tag = uniqueTag();
    const placed = await placeOrder(cookie, body({ poNumber: `PO-${tag}-Q3` }));
    await placeOrder(cookie, body({ poNumber: 'PO-unrelated' }));

    for (const search of [`PO-${tag}-Q3`, tag.toUpperCase(), `${tag}-q3`]) {
      const found = await adminList(search);
      expect(
        found.orders.map((order) => order.id),
        search,
      ).toEqual([placed.orderId]);
      expect(found.orders[0]?.poNumber).toBe(`PO-${tag}-Q3`);
    }
  });

  it('exports the PO number in its own CSV column, neutralised like every text cell', async () => {
    const { cookie } = await newCustomer();
    const tag = uniqueTag();
    const plain = await placeOrder(cookie, body({ poNumber: `PO ${tag}, "Q3"` }));
    const formula = await placeOrder(cookie, body({ poNumber: `=HYPERLINK("x") ${tag}` }));
    const none = await placeOrder(cookie, body());

    const response = await get(`/api/admin/orders/export.csv?search=${encodeURIComponent(tag)}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const header = response.body.slice(1).split('\r\n')[0];
    expect(header?.split(',').slice(0, 3)).toEqual(['Order', 'PO Number', 'Date']);
    expect(header?.split(',')).toEqual([...ORDERS_CSV_COLUMNS]);
    // Quoted as RFC 4180 says; a cell a spreadsheet would run as a formula starts with a quote.
    expect(response.body).toContain(`\r\n${plain.orderName},"PO ${tag}, ""Q3""",`);
    expect(response.body).toContain(`\r\n${formula.orderName},"'=HYPERLINK(""x"") ${tag}",`);
    // The export takes the list's search: the order without a PO number does not match it.
    expect(response.body).not.toContain(none.orderName);
  });
});
