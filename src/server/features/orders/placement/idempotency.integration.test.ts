import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../../../shared/cart-rules';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import { createDraftOrderResponseSchema } from '../../../../shared/schemas/orders';
import { idempotencyKeys, orders, products } from '../../../db/schema';
import { sqlRows } from '../../../test/sql-rows';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { mailsTo } from '../../../test/outbox';
import { signIn } from '../../../test/factories/sign-in';

const FOUR_OZ = 1;
const ONE_OZ = 21;

const contact = { customerName: 'Ada Buyer', customerEmail: 'ada@example.com', businessName: 'Mist Shop' };
const orderBody = (lines: Array<{ productId: number; quantity: number; price?: number }>) => ({
  customer: contact,
  orderItems: lines,
  notes: null,
});

describe('idempotent order submission (docs/orders.md#idempotency)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newCustomer = async () => {
    const user = await createUser(t.db);
    return { user, cookie: await signIn(t.app, t.db, user.email) };
  };

  const submit = (cookie: string, body: unknown, key: string | null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-draft-order',
      payload: body as Record<string, unknown>,
      headers: { ...sameOrigin, cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
    });

  const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.userId, userId));
  const orderCount = async () =>
    (await sqlRows<{ n: number }>(t.db, sql`select count(*)::int as n from orders`))[0]?.n;

  /** The submission e-mails of one order: [to the customer, to staff]. */
  const orderMails = async (email: string, orderName: string) => {
    const mentions = (mails: Array<{ subject: string }>) =>
      mails.filter((mail) => mail.subject.includes(orderName)).length;
    return [mentions(await mailsTo(t.db, email)), mentions(await mailsTo(t.db, t.env.STAFF_EMAIL))];
  };

  describe('the key itself', () => {
    it('answers 400 IDEMPOTENCY_KEY_REQUIRED without the header, or with an empty one, and places no order', async () => {
      const { user, cookie } = await newCustomer();
      const before = await orderCount();
      for (const key of [null, '']) {
        const response = await submit(cookie, orderBody([{ productId: FOUR_OZ, quantity: 12 }]), key);
        expect(response.statusCode).toBe(400);
        expect(errorBodySchema.parse(response.json())).toMatchObject({
          code: 'IDEMPOTENCY_KEY_REQUIRED',
          message: 'An Idempotency-Key header is required to submit an order.',
        });
      }
      expect(await orderCount()).toBe(before);
      expect(await ordersOf(user.id)).toEqual([]);
    });

    it('answers 400 for a key that is too short, too long or not visible ASCII', async () => {
      const { cookie } = await newCustomer();
      const before = await orderCount();
      for (const key of ['short', 'x'.repeat(201), 'has a space in it']) {
        const response = await submit(cookie, orderBody([{ productId: FOUR_OZ, quantity: 12 }]), key);
        expect(response.statusCode, key).toBe(400);
        expect(errorBodySchema.parse(response.json()).message).toMatch(/^Idempotency-Key: /);
      }
      expect(await orderCount()).toBe(before);
    });
  });

  describe('sequential retries', () => {
    it('answers the same key and body again with the first 201 body and Idempotent-Replayed, placing one order and one pair of e-mails', async () => {
      const { user, cookie } = await newCustomer();
      const key = randomUUID();
      const body = orderBody([{ productId: FOUR_OZ, quantity: 24 }]);

      const first = await submit(cookie, body, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const answer = createDraftOrderResponseSchema.parse(first.json());

      for (let attempt = 0; attempt < 2; attempt += 1) {
        const again = await submit(cookie, body, key);
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json()).toEqual(answer);
      }

      expect((await ordersOf(user.id)).map((order) => order.id)).toEqual([answer.orderId]);
      expect(await orderMails(user.email, answer.orderName)).toEqual([1, 1]);
    });

    it('replays a placed order for its key even when its cart would no longer pass (the product was withdrawn)', async () => {
      const { user, cookie } = await newCustomer();
      const key = randomUUID();
      const body = orderBody([
        { productId: FOUR_OZ, quantity: 12 },
        { productId: ONE_OZ, quantity: 12 },
      ]);
      const first = await submit(cookie, body, key);
      expect(first.statusCode, first.body).toBe(201);
      await t.db.update(products).set({ isActive: false }).where(eq(products.id, ONE_OZ));
      try {
        await expect.poll(async () => (await submit(cookie, body, randomUUID())).statusCode).toBe(422);
        const again = await submit(cookie, body, key);
        expect(again.statusCode, again.body).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json()).toEqual(first.json());
      } finally {
        await t.db.update(products).set({ isActive: true }).where(eq(products.id, ONE_OZ));
      }
      expect(await ordersOf(user.id)).toHaveLength(1);
    });

    it('replays when only the informational fields differ (a client price, testMode)', async () => {
      const { user, cookie } = await newCustomer();
      const key = randomUUID();
      const first = await submit(cookie, orderBody([{ productId: FOUR_OZ, quantity: 24, price: 9.9 }]), key);
      expect(first.statusCode).toBe(201);
      const again = await submit(
        cookie,
        { ...orderBody([{ productId: FOUR_OZ, quantity: 24, price: 1 }]), testMode: false },
        key,
      );
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await ordersOf(user.id)).toHaveLength(1);
    });

    it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with a different body, placing nothing new', async () => {
      const { user, cookie } = await newCustomer();
      const key = randomUUID();
      const first = await submit(cookie, orderBody([{ productId: FOUR_OZ, quantity: 24 }]), key);
      expect(first.statusCode).toBe(201);
      const before = await orderCount();

      for (const body of [
        orderBody([{ productId: FOUR_OZ, quantity: 36 }]),
        orderBody([
          { productId: FOUR_OZ, quantity: 24 },
          { productId: ONE_OZ, quantity: 12 },
        ]),
        { ...orderBody([{ productId: FOUR_OZ, quantity: 24 }]), notes: 'Please hurry' },
      ]) {
        const response = await submit(cookie, body, key);
        expect(response.statusCode).toBe(422);
        expect(errorBodySchema.parse(response.json())).toMatchObject({
          code: 'IDEMPOTENCY_KEY_REUSED',
          message:
            'This order was already submitted with different details. Please check your order history.',
        });
      }
      expect(await orderCount()).toBe(before);
      expect(await ordersOf(user.id)).toHaveLength(1);
    });

    it('treats a key another customer already used as a new key of this customer, never answering with the other’s order', async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const key = randomUUID();
      const body = orderBody([{ productId: FOUR_OZ, quantity: 24 }]);

      const ofA = await submit(a.cookie, body, key);
      const ofB = await submit(b.cookie, body, key);
      expect(ofA.statusCode).toBe(201);
      expect(ofB.statusCode).toBe(201);
      expect(ofB.headers['idempotent-replayed']).toBeUndefined();
      const answerA = createDraftOrderResponseSchema.parse(ofA.json());
      const answerB = createDraftOrderResponseSchema.parse(ofB.json());
      expect(answerB.orderId).not.toBe(answerA.orderId);
      expect((await ordersOf(a.user.id)).map((order) => order.id)).toEqual([answerA.orderId]);
      expect((await ordersOf(b.user.id)).map((order) => order.id)).toEqual([answerB.orderId]);

      // Each customer's retry replays their own order.
      expect((await submit(a.cookie, body, key)).json()).toEqual(answerA);
      expect((await submit(b.cookie, body, key)).json()).toEqual(answerB);
    });

    it('lets a key whose submission failed (a cart rule) be used again with the corrected order', async () => {
      const { user, cookie } = await newCustomer();
      const key = randomUUID();
      const failed = await submit(cookie, orderBody([{ productId: FOUR_OZ, quantity: 13 }]), key);
      expect(failed.statusCode).toBe(422);
      expect(errorBodySchema.parse(failed.json()).message).toBe(CART_MESSAGES.caseQuantity);
      expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);

      const corrected = await submit(cookie, orderBody([{ productId: FOUR_OZ, quantity: 12 }]), key);
      expect(corrected.statusCode, corrected.body).toBe(201);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
      const answer = createDraftOrderResponseSchema.parse(corrected.json());
      expect((await ordersOf(user.id)).map((order) => order.id)).toEqual([answer.orderId]);

      const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(stored).toMatchObject({
        userId: user.id,
        state: 'completed',
        responseStatus: 201,
        responseBody: answer,
      });
      expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000);
    });
  });

  describe('concurrent requests', () => {
    it('places exactly one order for 20 simultaneous requests with one key; each answer is that 201 or a 409', async () => {
      const { user, cookie } = await newCustomer();
      const key = randomUUID();
      const body = orderBody([{ productId: FOUR_OZ, quantity: 24 }]);

      const responses = await Promise.all(Array.from({ length: 20 }, () => submit(cookie, body, key)));

      const created = responses.filter((response) => response.statusCode === 201);
      const inProgress = responses.filter((response) => response.statusCode === 409);
      expect(created.length + inProgress.length, responses.map((r) => r.body).join('\n')).toBe(20);
      expect(created.length).toBeGreaterThanOrEqual(1);
      const firsts = created.filter((response) => response.headers['idempotent-replayed'] === undefined);
      expect(firsts).toHaveLength(1);
      const answer = createDraftOrderResponseSchema.parse(firsts[0]?.json());
      for (const response of created) expect(response.json()).toEqual(answer);
      for (const response of inProgress) {
        expect(errorBodySchema.parse(response.json()).code).toBe('IDEMPOTENCY_IN_PROGRESS');
      }

      expect((await ordersOf(user.id)).map((order) => order.id)).toEqual([answer.orderId]);
      expect(await orderMails(user.email, answer.orderName)).toEqual([1, 1]);
      // A retry after the storm replays the one order.
      const retry = await submit(cookie, body, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(answer);
    });

    it('places 50 orders for 50 simultaneous requests with distinct keys, all 201 with distinct order numbers', async () => {
      // Two customers: the per-customer limit (30 a minute) is not what this test is about.
      const { user, cookie } = await newCustomer();
      const { user: secondUser, cookie: second } = await newCustomer();
      const before = await orderCount();

      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          submit(
            index % 2 === 0 ? cookie : second,
            orderBody([{ productId: index % 3 === 0 ? ONE_OZ : FOUR_OZ, quantity: 12 * (1 + (index % 4)) }]),
            randomUUID(),
          ),
        ),
      );

      expect(
        responses.map((response) => response.statusCode),
        responses.map((r) => r.body).join('\n'),
      ).toEqual(Array.from({ length: 50 }, () => 201));
      const answers = responses.map((response) => createDraftOrderResponseSchema.parse(response.json()));
      expect(new Set(answers.map((answer) => answer.orderId)).size).toBe(50);
      expect(new Set(answers.map((answer) => answer.orderName)).size).toBe(50);
      expect(await orderCount()).toBe((before ?? 0) + 50);
      expect(await ordersOf(user.id)).toHaveLength(25);
      expect(await ordersOf(secondUser.id)).toHaveLength(25);
    });
  });
});
