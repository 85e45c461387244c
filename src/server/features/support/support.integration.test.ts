import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/errors';
import { SUPPORT_MESSAGES, supportContactResponseSchema } from '../../../shared/schemas/support';
import { supportMessages, users, type OrderRow } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer } from '../../test/factories/users';
import { mailsTo } from '../../test/outbox';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { storeOrder } from '../../test/factories/orders';

import { sendSupportMessage, storeSupportMessage, validSupportMessage } from './support-test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh signed-in customer: each test has its own hourly allowance. */
async function newCustomer(values: { phone?: string | null; businessName?: string } = {}) {
  const user = await createCustomer(t.db, {
    business: { name: values.businessName, contact: { phone: values.phone } },
  });
  return { user, cookie: await signIn(t.app, t.db, user.email) };
}

const contact = (cookie: string | undefined, body: unknown = validSupportMessage) =>
  sendSupportMessage(t.app, cookie, body);

async function sent(cookie: string, body: unknown = validSupportMessage) {
  const response = await contact(cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return supportContactResponseSchema.parse(response.json());
}

const errorOf = (response: { json: () => unknown }) => errorBodySchema.parse(response.json());

const storedOf = (userId: number) =>
  t.db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(asc(supportMessages.id));

/** The support e-mails the customer `email` caused (Reply-To is theirs), oldest first. */
const supportMailsOf = async (email: string) =>
  (await mailsTo(t.db, t.env.SUPPORT_EMAIL)).filter((message) => message.replyTo === email);

describe('POST /api/support/contact', () => {
  it('stores the message with the customer and their five newest orders from the database, and answers 201', async () => {
    const { user, cookie } = await newCustomer({ phone: '555-0100', businessName: 'Hopper Naturals' });
    const stored: OrderRow[] = [];
    for (let day = 1; day <= 6; day++) {
      stored.push(
        await storeOrder(t.db, {
          userId: user.id,
          createdAt: new Date(`2030-03-0${day}T10:00:00Z`),
          orderTotal: 12_780 + day,
          status: day === 6 ? 'submitted' : 'shipped',
        }),
      );
    }
    // Someone else's newer order is not among this customer's recent orders.
    const other = await newCustomer();
    await storeOrder(t.db, { userId: other.user.id, createdAt: new Date('2030-03-09T10:00:00Z') });

    const body = await sent(cookie, {
      ...validSupportMessage,
      message: '  Two bottles arrived cracked.  ',
      // What the browser claims about the customer and their orders is ignored.
      userInfo: { id: 1, name: 'Someone Else', email: 'attacker@example.com', businessName: 'Evil' },
      recentOrders: [
        { id: 999, orderNumber: 'WO-1999', date: '2020-01-01', status: 'pending', total: '0.00' },
      ],
      orderDetails: { id: 999, customerName: 'Someone Else' },
    });
    expect(body).toEqual({ success: true, message: SUPPORT_MESSAGES.sentDescription });
    expect(body.message).toBe("We've received your message and will respond within 1-2 business days.");

    const [row] = await storedOf(user.id);
    expect(row).toMatchObject({
      subject: 'damaged-items',
      priority: 'medium',
      message: 'Two bottles arrived cracked.',
      status: 'open',
      specificOrderId: null,
      orderDetails: null,
      userInfo: {
        id: user.id,
        name: 'Ada Buyer',
        email: user.email,
        phone: '555-0100',
        businessName: 'Hopper Naturals',
        accountCreated: user.createdAt.toISOString(),
      },
    });
    const newestFive = stored.slice(1).reverse();
    expect(row?.recentOrders).toEqual(
      newestFive.map((order) => ({
        id: order.id,
        orderNumber: `WO-${1000 + order.id}`,
        date: order.createdAt.toISOString(),
        // Legacy 'submitted' is read as pending.
        status: order.id === stored[5]?.id ? 'pending' : 'shipped',
        total: `127.${80 + (stored.indexOf(order) + 1)}`,
      })),
    );
  });

  it("says 'Not provided' for a missing phone and stores an empty list for a customer without orders", async () => {
    const { user, cookie } = await newCustomer({ phone: null });
    await sent(cookie);
    const [row] = await storedOf(user.id);
    expect(row?.userInfo).toMatchObject({ phone: 'Not provided' });
    expect(row?.recentOrders).toEqual([]);
  });

  it('e-mails the support inbox with Reply-To the customer: subject, priority, customer, recent orders and the message', async () => {
    const { user, cookie } = await newCustomer({ phone: '555-0100', businessName: 'Hopper Naturals' });
    const order = await storeOrder(t.db, { userId: user.id, orderTotal: 12_780 });
    await sent(cookie, {
      subject: 'billing-issue',
      priority: 'high',
      message: 'The invoice shows the wrong amount.\nPlease check it.',
    });

    const [mail, ...more] = await supportMailsOf(user.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: t.env.SUPPORT_EMAIL, replyTo: user.email });
    expect(mail?.subject).toBe(`${t.env.STORE_NAME}: Support [HIGH] Billing Issue - Hopper Naturals`);
    for (const part of [
      'Subject: Billing Issue',
      'Priority: High (Urgent issue affecting business)',
      `Customer: Ada Buyer <${user.email}>, phone 555-0100, customer #${user.id}`,
      `Recent orders: WO-${1000 + order.id}`,
      '$127.80',
      'The invoice shows the wrong amount.',
      'Please check it.',
      'Not about a specific order.',
      `${t.env.APP_ORIGIN}/admin?section=support`,
    ]) {
      expect(mail?.text).toContain(part);
    }
    expect(mail?.text).not.toContain('section=support&order=');
  });

  it("attaches the customer's own order: its details are stored and e-mailed with a link for staff", async () => {
    const { user, cookie } = await newCustomer();
    const order = await storeOrder(t.db, {
      userId: user.id,
      businessName: 'Order Time Shop',
      customerName: 'Ada At Order Time',
      customerEmail: 'orders@hopper.example',
      notes: 'Leave at the back door',
      shopifyOrderId: '#1001',
      status: 'completed',
      createdAt: new Date('2030-05-01T12:00:00Z'),
    });

    await sent(cookie, {
      subject: `Order Issue - Order #${order.id} (Shopify #1001)`,
      priority: 'high',
      message: 'One case is missing from this order.',
      specificOrderId: order.id,
    });

    const [row] = await storedOf(user.id);
    // A subject of a form opened before the order number was used is written anew: the number, no Shopify name.
    expect(row?.subject).toBe(`Order Issue - Order #WO-${1000 + order.id}`);
    expect(row?.specificOrderId).toBe(order.id);
    expect(row?.orderDetails).toEqual({
      id: order.id,
      orderNumber: `WO-${1000 + order.id}`,
      status: 'delivered',
      createdAt: '2030-05-01T12:00:00.000Z',
      customerName: 'Ada At Order Time',
      customerEmail: 'orders@hopper.example',
      businessName: 'Order Time Shop',
      notes: 'Leave at the back door',
      shopifyOrderId: '#1001',
    });

    const [mail] = await supportMailsOf(user.email);
    expect(mail?.subject).toContain(`Order Issue - Order #WO-${1000 + order.id}`);
    for (const part of [
      `About order WO-${1000 + order.id} (id ${order.id}), delivered, placed 2030-05-01.`,
      'Shopify order #1001',
      'Ordered by: Ada At Order Time <orders@hopper.example>, Order Time Shop',
      'Order notes: Leave at the back door',
      `${t.env.APP_ORIGIN}/admin?section=support&order=${order.id}`,
    ]) {
      expect(mail?.text).toContain(part);
    }
  });

  it("drops another customer's order and a missing order without a word: same answer, no context, nothing of it e-mailed", async () => {
    const owner = await newCustomer();
    const theirs = await storeOrder(t.db, {
      userId: owner.user.id,
      businessName: 'Secret Owner Shop',
      customerName: 'Secret Owner',
      customerEmail: 'secret-owner@example.com',
      notes: 'Secret delivery notes',
      shopifyOrderId: '#7777',
    });
    const { user, cookie } = await newCustomer();

    const answers: unknown[] = [];
    for (const specificOrderId of [theirs.id, 2_000_000_000]) {
      const response = await contact(cookie, { ...validSupportMessage, specificOrderId });
      expect(response.statusCode).toBe(201);
      answers.push(supportContactResponseSchema.parse(response.json()));
    }
    expect(answers[0]).toEqual(answers[1]);

    const rows = await storedOf(user.id);
    expect(rows.map((row) => [row.specificOrderId, row.orderDetails])).toEqual([
      [null, null],
      [null, null],
    ]);
    const mails = await supportMailsOf(user.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain('Not about a specific order.');
      for (const secret of [
        `WO-${1000 + theirs.id}`,
        'Secret Owner',
        'secret-owner@example.com',
        'Secret delivery notes',
        '#7777',
        `order=${theirs.id}`,
      ]) {
        expect(mail.text).not.toContain(secret);
        expect(mail.html).not.toContain(secret);
      }
    }
  });

  it("writes an order-issue subject from the customer's own order, never from the subject sent", async () => {
    const owner = await newCustomer();
    const theirs = await storeOrder(t.db, { userId: owner.user.id, shopifyOrderId: '#7777' });
    const { user, cookie } = await newCustomer();
    const mine = await storeOrder(t.db, { userId: user.id, shopifyOrderId: '#D12' });

    const forged = `Order Issue - Order #${theirs.id} (Shopify #1001 refund to IBAN XX)`;
    await sent(cookie, { ...validSupportMessage, subject: forged, specificOrderId: theirs.id });
    await sent(cookie, {
      ...validSupportMessage,
      subject: `Order Issue - Order #${theirs.id}`,
      specificOrderId: mine.id,
    });

    const rows = await storedOf(user.id);
    expect(rows.map((row) => [row.subject, row.specificOrderId])).toEqual(
      expect.arrayContaining([
        ['order-issue', null],
        [`Order Issue - Order #WO-${1000 + mine.id}`, mine.id],
      ]),
    );
    const mails = await supportMailsOf(user.email);
    for (const mail of mails) expect(mail.subject).not.toContain('IBAN');
  });

  it('refuses control characters such as NUL in the message with a 400 naming it, and keeps line breaks', async () => {
    const { user, cookie } = await newCustomer();
    const refused = await contact(cookie, {
      ...validSupportMessage,
      message: 'Broken\u0000 spray\u0007 heads on arrival.\nPlease help.',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'message: must not contain control characters',
    });
    expect(await storedOf(user.id)).toEqual([]);
    await sent(cookie, {
      ...validSupportMessage,
      message: 'Broken spray heads on arrival.\r\n\tPlease help.',
    });
    const [row] = await storedOf(user.id);
    expect(row?.message).toBe('Broken spray heads on arrival.\r\n\tPlease help.');
  });

  it('keeps control characters of the business name out of the e-mail subject (no header injection)', async () => {
    const { user, cookie } = await newCustomer({
      businessName: 'Mist\r\nBcc: victim@example.com\u202E Shop',
    });
    await sent(cookie);
    const [mail] = await supportMailsOf(user.email);
    expect(mail?.subject).toBe(
      `${t.env.STORE_NAME}: Support [MEDIUM] Damaged Items - Mist Bcc: victim@example.com Shop`,
    );
    expect(mail?.subject).not.toMatch(/[\r\n\u202E]/);
  });
});

describe('what the contact form accepts', () => {
  let cookie: string;
  let userId: number;

  beforeAll(async () => {
    const customer = await newCustomer();
    cookie = customer.cookie;
    userId = customer.user.id;
  });

  const refusal = async (body: Record<string, unknown>) => {
    const response = await contact(cookie, body);
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    return error.message;
  };

  const { subject: _subject, ...withoutSubject } = validSupportMessage;
  const { priority: _priority, ...withoutPriority } = validSupportMessage;

  it("answers each rule's message from the spec, and stores nothing", async () => {
    expect(await refusal(withoutSubject)).toBe('Please select a subject');
    expect(await refusal({ ...validSupportMessage, subject: '' })).toBe('Please select a subject');
    expect(await refusal({ ...validSupportMessage, subject: '   ' })).toBe('Please select a subject');
    expect(await refusal(withoutPriority)).toBe('Please select a priority level');
    expect(await refusal({ ...validSupportMessage, priority: 'urgent' })).toBe(
      'Please select a priority level',
    );
    expect(await refusal({ ...validSupportMessage, message: '123456789' })).toBe(
      'Message must be at least 10 characters',
    );
    // Surrounding spaces do not count.
    expect(await refusal({ ...validSupportMessage, message: `   123456789   ` })).toBe(
      'Message must be at least 10 characters',
    );
    expect(await refusal({ ...validSupportMessage, message: 'x'.repeat(2001) })).toBe(
      'Message must be less than 2000 characters',
    );
    // 2001 emoji are 2001 characters (4002 UTF-16 units).
    expect(await refusal({ ...validSupportMessage, message: '😀'.repeat(2001) })).toBe(
      'Message must be less than 2000 characters',
    );
    expect(await storedOf(userId)).toEqual([]);
  });

  it('refuses a subject that is not one of the options: free text, line breaks, a forged order subject', async () => {
    for (const subject of [
      'Please call me back',
      'damaged-items\r\nBcc: victim@example.com',
      'Order Issue - Order #12\r\nBcc: victim@example.com',
      'Order Issue - Order #12 (Shopify #1001\nBcc: victim@example.com)',
      'x'.repeat(201),
    ]) {
      expect(await refusal({ ...validSupportMessage, subject }), subject).toBe(
        'Please select a subject from the list',
      );
    }
    expect(await storedOf(userId)).toEqual([]);
  });

  it('accepts 10 and 2000 characters, 2000 emoji, and an order-issue subject (without an order of theirs: plain order-issue)', async () => {
    await sent(cookie, { ...validSupportMessage, message: '1234567890' });
    await sent(cookie, { ...validSupportMessage, message: 'y'.repeat(2000) });
    await sent(cookie, { ...validSupportMessage, message: '😀'.repeat(2000) });
    await sent(cookie, { ...validSupportMessage, subject: 'Order Issue - Order #12' });
    const rows = await storedOf(userId);
    expect(rows.map((row) => [...row.message].length)).toEqual([
      10,
      2000,
      2000,
      validSupportMessage.message.length,
    ]);
    expect(rows[3]?.subject).toBe('order-issue');
  });
});

describe('who may contact support', () => {
  it('answers 401 to a signed-out visitor, whatever the body', async () => {
    for (const body of [validSupportMessage, {}]) {
      const response = await contact(undefined, body);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to a request from another origin and stores nothing', async () => {
    const { user, cookie } = await newCustomer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      headers: { origin: 'https://evil.example', cookie },
      payload: validSupportMessage,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('CROSS_ORIGIN_REQUEST');
    expect(await storedOf(user.id)).toEqual([]);
  });

  it('refuses an administrator (403): the inbox is theirs, support messages come from customers', async () => {
    const cookie = await signInAdmin(t.app);
    const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const response = await contact(cookie, { ...validSupportMessage, subject: 'not even valid' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Support messages are sent from a customer account.',
    });
    expect(await storedOf(admin!.id)).toEqual([]);
  });
});

describe('the hourly limit per customer', () => {
  it('accepts five messages an hour; the sixth gets 429 with the message and Retry-After, and sends nothing', async () => {
    const { user, cookie } = await newCustomer();
    for (let i = 0; i < 5; i++) await sent(cookie);

    const response = await contact(cookie);
    expect(response.statusCode).toBe(429);
    expect(errorOf(response)).toMatchObject({ code: 'RATE_LIMITED', message: SUPPORT_MESSAGES.rateLimited });
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    expect(await storedOf(user.id)).toHaveLength(5);
    expect(await supportMailsOf(user.email)).toHaveLength(5);

    // Another customer is not held back.
    const other = await newCustomer();
    await sent(other.cookie);
  });

  it('counts only the last hour, and Retry-After says when the oldest counted message leaves it', async () => {
    const { user, cookie } = await newCustomer();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    for (const minutes of [90, 61])
      await storeSupportMessage(t.db, { userId: user.id, createdAt: minutesAgo(minutes) });
    for (const minutes of [50, 40, 30, 20]) {
      await storeSupportMessage(t.db, { userId: user.id, createdAt: minutesAgo(minutes) });
    }
    // Four in the last hour: one more goes through.
    await sent(cookie);

    const response = await contact(cookie);
    expect(response.statusCode).toBe(429);
    // The message of 50 minutes ago leaves the hour in about 10 minutes.
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(590);
    expect(retryAfter).toBeLessThanOrEqual(610);
  });

  // On PGlite (one connection) transactions never overlap; the advisory lock is what this proves under
  // `npm run test:pg`, which CI runs against PostgreSQL.
  it('lets no burst of simultaneous sends past the limit', async () => {
    const { user, cookie } = await newCustomer();
    const responses = await Promise.all(Array.from({ length: 8 }, () => contact(cookie)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await storedOf(user.id)).toHaveLength(5);
  });
});
