import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../shared/money';
import { formatOrderNumber } from '../../../shared/orders';
import {
  REORDER_REMINDER_MESSAGES,
  SEND_REMINDER_MESSAGES,
  type DueRemindersResponse,
} from '../../../shared/schemas/reorder-reminders';
import type { ReorderResponse } from '../../../shared/schemas/orders';
import { jobs, reorderLinkTokens, reorderReminders, users } from '../../db/schema';
import { removeExpiredRecords } from '../../jobs/housekeeping';
import { ROUTE_RATE_LIMITS } from '../../security/rate-limits';
import { hashToken } from '../../security/tokens';
import { storeOrder } from '../../test/factories/orders';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { createUser } from '../../test/factories/users';
import { outbox, tokenFromLink } from '../../test/outbox';
import { freshIp, get, post, sessionCookie } from '../../test/requests';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { companyReorderOf } from './index';
import { queueDueReminders } from './reorder-reminder.jobs';
import {
  BOTTLE_ID,
  companyWithOrders,
  DAY_MS,
  daysAfter,
  mailJobsOf,
  OLD_PRICE_CENTS,
  remindersOf,
  sendQueuedReminders,
  setCompanyReorder,
} from './reorder-reminders-test-support';

/*
 * Reorder reminders (docs/reorder-reminders.md) with the job's clock in the test's hands: the interval
 * learned, the margin, once per cycle, staff's fixed interval and switch, none on hold or to someone who
 * unsubscribed; the e-mail, its one-click link and its unsubscribe; My Account's setting; admin's due list.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
/** The clock the orders are placed around: the tests move the job's `now` from here. */
const base = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The reminders sent to `email` by the queued e-mail jobs. */
const sendAndRead = async (email: string) =>
  (await sendQueuedReminders(t.db, t.env)).filter((message) => message.to === email);

const unsubscribe = (token: string, init: { headers?: Record<string, string>; payload?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reorder-reminders/unsubscribe?token=${token}`,
    headers: init.headers ?? {},
    ...(init.payload === undefined ? {} : { payload: init.payload }),
    remoteAddress: freshIp(),
  });

/** A one-click unsubscribe as a mail provider sends it (RFC 8058): cross-site, a form body, no cookie. */
const oneClick = (token: string) =>
  unsubscribe(token, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.example.com',
      'sec-fetch-site': 'cross-site',
    },
    payload: 'List-Unsubscribe=One-Click',
  });

/** A company whose reminder has gone: its owner, last order, and the e-mail. */
async function remindedCompany() {
  const company = await companyWithOrders(t.db, base, [90, 60, 30]);
  await queueDueReminders(t.db, daysAfter(base, 5));
  const [mail] = await sendAndRead(company.owner.email);
  if (!mail) throw new Error('no reminder sent');
  return { ...company, mail, lastOrder: company.orders.at(-1)! };
}

describe('when a reminder is due', () => {
  it('learns the interval from three orders (the median gap) and waits for the margin', async () => {
    // Gaps of 30 days: interval 30, margin 4.5 days; due 34.5 days after the last order (base - 30).
    const { companyId, orders } = await companyWithOrders(t.db, base, [90, 60, 30]);
    const due = daysAfter(base, 4.5);
    await queueDueReminders(t.db, new Date(due.getTime() - 60_000));
    expect(await remindersOf(t.db, companyId)).toEqual([]);
    await queueDueReminders(t.db, due);
    const [row] = await remindersOf(t.db, companyId);
    expect(row).toMatchObject({ lastOrderId: orders[2]!.id, intervalDays: 30, userId: orders[2]!.userId });
    // Queued with the claim, in the same transaction: a restart loses neither.
    expect(await mailJobsOf(t.db, row!.id)).toHaveLength(1);
  });

  it('learns nothing from two orders, and one odd gap does not move the median', async () => {
    const two = await companyWithOrders(t.db, base, [60, 30]);
    await queueDueReminders(t.db, daysAfter(base, 400));
    expect(await remindersOf(t.db, two.companyId)).toEqual([]);

    // Gaps 10, 10, 50: median 10, margin 2; due 12 days after the last order.
    const odd = await companyWithOrders(t.db, base, [70, 60, 50, 0]);
    await queueDueReminders(t.db, daysAfter(base, 11.9));
    expect(await remindersOf(t.db, odd.companyId)).toEqual([]);
    await queueDueReminders(t.db, daysAfter(base, 12));
    expect(await remindersOf(t.db, odd.companyId)).toMatchObject([{ intervalDays: 10 }]);
  });

  it('does not count cancelled orders or orders awaiting the buyer’s confirmation', async () => {
    const { companyId, owner } = await companyWithOrders(t.db, base, [60, 30]);
    await storeOrder(t.db, { userId: owner.id, createdAt: daysAfter(base, -10), status: 'cancelled' });
    await storeOrder(t.db, {
      userId: owner.id,
      createdAt: daysAfter(base, -5),
      status: 'awaiting_confirmation',
    });
    await queueDueReminders(t.db, daysAfter(base, 400));
    expect(await remindersOf(t.db, companyId)).toEqual([]);
  });

  it('sends once per cycle, however often and by however many instances the job runs', async () => {
    const { companyId, owner } = await companyWithOrders(t.db, base, [90, 60, 30]);
    const due = daysAfter(base, 5);
    await Promise.all([queueDueReminders(t.db, due), queueDueReminders(t.db, due)]);
    await queueDueReminders(t.db, daysAfter(base, 6));
    expect(await remindersOf(t.db, companyId)).toHaveLength(1);
    expect(await sendAndRead(owner.email)).toHaveLength(1);
    await queueDueReminders(t.db, daysAfter(base, 20));
    expect(await sendAndRead(owner.email)).toHaveLength(0);

    // A new order starts a new cycle: its own reminder, once, when that one is due (gaps 30, 30, 35: 30).
    const next = await storeOrder(t.db, {
      userId: owner.id,
      createdAt: daysAfter(base, 5),
      status: 'pending',
    });
    await queueDueReminders(t.db, daysAfter(base, 39));
    expect(await remindersOf(t.db, companyId)).toHaveLength(1);
    await queueDueReminders(t.db, daysAfter(base, 39.5));
    await queueDueReminders(t.db, daysAfter(base, 40));
    const rows = await remindersOf(t.db, companyId);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.lastOrderId).toBe(next.id);
    expect(await sendAndRead(owner.email)).toHaveLength(1);
  });

  it('uses staff’s fixed interval instead, from a single order', async () => {
    const { companyId } = await companyWithOrders(t.db, base, [0]);
    await setCompanyReorder(t.db, companyId, { reorderIntervalDays: 10 });
    await queueDueReminders(t.db, daysAfter(base, 11.9));
    expect(await remindersOf(t.db, companyId)).toEqual([]);
    await queueDueReminders(t.db, daysAfter(base, 12));
    expect(await remindersOf(t.db, companyId)).toMatchObject([{ intervalDays: 10 }]);
  });

  it('sends none when staff turned reminders off', async () => {
    const { companyId } = await companyWithOrders(t.db, base, [90, 60, 30]);
    await setCompanyReorder(t.db, companyId, { reorderReminders: false });
    await queueDueReminders(t.db, daysAfter(base, 100));
    expect(await remindersOf(t.db, companyId)).toEqual([]);
  });

  it('sends none to a company with an order on hold', async () => {
    const { companyId, owner } = await companyWithOrders(t.db, base, [90, 60, 30]);
    const held = await storeOrder(t.db, {
      userId: owner.id,
      createdAt: daysAfter(base, -100),
      status: 'on_hold',
    });
    await queueDueReminders(t.db, daysAfter(base, 100));
    expect(await remindersOf(t.db, companyId)).toEqual([]);
    expect((await companyReorderOf(t.db, companyId, base)).nextDueAt).toBeNull();

    // Released: the reminder of the cycle goes after all.
    await t.db.execute(sql`update orders set status = 'pending' where id = ${held.id}`);
    await queueDueReminders(t.db, daysAfter(base, 100));
    expect(await remindersOf(t.db, companyId)).toHaveLength(1);
  });

  it('sends none to a person who turned reminders off, to a viewer or to a disabled account', async () => {
    const off = await companyWithOrders(t.db, base, [90, 60, 30]);
    await t.db.update(users).set({ reorderReminderEmails: false }).where(eq(users.id, off.owner.id));
    const disabled = await companyWithOrders(t.db, base, [90, 60, 30]);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.owner.id));
    const viewerCompany = await companyWithOrders(t.db, base, [90, 60]);
    const viewer = await createUser(t.db, { company: { id: viewerCompany.companyId, role: 'viewer' } });
    await storeOrder(t.db, { userId: viewer.id, createdAt: daysAfter(base, -30), status: 'delivered' });
    await queueDueReminders(t.db, daysAfter(base, 100));
    for (const { companyId } of [off, disabled, viewerCompany]) {
      expect(await remindersOf(t.db, companyId)).toEqual([]);
    }
  });

  it('sends nothing when the company changed between the claim and the e-mail', async () => {
    const { companyId, owner } = await companyWithOrders(t.db, base, [90, 60, 30]);
    await queueDueReminders(t.db, daysAfter(base, 5));
    await storeOrder(t.db, { userId: owner.id, createdAt: daysAfter(base, -1), status: 'on_hold' });
    expect(await sendAndRead(owner.email)).toEqual([]);
    // The cycle is free again: were the hold released, its reminder would go.
    expect(await remindersOf(t.db, companyId)).toEqual([]);
  });
});

describe('the e-mail', () => {
  it('carries the last order’s lines at today’s prices, the one-click link and the unsubscribe link', async () => {
    const { owner, mail, lastOrder } = await remindedCompany();
    expect(mail.subject).toBe(`${t.env.STORE_NAME}: Time to reorder?`);
    expect(mail.text).toContain(
      `about every 30 days, and your last order ${formatOrderNumber(lastOrder.id)}`,
    );

    // The same lines and prices as the Reorder button gives the signed-in buyer today.
    const cookie = await signIn(t.app, t.db, owner.email);
    const reorder = (
      await post(t.app, `/api/orders/${lastOrder.id}/reorder`, undefined, { cookie })
    ).json<ReorderResponse>();
    const line = reorder.items.find((item) => item.productId === BOTTLE_ID)!;
    const unit = Math.round(line.price * 100);
    expect(unit).not.toBe(OLD_PRICE_CENTS);
    expect(mail.text).toContain(
      `${line.productName}: 2 cases (24 bottles) × ${formatCents(unit)} per bottle`,
    );
    expect(mail.text).toContain(`Total at today's prices: ${formatCents(unit * 24)}`);
    expect(mail.text).not.toContain(formatCents(OLD_PRICE_CENTS));

    expect(mail.text).toMatch(new RegExp(`${TEST_ORIGIN}/reorder-link\\?token=[A-Za-z0-9_-]{43}`));
    expect(mail.text).toMatch(new RegExp(`${TEST_ORIGIN}/unsubscribe\\?token=[A-Za-z0-9_-]{43}`));
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/unsubscribe?token=`);
    const unsubscribeToken = tokenFromLink(mail.text, '/unsubscribe');
    expect(mail.unsubscribeUrl).toBe(
      `${TEST_ORIGIN}/api/reorder-reminders/unsubscribe?token=${unsubscribeToken}`,
    );
  });

  it('stores neither secret, only their hashes, and no usable link in the job', async () => {
    const { mail } = await remindedCompany();
    const linkToken = tokenFromLink(mail.text, '/reorder-link');
    const unsubscribeToken = tokenFromLink(mail.text, '/unsubscribe');
    const everything = JSON.stringify([
      await t.db.select().from(reorderReminders),
      await t.db.select().from(reorderLinkTokens),
      await t.db.select().from(jobs),
    ]);
    expect(everything).not.toContain(linkToken);
    expect(everything).not.toContain(unsubscribeToken);
    expect(everything).toContain(hashToken(linkToken));
    expect(everything).toContain(hashToken(unsubscribeToken));
  });
});

describe('unsubscribe', () => {
  it('works signed out, cross-site, with RFC 8058’s form body, and again with the same answer', async () => {
    const { owner, mail, companyId } = await remindedCompany();
    const colleague = await createUser(t.db, { company: { id: companyId, role: 'buyer' } });
    const token = tokenFromLink(mail.text, '/unsubscribe');
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await oneClick(token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: REORDER_REMINDER_MESSAGES.unsubscribed });
    }
    // Some providers post the same as multipart/form-data.
    const multipart = await unsubscribe(token, {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'sec-fetch-site': 'cross-site' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    // The page's own button: same origin, no body.
    const fromPage = await unsubscribe(token, { headers: { origin: TEST_ORIGIN } });
    expect(fromPage.statusCode, fromPage.body).toBe(200);

    const [person] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(person?.reorderReminderEmails).toBe(false);
    // Only that person's setting.
    const [other] = await t.db.select().from(users).where(eq(users.id, colleague.id));
    expect(other?.reorderReminderEmails).toBe(true);
    // The account reads it back at once.
    const cookie = await signIn(t.app, t.db, owner.email);
    expect((await get(t.app, '/api/user', { cookie })).json()).toMatchObject({
      reorderReminderEmails: false,
    });
  });

  it('answers 400 to an unknown token and a malformed one, changing nothing', async () => {
    const unknown = await oneClick('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'LINK_INVALID',
      message: REORDER_REMINDER_MESSAGES.unsubscribeInvalid,
    });
    const malformed = await oneClick('short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/reorder-reminders/unsubscribe' });
    expect(missing.statusCode).toBe(400);
  });

  it('sends a browser that opens the List-Unsubscribe address to the unsubscribe page, changing nothing', async () => {
    const { owner, mail } = await remindedCompany();
    const token = tokenFromLink(mail.text, '/unsubscribe');
    const response = await get(t.app, `/api/reorder-reminders/unsubscribe?token=${token}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/unsubscribe?token=${token}`);
    const [person] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(person?.reorderReminderEmails).toBe(true);
  });

  it('lets only this route through the cross-site check; other posts stay refused', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/reorder-link',
      headers: { origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' },
      payload: { token: 'x'.repeat(43) },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CROSS_ORIGIN_REQUEST' });
    // Form bodies stay refused everywhere else.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/reorder-link',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=x',
    });
    expect(form.statusCode).toBe(415);
  });

  it('stops the next cycle’s reminder', async () => {
    const { owner, mail, companyId } = await remindedCompany();
    expect((await oneClick(tokenFromLink(mail.text, '/unsubscribe'))).statusCode).toBe(200);
    await storeOrder(t.db, { userId: owner.id, createdAt: daysAfter(base, 6), status: 'pending' });
    await queueDueReminders(t.db, daysAfter(base, 200));
    expect(await remindersOf(t.db, companyId)).toHaveLength(1);
  });
});

describe('the one-click link', () => {
  const useLink = (token: string, headers: Record<string, string> = { origin: TEST_ORIGIN }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reorder-link',
      headers,
      payload: { token },
      remoteAddress: freshIp(),
    });

  it('is retired by a password reset, as every sign-in link of the person is', async () => {
    const { owner, mail } = await remindedCompany();
    const token = tokenFromLink(mail.text, '/reorder-link');
    await post(t.app, '/api/request-password-reset', { email: owner.email });
    const resetMail = (await outbox(t.db)).filter((message) => message.to === owner.email).at(-1);
    const resetToken = tokenFromLink(resetMail?.text ?? '', '/reset-password');
    const reset = await post(t.app, '/api/reset-password', { token: resetToken, password: 'New-Password-1' });
    expect(reset.statusCode, reset.body).toBe(200);
    const response = await useLink(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'LINK_INVALID' });
    expect(sessionCookie(response)).toBeUndefined();
  });

  it('signs its person in and answers the order form’s address, once', async () => {
    const { owner, mail, lastOrder } = await remindedCompany();
    const token = tokenFromLink(mail.text, '/reorder-link');
    const response = await useLink(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ orderId: lastOrder.id, redirectTo: `/orders/${lastOrder.id}/reorder` });
    const cookie = sessionCookie(response);
    expect((await get(t.app, '/api/user', { cookie })).json()).toMatchObject({ email: owner.email });
    // The page it leads to: the order's lines for the form.
    const reorder = await post(t.app, `/api/orders/${lastOrder.id}/reorder`, undefined, { cookie });
    expect(reorder.statusCode).toBe(200);

    const again = await useLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_INVALID', message: REORDER_REMINDER_MESSAGES.linkUsed });
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('refuses an expired link, an unknown one and one of a disabled account (left unspent)', async () => {
    const expired = await remindedCompany();
    const expiredToken = tokenFromLink(expired.mail.text, '/reorder-link');
    await t.db
      .update(reorderLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(reorderLinkTokens.token, hashToken(expiredToken)));
    const late = await useLink(expiredToken);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'LINK_INVALID',
      message: REORDER_REMINDER_MESSAGES.linkInvalid,
    });

    const unknown = await useLink('y'.repeat(43));
    expect(unknown.json()).toMatchObject({
      code: 'LINK_INVALID',
      message: REORDER_REMINDER_MESSAGES.linkInvalid,
    });

    const disabled = await remindedCompany();
    const disabledToken = tokenFromLink(disabled.mail.text, '/reorder-link');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.owner.id));
    expect((await useLink(disabledToken)).json()).toMatchObject({
      message: REORDER_REMINDER_MESSAGES.linkInvalid,
    });
    const [row] = await t.db
      .select()
      .from(reorderLinkTokens)
      .where(eq(reorderLinkTokens.token, hashToken(disabledToken)));
    expect(row?.used).toBe(false);
  });

  it('signs in exactly once when clicked twice at once', async () => {
    const { mail } = await remindedCompany();
    const token = tokenFromLink(mail.text, '/reorder-link');
    const answers = await Promise.all([useLink(token), useLink(token), useLink(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it(`takes ${ROUTE_RATE_LIMITS.reorderLink.max} tries a minute from one address, then 429`, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ROUTE_RATE_LIMITS.reorderLink.max; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reorder-link',
        headers: { origin: TEST_ORIGIN },
        payload: { token: 'z'.repeat(43) },
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(ROUTE_RATE_LIMITS.reorderLink.max);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is kept a day past its expiry, then removed by the housekeeping', async () => {
    const { mail } = await remindedCompany();
    const tokenHash = hashToken(tokenFromLink(mail.text, '/reorder-link'));
    await removeExpiredRecords(t.db, new Date(Date.now() + 14 * DAY_MS));
    expect(
      await t.db.select().from(reorderLinkTokens).where(eq(reorderLinkTokens.token, tokenHash)),
    ).toHaveLength(1);
    await removeExpiredRecords(t.db, new Date(Date.now() + 16 * DAY_MS));
    expect(await t.db.select().from(reorderLinkTokens).where(eq(reorderLinkTokens.token, tokenHash))).toEqual(
      [],
    );
  });
});

describe('My Account’s setting', () => {
  it('turns the signed-in customer’s reminders off and on, and GET /api/user reads it back', async () => {
    const customer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, customer.email);
    const put = (enabled: unknown, withCookie: string | null = cookie) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/reorder-reminders',
        headers: { origin: TEST_ORIGIN, ...(withCookie ? { cookie: withCookie } : {}) },
        payload: { enabled },
      });
    const off = await put(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: REORDER_REMINDER_MESSAGES.settingSaved, enabled: false });
    expect((await get(t.app, '/api/user', { cookie })).json()).toMatchObject({
      reorderReminderEmails: false,
    });
    expect((await put(true)).json()).toMatchObject({ enabled: true });
    expect((await get(t.app, '/api/user', { cookie })).json()).toMatchObject({ reorderReminderEmails: true });

    expect((await put('yes')).statusCode).toBe(400);
    expect((await put(false, null)).statusCode).toBe(401);
    expect((await put(false, await signInAdmin(t.app))).statusCode).toBe(403);
  });
});

describe('admin: due this week', () => {
  const readDue = async (cookie: string) => {
    const response = await get(t.app, '/api/admin/reorder-reminders/due', { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DueRemindersResponse>().companies;
  };

  it('lists the reminders due within 7 days, overdue unsent ones too, soonest first', async () => {
    const now = new Date();
    // Due in 4.5 days; overdue by 10.5 days; due in 24.5 days (not this week).
    const soon = await companyWithOrders(t.db, now, [90, 60, 30], { name: 'Soon Shop' });
    const overdue = await companyWithOrders(t.db, now, [105, 75, 45], { name: 'Overdue Shop' });
    const later = await companyWithOrders(t.db, now, [70, 40, 10], { name: 'Later Shop' });
    await t.db.update(users).set({ reorderReminderEmails: false }).where(eq(users.id, overdue.owner.id));
    const held = await companyWithOrders(t.db, now, [90, 60, 30], { name: 'Held Shop' });
    await storeOrder(t.db, { userId: held.owner.id, createdAt: daysAfter(now, -100), status: 'on_hold' });

    const admin = await signInAdmin(t.app);
    const listed = (await readDue(admin)).filter((entry) =>
      [soon, overdue, later, held].some((company) => company.companyId === entry.companyId),
    );
    expect(listed.map((entry) => entry.companyName)).toEqual(['Overdue Shop', 'Soon Shop']);
    expect(listed[1]).toEqual({
      companyId: soon.companyId,
      companyName: 'Soon Shop',
      lastOrder: {
        id: soon.orders[2]!.id,
        orderNumber: formatOrderNumber(soon.orders[2]!.id),
        createdAt: soon.orders[2]!.createdAt.toISOString(),
      },
      intervalDays: 30,
      intervalSource: 'learned',
      dueAt: daysAfter(now, 4.5).toISOString(),
      recipient: { name: 'Ada Buyer', email: soon.owner.email },
    });
    // Nobody may receive the overdue one: it stays listed, without a recipient.
    expect(listed[0]?.recipient).toBeNull();

    // Sent: no longer due this cycle.
    await queueDueReminders(t.db, daysAfter(now, 5));
    expect((await readDue(admin)).some((entry) => entry.companyId === soon.companyId)).toBe(false);
  });

  it('is for administrators only', async () => {
    const customer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, customer.email);
    expect((await get(t.app, '/api/admin/reorder-reminders/due', { cookie })).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/reorder-reminders/due')).statusCode).toBe(401);
  });
});

describe("admin: 'Send now'", () => {
  const sendNow = (cookie: string, companyId: number) =>
    post(t.app, `/api/admin/reorder-reminders/${companyId}/send`, undefined, { cookie });

  it('sends the current cycle’s reminder before it is due, once, audited', async () => {
    const company = await companyWithOrders(t.db, new Date(), [60, 40, 20]);
    const admin = await signInAdmin(t.app);
    const sent = await sendNow(admin, company.companyId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: `Reorder reminder sent to ${company.owner.email}` });
    const [mail] = await sendAndRead(company.owner.email);
    expect(mail?.text).toContain('/reorder-link?token=');
    expect(mail?.text).toContain('You usually order about every 20 days');

    const daily = await companyWithOrders(t.db, new Date(), [3]);
    await setCompanyReorder(t.db, daily.companyId, { reorderIntervalDays: 1 });
    expect((await sendNow(admin, daily.companyId)).statusCode).toBe(200);
    const [dailyMail] = await sendAndRead(daily.owner.email);
    expect(dailyMail?.text).toContain('You usually order about every day,');

    const again = await sendNow(admin, company.companyId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SEND_REMINDER_MESSAGES.alreadySent);
    // The job finds the cycle done when it becomes due.
    await queueDueReminders(t.db, daysAfter(new Date(), 30));
    expect(await remindersOf(t.db, company.companyId)).toHaveLength(1);
    const audit = await t.db.execute(
      sql`select after from audit_log where action = 'company.reorder-reminder-sent' and entity_id = ${String(company.companyId)}`,
    );
    expect((audit as { rows: unknown[] }).rows).toEqual([{ after: { to: company.owner.email } }]);
  });

  it('refuses a company with nothing to send, nobody to send it to, or unknown; and customers', async () => {
    const admin = await signInAdmin(t.app);
    const few = await companyWithOrders(t.db, base, [20, 10]);
    expect((await sendNow(admin, few.companyId)).json().message).toBe(SEND_REMINDER_MESSAGES.notScheduled);
    const off = await companyWithOrders(t.db, base, [30, 20, 10]);
    await setCompanyReorder(t.db, off.companyId, { reorderReminders: false });
    expect((await sendNow(admin, off.companyId)).statusCode).toBe(409);
    const nobody = await companyWithOrders(t.db, base, [30, 20, 10]);
    await t.db.update(users).set({ reorderReminderEmails: false }).where(eq(users.id, nobody.owner.id));
    expect((await sendNow(admin, nobody.companyId)).json().message).toBe(SEND_REMINDER_MESSAGES.noRecipient);
    expect((await sendNow(admin, 999_999)).statusCode).toBe(404);
    const cookie = await signIn(t.app, t.db, nobody.owner.email);
    expect((await sendNow(cookie, nobody.companyId)).statusCode).toBe(403);
  });
});

describe('companyReorderOf (the company page)', () => {
  it('gives the switch, both intervals, the next due date and the last sent', async () => {
    const { companyId, owner } = await companyWithOrders(t.db, base, [90, 60, 30]);
    expect(await companyReorderOf(t.db, companyId, base)).toEqual({
      reminders: true,
      fixedIntervalDays: null,
      learnedIntervalDays: 30,
      nextDueAt: daysAfter(base, 4.5).toISOString(),
      lastSentAt: null,
    });
    // Fixed at 20 days (margin 3): due 23 days after the last order, a week ago.
    await setCompanyReorder(t.db, companyId, { reorderIntervalDays: 20 });
    expect(await companyReorderOf(t.db, companyId, base)).toMatchObject({
      fixedIntervalDays: 20,
      learnedIntervalDays: 30,
      nextDueAt: daysAfter(base, -7).toISOString(),
    });
    await queueDueReminders(t.db, base);
    await sendAndRead(owner.email);
    const sent = await companyReorderOf(t.db, companyId, base);
    expect(sent.nextDueAt).toBeNull();
    expect(sent.lastSentAt).not.toBeNull();
    await setCompanyReorder(t.db, companyId, { reorderReminders: false });
    expect(await companyReorderOf(t.db, companyId, base)).toMatchObject({
      reminders: false,
      nextDueAt: null,
    });
  });
});
