import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '../../shared/orders';
import { PAYMENT_REMINDER_COOLDOWN_MS } from '../../shared/payment-terms';
import { SUPPORT_MESSAGES_PER_HOUR } from '../../shared/schemas/support';
import type { App } from '../app';
import {
  cookieOf,
  enrolInPortal,
  testTotpKey,
  wrongCode,
} from '../features/admin-session/admin-sign-in-test-support';
import { ADMIN_TEST_PASSWORD, createAdmin, createUser } from '../test/factories/users';
import { freshIp, get, post } from '../test/requests';
import { mailsTo } from '../test/outbox';
import { adminLogin, signIn, signInAdmin } from '../test/factories/sign-in';
import { auditRowsOf } from '../test/factories/audit';
import { storeOrder } from '../test/factories/orders';
import { LOGIN_CHALLENGE_MAX_FAILURES } from '../features/admin-session/admin-session.service';
import { validSupportMessage } from '../features/support/support-test-support';
import { sqlRows } from '../test/sql-rows';
import { createTestApp, sameOrigin, type TestApp } from '../test/test-app';
import { ADMIN_LOGIN_LIMITS, EMAIL_SEND_LIMITS, ROUTE_RATE_LIMITS } from './rate-limits';

/**
 * Issue 29 'limits that hold under parallel requests' (docs/security.md#rate-limits): every limited route
 * gets a burst of 50 requests at once, and at most its limit gets through. A limit read before the work and
 * counted after it lets a burst through whole; these are counted before.
 */

const BURST = 50;
const DAY = 24 * 60 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TOTP_ENCRYPTION_KEY: testTotpKey() } });
});
afterAll(() => t.close());

type Response = Awaited<ReturnType<App['inject']>>;

/** `send(index)` BURST times at once; the answers. */
const burst = (send: (index: number) => Promise<Response>) =>
  Promise.all(Array.from({ length: BURST }, (_, index) => send(index)));

/** How many answers had each status, e.g. `{ 200: 20, 429: 30 }`. */
function statusCounts(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

async function jobsFor(type: string, email: string): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(
    t.db,
    sql`select count(*)::int as count from jobs where type = ${type} and payload->>'email' = ${email}`,
  );
  return row?.count ?? 0;
}

describe('a burst of 50 parallel requests to each limited route', () => {
  it(`sends at most ${EMAIL_SEND_LIMITS.perAddress.max} sign-in links to one address (same answer to all)`, async () => {
    const user = await createUser(t.db);
    // Each request from its own address: only the per-address limit decides (one IP would also meet the
    // per-IP limit, counted in parallel, and which of the two refuses a request would be up to the race).
    const responses = await burst(() =>
      post(t.app, '/api/request-magic-link', { email: user.email }, { ip: freshIp() }),
    );
    expect(statusCounts(responses)).toEqual({ 200: BURST });
    expect(await jobsFor('account.sign-in-link', user.email)).toBe(EMAIL_SEND_LIMITS.perAddress.max);
  });

  it(`sends at most ${EMAIL_SEND_LIMITS.perAddress.max} reset links to one address (same answer to all)`, async () => {
    const user = await createUser(t.db);
    // Each request from its own address: only the per-address limit decides (one IP would also meet the
    // per-IP limit, counted in parallel, and which of the two refuses a request would be up to the race).
    const responses = await burst(() =>
      post(t.app, '/api/request-password-reset', { email: user.email }, { ip: freshIp() }),
    );
    expect(statusCounts(responses)).toEqual({ 200: BURST });
    expect(await jobsFor('account.reset-link', user.email)).toBe(EMAIL_SEND_LIMITS.perAddress.max);
  });

  it(`sends at most ${EMAIL_SEND_LIMITS.perIp.max} links from one IP address to many addresses`, async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: BURST }, () => createUser(t.db)));
    await burst((index) => post(t.app, '/api/request-magic-link', { email: users[index]!.email }, { ip }));
    const sent = await Promise.all(users.map((user) => jobsFor('account.sign-in-link', user.email)));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(EMAIL_SEND_LIMITS.perIp.max);
  });

  it(`lets ${ROUTE_RATE_LIMITS.register.max} registrations from one IP address through`, async () => {
    const ip = freshIp();
    const responses = await burst(() => post(t.app, '/api/register', {}, { ip }));
    // An empty form (400 naming the missing fields) counts like any registration.
    expect(statusCounts(responses)).toEqual({
      400: ROUTE_RATE_LIMITS.register.max,
      429: BURST - ROUTE_RATE_LIMITS.register.max,
    });
  });

  it(`lets ${ROUTE_RATE_LIMITS.verify.max} magic-link checks from one IP address through`, async () => {
    const ip = freshIp();
    const responses = await burst((index) =>
      post(
        t.app,
        index % 2 ? '/api/auth/verify' : '/api/auth/link-info',
        { token: `bogus-${index}` },
        { ip },
      ),
    );
    expect(statusCounts(responses)[429]).toBe(BURST - ROUTE_RATE_LIMITS.verify.max);
  });

  it(`lets ${ROUTE_RATE_LIMITS.resetToken.max} reset-token checks and resets from one IP address through`, async () => {
    const ip = freshIp();
    const responses = await burst((index) =>
      index % 2
        ? get(t.app, `/api/validate-reset-token/bogus-${index}`, { ip })
        : post(
            t.app,
            '/api/reset-password',
            { token: `bogus-${index}`, password: 'Long-Enough-Pass-1' },
            { ip },
          ),
    );
    expect(statusCounts(responses)[429]).toBe(BURST - ROUTE_RATE_LIMITS.resetToken.max);
  });

  it(`checks at most ${ADMIN_LOGIN_LIMITS.perIp.max} wrong administrator passwords from one IP address`, async () => {
    const admin = await createAdmin(t.db);
    const ip = freshIp();
    const responses = await burst((index) =>
      adminLogin(t.app, admin.username, `Wrong-Pass-${index}`, { ip }),
    );
    expect(statusCounts(responses)).toEqual({
      401: ADMIN_LOGIN_LIMITS.perIp.max,
      429: BURST - ADMIN_LOGIN_LIMITS.perIp.max,
    });
    // The block holds for the right password too.
    expect((await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { ip })).statusCode).toBe(429);
  });

  it(`checks at most ${LOGIN_CHALLENGE_MAX_FAILURES} wrong codes on one pending sign-in`, async () => {
    const admin = await createAdmin(t.db);
    const { secret } = await enrolInPortal(
      t.app,
      await signInAdmin(t.app, { username: admin.username, password: ADMIN_TEST_PASSWORD }),
      ADMIN_TEST_PASSWORD,
    );
    const ip = freshIp();
    const pending = cookieOf(
      await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { ip }),
      'admin_login',
    );
    expect(pending).toBeDefined();
    const code = wrongCode(secret);
    const responses = await burst(() =>
      post(t.app, '/api/admin/login/code', { code }, { cookie: pending, ip }),
    );
    const counts = statusCounts(responses);
    expect(counts[401]).toBe(LOGIN_CHALLENGE_MAX_FAILURES);
    expect((counts[410] ?? 0) + (counts[429] ?? 0)).toBe(BURST - LOGIN_CHALLENGE_MAX_FAILURES);
  });

  it(`checks at most ${ADMIN_LOGIN_LIMITS.perSession.max} wrong codes and passwords in one signed-in session`, async () => {
    const admin = await createAdmin(t.db);
    const cookie = await signInAdmin(t.app, { username: admin.username, password: ADMIN_TEST_PASSWORD });
    const setups = await burst((index) =>
      post(t.app, '/api/admin/security/totp/setup', { currentPassword: `Wrong-Pass-${index}` }, { cookie }),
    );
    expect(statusCounts(setups)).toEqual({
      422: ADMIN_LOGIN_LIMITS.perSession.max,
      429: BURST - ADMIN_LOGIN_LIMITS.perSession.max,
    });

    const other = await createAdmin(t.db);
    const otherCookie = await signInAdmin(t.app, { username: other.username, password: ADMIN_TEST_PASSWORD });
    const { secret } = await enrolInPortal(t.app, otherCookie, ADMIN_TEST_PASSWORD);
    const code = wrongCode(secret);
    const regenerations = await burst(() =>
      post(t.app, '/api/admin/security/totp/recovery-codes', { code }, { cookie: otherCookie }),
    );
    expect(statusCounts(regenerations)).toEqual({
      422: ADMIN_LOGIN_LIMITS.perSession.max,
      429: BURST - ADMIN_LOGIN_LIMITS.perSession.max,
    });
  });

  it(`accepts at most ${ROUTE_RATE_LIMITS.submitOrder.max} order submissions from one customer`, async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    const responses = await burst((index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-draft-order',
        headers: { ...sameOrigin, cookie, 'idempotency-key': `parallel-limit-${user.id}-${index}` },
        // An empty cart (422) counts like any submission.
        payload: {
          customer: {
            customerName: 'Ada Buyer',
            customerEmail: 'ada@example.com',
            customerPhone: '555-0100',
            businessName: 'Mist Shop',
          },
          orderItems: [],
        },
        remoteAddress: freshIp(),
      }),
    );
    expect(statusCounts(responses)[429]).toBe(BURST - ROUTE_RATE_LIMITS.submitOrder.max);
  });

  it(`stores at most ${SUPPORT_MESSAGES_PER_HOUR} support messages from one customer`, async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    const responses = await burst(() => post(t.app, '/api/support/contact', validSupportMessage, { cookie }));
    expect(statusCounts(responses)).toEqual({
      201: SUPPORT_MESSAGES_PER_HOUR,
      429: BURST - SUPPORT_MESSAGES_PER_HOUR,
    });
  });

  // The payment-reminder cooldown (at most one reminder a day per order, issue 29 item 8): a conditional
  // update of the order claims the day's reminder (claimPaymentReminder), so one request of a burst wins.
  it('queues one payment reminder for a burst of 50 on one order', async () => {
    const admin = await signInAdmin(t.app);
    const user = await createUser(t.db);
    // An approved order on Net 30, placed in test mode (no Shopify: the portal e-mails the reminder), a day
    // past its due date.
    const order = await storeOrder(t.db, {
      userId: user.id,
      paymentTerms: 'net30',
      status: 'processing',
      approvedAt: new Date(Date.now() - 31 * DAY),
      paymentDueAt: new Date(Date.now() - DAY),
    });
    const responses = await burst(() =>
      post(t.app, `/api/admin/orders/${order.id}/payment-reminder`, undefined, { cookie: admin }),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 429: BURST - 1 });
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
      expect(retryAfter).toBeLessThanOrEqual(PAYMENT_REMINDER_COOLDOWN_MS / 1000);
    }
    const reminders = (await mailsTo(t.db, user.email)).filter((mail) =>
      mail.subject.endsWith(`Payment reminder for order ${formatOrderNumber(order.id)}`),
    );
    expect(reminders).toHaveLength(1);
    expect(
      await auditRowsOf(t.db, { entityType: 'order', entityId: order.id, action: 'order.payment-reminder' }),
    ).toHaveLength(1);
  });
});
