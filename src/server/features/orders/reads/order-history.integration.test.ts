import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import {
  createDraftOrderResponseSchema,
  orderDetailResponseSchema,
  orderListResponseSchema,
  reorderResponseSchema,
} from '../../../../shared/schemas/orders';
import { orderItems, orders } from '../../../db/schema';
import { sqlRows } from '../../../test/sql-rows';
import { createTestApp, findSeededSpecialIds, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { signIn } from '../../../test/factories/sign-in';

const FOUR_OZ = 1;
const ONE_OZ = 21;
const LEGACY_TESTER = 17;

const contact = {
  customerName: 'Ada Buyer',
  customerEmail: 'ada@example.com',
  customerPhone: '555-0100',
  businessName: 'Mist Shop',
};

describe('order history, detail and reorder', () => {
  let t: TestApp;
  let bundleId: number;
  let testerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ bundleId, testerId } = await findSeededSpecialIds(t.app));
  });
  afterAll(() => t.close());

  const newCustomer = async () => {
    const user = await createUser(t.db);
    return { user, cookie: await signIn(t.app, t.db, user.email) };
  };

  const placeOrder = async (
    cookie: string,
    lines: Array<{ productId: number; quantity: number }> = [{ productId: FOUR_OZ, quantity: 24 }],
    notes: string | null = null,
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-draft-order',
      headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
      payload: { customer: contact, orderItems: lines, notes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return createDraftOrderResponseSchema.parse(response.json());
  };

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const list = async (cookie: string, query = '') => {
    const response = await get(`/api/orders${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return orderListResponseSchema.parse(response.json());
  };
  const detail = async (cookie: string, id: number) => {
    const response = await get(`/api/orders/${id}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return orderDetailResponseSchema.parse(response.json());
  };
  const reorder = (cookie: string, id: number | string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/reorder`, headers: { ...sameOrigin, cookie } });
  const orderCount = async () =>
    (await sqlRows<{ n: number }>(t.db, sql`select count(*)::int as n from orders`))[0]?.n;
  const setOrder = (id: number, values: Partial<typeof orders.$inferInsert>) =>
    t.db.update(orders).set(values).where(eq(orders.id, id));

  /** The shop's price of one product as a browser sees it (through the cached catalogue). */
  const listedPrice = async (productId: number, query = '?quantity=24') =>
    (await get(`/api/products/${productId}/price${query}`)).json<{ price: number }>().price;

  /** Sets a wholesale price straight in the database and waits until the app's cache has it. */
  const setWholesalePrice = async (productId: number, price: string, pricedAt24: number) => {
    await sqlRows(t.db, sql`update products set wholesale_price = ${price}::numeric where id = ${productId}`);
    await vi.waitFor(async () => expect(await listedPrice(productId)).toBe(pricedAt24), { timeout: 10_000 });
  };

  describe('GET /api/orders', () => {
    it('answers a customer without orders with an empty list and 0 pages', async () => {
      const { cookie } = await newCustomer();
      expect(await list(cookie)).toEqual({ orders: [], totalPages: 0, page: 1, total: 0 });
    });

    it('pages by 5, newest first: 5 orders are one page, 6 are two with the oldest alone on page 2', async () => {
      const { cookie } = await newCustomer();
      const placed: number[] = [];
      for (let index = 0; index < 5; index += 1) placed.push((await placeOrder(cookie)).orderId);

      const five = await list(cookie);
      expect(five).toMatchObject({ totalPages: 1, page: 1, total: 5 });
      expect(five.orders.map((order) => order.id)).toEqual([...placed].reverse());

      placed.push((await placeOrder(cookie)).orderId);
      const first = await list(cookie, '?page=1&limit=5');
      expect(first).toMatchObject({ totalPages: 2, page: 1, total: 6 });
      expect(first.orders.map((order) => order.id)).toEqual(placed.slice(1).reverse());
      const second = await list(cookie, '?page=2&limit=5');
      expect(second).toMatchObject({ totalPages: 2, page: 2, total: 6 });
      expect(second.orders.map((order) => order.id)).toEqual([placed[0]]);

      expect(await list(cookie, '?page=3')).toEqual({ orders: [], totalPages: 2, page: 3, total: 6 });
      expect(await list(cookie, '?page=99&limit=50')).toMatchObject({ orders: [], totalPages: 1, total: 6 });
      expect((await list(cookie, '?page=2147483647&limit=50')).orders).toEqual([]);
      expect((await list(cookie, '?limit=50')).orders).toHaveLength(6);
      expect((await list(cookie, '?limit=1')).totalPages).toBe(6);
    });

    it('lists each order with its lines, number, status and totals', async () => {
      const { cookie } = await newCustomer();
      const placed = await placeOrder(
        cookie,
        [
          { productId: FOUR_OZ, quantity: 24 },
          { productId: testerId, quantity: 1 },
        ],
        'Ring twice',
      );
      const [order] = (await list(cookie)).orders;
      expect(order).toMatchObject({
        id: placed.orderId,
        orderNumber: placed.orderName,
        status: 'pending',
        paymentStatus: 'unpaid',
        shopifyOrderId: null,
        customerName: 'Ada Buyer',
        businessName: 'Mist Shop',
        notes: 'Ring twice',
        totalCases: 2,
        totalUnits: 24,
        orderTotal: '237.60',
      });
      expect(order?.items.map((item) => [item.productId, item.unit, item.quantity, item.price])).toEqual([
        [FOUR_OZ, 'bottle', 24, '9.90'],
        [testerId, 'tester', 1, '0.00'],
      ]);
    });

    it.each([
      ['page=0'],
      ['page=-1'],
      ['page=abc'],
      ['page=1.5'],
      ['limit=0'],
      ['limit=51'],
      ['page=1&page=2'],
      ['customerId=1'],
      ['userId=1'],
      ['customer_id[]=1'],
    ])('answers 400 to the query %s', async (query) => {
      const { cookie } = await newCustomer();
      const response = await get(`/api/orders?${query}`, cookie);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
    });

    it('answers 401 to a signed-out visitor', async () => {
      const response = await get('/api/orders');
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
    });

    it('shows a customer only their own orders, whatever owner filter they add (docs/security.md#access-control)', async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const ofA = await placeOrder(a.cookie);
      const ofB = [await placeOrder(b.cookie), await placeOrder(b.cookie)];

      expect((await list(a.cookie)).orders.map((order) => order.id)).toEqual([ofA.orderId]);
      expect((await list(b.cookie)).orders.map((order) => order.id)).toEqual(
        ofB.map((order) => order.orderId).reverse(),
      );
      expect((await get(`/api/orders?customerId=${b.user.id}`, a.cookie)).statusCode).toBe(400);
      expect((await get(`/api/orders?userId=${b.user.id}`, a.cookie)).statusCode).toBe(400);
    });
  });

  describe('GET /api/orders/:id', () => {
    it('shows the order with its totals and lines (unit, case count, bottles) and the items again beside it', async () => {
      const { user, cookie } = await newCustomer();
      const placed = await placeOrder(
        cookie,
        [
          { productId: FOUR_OZ, quantity: 24 },
          { productId: bundleId, quantity: 1 },
          { productId: testerId, quantity: 1 },
        ],
        'Back door',
      );
      const answer = await detail(cookie, placed.orderId);

      // 3 cases → 10 %: 4 oz 9.59; the bundle 6 × 9.59 + 6 × 4.37 = 83.76.
      expect(answer.orderTotal).toBe('313.92');
      expect(answer.order).toMatchObject({
        id: placed.orderId,
        orderNumber: placed.orderName,
        status: 'pending',
        paymentStatus: 'unpaid',
        customerName: 'Ada Buyer',
        customerEmail: 'ada@example.com',
        customerPhone: '555-0100',
        businessName: 'Mist Shop',
        notes: 'Back door',
        totalCases: 3,
        totalUnits: 36,
        orderTotal: '313.92',
        standardTotal: '348.60',
        savings: '34.68',
        discountPercentage: 10,
        invoiceUrl: null,
        approvedAt: null,
        cancelledAt: null,
      });
      expect(answer.order).not.toHaveProperty('userId');
      expect(answer.items).toEqual([
        expect.objectContaining({
          productId: FOUR_OZ,
          name: '4 oz Bottle',
          productName: '4 oz Bottle',
          sku: '800-0001',
          unit: 'bottle',
          quantity: 24,
          units: 24,
          caseCount: 2,
          price: '9.59',
          priceForCalculation: 9.59,
          lineTotal: '230.16',
        }),
        expect.objectContaining({
          productId: bundleId,
          sku: '800-0004',
          unit: 'bundle',
          quantity: 1,
          units: 12,
          caseCount: 1,
          price: '83.76',
          lineTotal: '83.76',
        }),
        expect.objectContaining({
          productId: testerId,
          sku: '800-0003',
          unit: 'tester',
          quantity: 1,
          units: 0,
          caseCount: null,
          price: '0.00',
          lineTotal: '0.00',
        }),
      ]);
      expect(user.id).toBeGreaterThan(0);
    });

    it('reads the legacy statuses submitted as pending and completed as delivered, in the detail and the list', async () => {
      const { cookie } = await newCustomer();
      const { orderId } = await placeOrder(cookie);
      await setOrder(orderId, { status: 'submitted' });
      expect((await detail(cookie, orderId)).order.status).toBe('pending');
      await setOrder(orderId, { status: 'completed' });
      expect((await detail(cookie, orderId)).order.status).toBe('delivered');
      expect((await list(cookie)).orders[0]?.status).toBe('delivered');
      await setOrder(orderId, { status: 'shipped' });
      expect((await detail(cookie, orderId)).order.status).toBe('shipped');
    });

    it('shows the invoice link only while the invoice is sent, unpaid and the order not cancelled', async () => {
      const { cookie } = await newCustomer();
      const { orderId } = await placeOrder(cookie);
      const url = 'https://shop.example/invoices/abc123';
      const invoiceUrl = async () => (await detail(cookie, orderId)).order.invoiceUrl;

      await setOrder(orderId, { shopifyCheckoutUrl: url, paymentStatus: 'unpaid' });
      expect(await invoiceUrl()).toBeNull();
      await setOrder(orderId, { paymentStatus: 'invoice_sent', status: 'processing' });
      expect(await invoiceUrl()).toBe(url);
      await setOrder(orderId, { status: 'cancelled' });
      expect(await invoiceUrl()).toBeNull();
      await setOrder(orderId, { status: 'processing', paymentStatus: 'paid' });
      expect(await invoiceUrl()).toBeNull();
    });

    it('answers 404 with the same body for another customer’s order and a missing one (docs/security.md#access-control)', async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const ofB = await placeOrder(b.cookie, [{ productId: FOUR_OZ, quantity: 12 }], 'secret note of B');

      const foreign = await get(`/api/orders/${ofB.orderId}`, a.cookie);
      const missing = await get('/api/orders/99999999', a.cookie);
      expect(foreign.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      const { requestId: _foreignId, ...foreignBody } = errorBodySchema.parse(foreign.json());
      const { requestId: _missingId, ...missingBody } = errorBodySchema.parse(missing.json());
      expect(foreignBody).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
      expect(missingBody).toEqual(foreignBody);
      expect(foreign.body).not.toContain('secret note of B');
      expect(Object.keys(foreign.headers).sort()).toEqual(Object.keys(missing.headers).sort());

      // B still sees it.
      expect((await detail(b.cookie, ofB.orderId)).order.notes).toBe('secret note of B');
    });

    it.each([['abc'], ['1.5'], ['-1'], ['0'], ['1e3']])('answers 400 to the order id %s', async (id) => {
      const { cookie } = await newCustomer();
      const response = await get(`/api/orders/${id}`, cookie);
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
    });

    it('answers 401 to a signed-out visitor, even for an existing order', async () => {
      const { cookie } = await newCustomer();
      const { orderId } = await placeOrder(cookie);
      expect((await get(`/api/orders/${orderId}`)).statusCode).toBe(401);
    });
  });

  describe('POST /api/orders/:id/reorder', () => {
    it('gives the owner the old lines at today’s prices and creates no order (docs/orders.md#reorder)', async () => {
      const { cookie } = await newCustomer();
      const placed = await placeOrder(cookie, [
        { productId: FOUR_OZ, quantity: 24 },
        { productId: testerId, quantity: 1 },
      ]);

      const before = await orderCount();
      const unchanged = await reorder(cookie, placed.orderId);
      expect(unchanged.statusCode, unchanged.body).toBe(200);
      expect(reorderResponseSchema.parse(unchanged.json())).toEqual({
        order: { id: placed.orderId, orderNumber: placed.orderName },
        id: placed.orderId,
        items: [
          expect.objectContaining({ productId: FOUR_OZ, quantity: 24, price: 9.9, sku: '800-0001' }),
          expect.objectContaining({ productId: testerId, quantity: 1, price: 0, sku: '800-0003' }),
        ],
        unavailable: [],
      });

      // 12.00 less 7 % = 11.16.
      await setWholesalePrice(FOUR_OZ, '12.00', 11.16);
      try {
        const repriced = reorderResponseSchema.parse((await reorder(cookie, placed.orderId)).json());
        expect(repriced.items[0]).toMatchObject({ productId: FOUR_OZ, quantity: 24, price: 11.16 });
        // The old order keeps what it was sold at.
        expect((await detail(cookie, placed.orderId)).items[0]?.price).toBe('9.90');
      } finally {
        await setWholesalePrice(FOUR_OZ, '10.65', 9.9);
      }
      expect(await orderCount()).toBe(before);
    });

    it('reports lines of an inactive product as unavailable instead of adding them', async () => {
      const { cookie } = await newCustomer();
      const placed = await placeOrder(cookie, [
        { productId: FOUR_OZ, quantity: 12 },
        { productId: ONE_OZ, quantity: 12 },
      ]);
      // An old line of the legacy tester 17, which is no longer for sale.
      await t.db.insert(orderItems).values({
        orderId: placed.orderId,
        productId: LEGACY_TESTER,
        quantity: 1,
        price: 0,
        name: 'Sample (legacy tester)',
        sku: 'SAMPLE-01',
      });
      await sqlRows(t.db, sql`update products set is_active = false where id = ${ONE_OZ}`);
      try {
        await vi.waitFor(async () => expect((await get(`/api/products/${ONE_OZ}`)).statusCode).toBe(404), {
          timeout: 10_000,
        });
        const response = await reorder(cookie, placed.orderId);
        expect(response.statusCode, response.body).toBe(200);
        const answer = reorderResponseSchema.parse(response.json());
        // Only one case is left: the 4 oz is priced at the 5 % tier (10.12), not the 7 % it was sold at.
        expect(
          answer.items.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
        ).toEqual([{ productId: FOUR_OZ, quantity: 12, price: 10.12 }]);
        expect(answer.unavailable).toEqual([
          { productId: ONE_OZ, productName: '1 oz Bottle', sku: '800-0002' },
          { productId: LEGACY_TESTER, productName: 'Sample (legacy tester)', sku: 'SAMPLE-01' },
        ]);
      } finally {
        await sqlRows(t.db, sql`update products set is_active = true where id = ${ONE_OZ}`);
        await vi.waitFor(async () => expect((await get(`/api/products/${ONE_OZ}`)).statusCode).toBe(200), {
          timeout: 10_000,
        });
      }
      // The detail still shows the legacy line as a tester line.
      const items = (await detail(cookie, placed.orderId)).items;
      expect(items.find((item) => item.productId === LEGACY_TESTER)).toMatchObject({
        unit: 'tester',
        caseCount: null,
        units: 0,
      });
    });

    it('rounds a legacy line of loose bottles up to whole cases and a legacy tester line down to one', async () => {
      const { cookie } = await newCustomer();
      const placed = await placeOrder(cookie, [{ productId: ONE_OZ, quantity: 12 }]);
      await t.db.insert(orderItems).values([
        {
          orderId: placed.orderId,
          productId: FOUR_OZ,
          quantity: 13,
          price: 1065,
          name: '4 oz Bottle',
          sku: '800-0001',
        },
        {
          orderId: placed.orderId,
          productId: testerId,
          quantity: 2,
          price: 0,
          name: 'Tester',
          sku: '800-0003',
        },
      ]);
      const answer = reorderResponseSchema.parse((await reorder(cookie, placed.orderId)).json());
      // 1 + 2 cases → 10 %.
      expect(answer.items.map(({ productId, quantity, price }) => ({ productId, quantity, price }))).toEqual([
        { productId: ONE_OZ, quantity: 12, price: 4.37 },
        { productId: FOUR_OZ, quantity: 24, price: 9.59 },
        { productId: testerId, quantity: 1, price: 0 },
      ]);
      expect(answer.unavailable).toEqual([]);
    });

    it('answers 404 with the not-found body for another customer’s order and creates nothing (docs/security.md#access-control)', async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const ofB = await placeOrder(b.cookie);
      const before = await orderCount();

      const foreign = await reorder(a.cookie, ofB.orderId);
      const missing = await reorder(a.cookie, 99999999);
      expect(foreign.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      const { requestId: _foreignId, ...foreignBody } = errorBodySchema.parse(foreign.json());
      const { requestId: _missingId, ...missingBody } = errorBodySchema.parse(missing.json());
      expect(foreignBody).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
      expect(missingBody).toEqual(foreignBody);
      expect(await orderCount()).toBe(before);
      expect((await list(a.cookie)).total).toBe(0);
    });

    it('answers 400 to a non-numeric id, 401 signed out and 403 from another origin', async () => {
      const { cookie } = await newCustomer();
      const { orderId } = await placeOrder(cookie);
      expect((await reorder(cookie, 'abc')).statusCode).toBe(400);
      const signedOut = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/reorder`,
        headers: sameOrigin,
      });
      expect(signedOut.statusCode).toBe(401);
      const crossSite = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/reorder`,
        headers: { origin: 'https://evil.example', cookie },
      });
      expect(crossSite.statusCode).toBe(403);
    });

    it('ignores a cache-busting query parameter', async () => {
      const { cookie } = await newCustomer();
      const { orderId } = await placeOrder(cookie);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/reorder?_=${Date.now()}`,
        headers: { ...sameOrigin, cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
  });
});
