import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE } from '../../../../shared/company-roles';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import {
  ORDER_HANDS_MESSAGES,
  orderersResponseSchema,
  prepareOrderResponseSchema,
} from '../../../../shared/schemas/order-changes';
import {
  ORDER_CHANGE_MESSAGES,
  orderDetailResponseSchema,
  type OrderDetailResponse,
} from '../../../../shared/schemas/orders';
import { preparedOrders } from '../../../db/schema';
import { send } from '../../admin-users/admin-test-support';
import { auditRowsOf } from '../../../test/factories/audit';
import { placeOrder, readOrder } from '../../../test/factories/orders';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { createCustomer, createUser } from '../../../test/factories/users';
import { mailsTo } from '../../../test/outbox';
import { createTestApp, testEnv, type TestApp } from '../../../test/test-app';
import { runPreparedOrderDeadlines } from './prepared-order-deadlines';
import { findPreparedOrdersDue } from './change-writes';

/*
 * Staff prepare an order for a buyer, who confirms or declines it; unconfirmed, it is reminded at 7 days
 * and expires at 14 (issue 33 item 1, docs/orders.md#staff-prepare-an-order).
 */

let t: TestApp;
let admin: string;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

async function detail(cookie: string, orderId: number): Promise<OrderDetailResponse> {
  const response = await send(t.app, 'GET', `/api/orders/${orderId}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailResponseSchema.parse(response.json());
}

/** A company of an owner and a buyer (signed in), and a viewer. */
async function company(name = 'Phone Co') {
  const owner = await createCustomer(t.db, { business: { name } });
  const buyer = await createUser(t.db, { company: { id: owner.company!.id, role: 'buyer' } });
  const viewer = await createUser(t.db, { company: { id: owner.company!.id, role: 'viewer' } });
  return { owner, buyer, viewer, buyerCookie: await signIn(t.app, t.db, buyer.email) };
}

/** Staff prepare two cases of the 4 oz bottle for `userId`; the response's order id. */
async function prepare(userId: number, extra: Record<string, unknown> = {}) {
  const response = await send(t.app, 'POST', '/api/admin/orders', admin, {
    userId,
    items: [{ productId: 1, quantity: 24 }],
    note: 'As agreed on the phone',
    poNumber: 'PO-77',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return prepareOrderResponseSchema.parse(response.json());
}

describe('staff prepare an order for a buyer', () => {
  it('prices it as the buyer would be priced, awaits their confirmation and e-mails them and the owners', async () => {
    const { owner, buyer, buyerCookie } = await company();
    const prepared = await prepare(buyer.id);
    const own = await detail(buyerCookie, await placeOrder(t.app, buyerCookie));
    const shown = await detail(buyerCookie, prepared.orderId);
    expect(shown.order).toMatchObject({
      status: 'awaiting_confirmation',
      poNumber: 'PO-77',
      placedBy: { id: buyer.id, name: 'Ada Buyer' },
      prepared: { note: 'As agreed on the phone', confirmedAt: null, declinedAt: null, expiredAt: null },
    });
    // The same product, twice the quantity: the tier over the whole order (7 % from 2 cases) and the
    // buyer's own price per bottle at that tier, checked against the buyer's own order of one case.
    expect(shown.order.discountPercentage).toBe(7);
    expect(shown.items[0]).toMatchObject({ productId: 1, quantity: 24 });
    expect(own.order.discountPercentage).toBe(5);
    expect(Date.parse(shown.order.prepared!.expiresAt) - Date.parse(shown.order.createdAt)).toBeGreaterThan(
      13.9 * DAY_MS,
    );

    const mails = (await mailsTo(t.db, buyer.email)).filter((m) => m.subject.includes(prepared.orderNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`Order ${prepared.orderNumber} is waiting for your confirmation`);
    expect(mails[0]!.text).toContain(`${testEnv().APP_ORIGIN}/orders/${prepared.orderId}`);
    expect(mails[0]!.text).toContain('A note from our team: As agreed on the phone');
    expect((mails[0] as { alsoToOwnersOf?: number }).alsoToOwnersOf).toBe(owner.company!.id);
    // Nothing goes to staff or Shopify until the buyer confirms.
    const staff = await mailsTo(t.db, testEnv().STAFF_EMAIL);
    expect(staff.some((m) => m.subject.includes(`New order ${prepared.orderNumber}`))).toBe(false);
    expect((await readOrder(t.db, prepared.orderId)).shopifySyncStatus).toBe('not_required');
    const audit = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: prepared.orderId,
      action: 'order.prepared',
    });
    expect(audit).toHaveLength(1);
  });

  it('refuses a viewer, a location not theirs and the cart rules, naming why, and writes nothing', async () => {
    const { viewer, buyer } = await company('Refusals Co');
    const preparedBefore = (await t.db.select().from(preparedOrders)).length;
    const other = await createCustomer(t.db, { business: { name: 'Elsewhere' } });
    const asViewer = await send(t.app, 'POST', '/api/admin/orders', admin, {
      userId: viewer.id,
      items: [{ productId: 1, quantity: 12 }],
    });
    expect(asViewer.statusCode).toBe(422);
    expect(errorBodySchema.parse(asViewer.json()).message).toBe(ORDER_HANDS_MESSAGES.notOrderer);
    const foreignLocation = await send(t.app, 'POST', '/api/admin/orders', admin, {
      userId: buyer.id,
      locationId: other.locations[0]!.id,
      items: [{ productId: 1, quantity: 12 }],
    });
    expect(foreignLocation.statusCode).toBe(422);
    const badCart = await send(t.app, 'POST', '/api/admin/orders', admin, {
      userId: buyer.id,
      items: [{ productId: 1, quantity: 5 }],
    });
    expect(badCart.statusCode).toBe(422);
    expect(errorBodySchema.parse(badCart.json()).code).toBe('CART_INVALID');
    expect(await t.db.select().from(preparedOrders)).toHaveLength(preparedBefore);
  });

  it("sent twice with the dialog's key (a lost answer, a double press), it is prepared once", async () => {
    const { buyer } = await company('Twice Co');
    const body = {
      userId: buyer.id,
      items: [{ productId: 1, quantity: 24 }],
      requestKey: 'k-0123456789abcdef',
    };
    const [first, second] = await Promise.all([
      send(t.app, 'POST', '/api/admin/orders', admin, body),
      send(t.app, 'POST', '/api/admin/orders', admin, body),
    ]);
    const third = await send(t.app, 'POST', '/api/admin/orders', admin, body);
    const ids = [first, second, third].map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return prepareOrderResponseSchema.parse(response.json()).orderId;
    });
    expect(new Set(ids).size).toBe(1);
    const mails = (await mailsTo(t.db, buyer.email)).filter((m) =>
      m.subject.includes('waiting for your confirmation'),
    );
    expect(mails).toHaveLength(1);
    // Another key is another order.
    const other = await send(t.app, 'POST', '/api/admin/orders', admin, {
      ...body,
      requestKey: 'k-other-key-000',
    });
    expect(prepareOrderResponseSchema.parse(other.json()).orderId).not.toBe(ids[0]);
  });

  it('is for staff only: a customer cannot prepare one', async () => {
    const { buyer, buyerCookie } = await company('Not Staff Co');
    const response = await send(t.app, 'POST', '/api/admin/orders', buyerCookie, {
      userId: buyer.id,
      items: [{ productId: 1, quantity: 12 }],
    });
    expect(response.statusCode).toBe(403);
  });

  it('finds the people staff may order for, not viewers', async () => {
    const { buyer, viewer, owner } = await company('Findable Trading');
    const response = await send(t.app, 'GET', '/api/admin/orders/orderers?search=findable', admin);
    expect(response.statusCode, response.body).toBe(200);
    const ids = orderersResponseSchema.parse(response.json()).orderers.map((person) => person.userId);
    expect(ids).toEqual(expect.arrayContaining([buyer.id, owner.id]));
    expect(ids).not.toContain(viewer.id);
  });
});

describe('the buyer confirms or declines it', () => {
  it('confirm: it becomes a submitted order with the usual e-mails, and says who confirmed it', async () => {
    const { buyer, buyerCookie } = await company('Confirm Co');
    const prepared = await prepare(buyer.id);
    const response = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, buyerCookie, {
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = orderDetailResponseSchema.parse(response.json()).order;
    expect(confirmed).toMatchObject({ status: 'pending', version: 2 });
    expect(confirmed.prepared).toMatchObject({ confirmedBy: { id: buyer.id, name: 'Ada Buyer' } });
    const staff = await mailsTo(t.db, testEnv().STAFF_EMAIL);
    expect(staff.filter((m) => m.subject.includes(`New order ${prepared.orderNumber}`))).toHaveLength(1);
    const own = await mailsTo(t.db, buyer.email);
    expect(
      own.filter((m) => m.subject.includes(`${prepared.orderNumber} submitted for approval`)),
    ).toHaveLength(1);

    // Used twice: a clear refusal, nothing changes.
    const again = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, buyerCookie, {
      version: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).message).toBe(ORDER_HANDS_MESSAGES.notAwaiting);
    const stale = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, buyerCookie, {
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorBodySchema.parse(stale.json()).message).toBe(ORDER_CHANGE_MESSAGES.changed);
  });

  it('confirm approves it at once when staff said so', async () => {
    const { buyer, buyerCookie } = await company('Fast Co');
    const prepared = await prepare(buyer.id, { approveOnConfirm: true });
    const response = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, buyerCookie, {
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = orderDetailResponseSchema.parse(response.json()).order;
    expect(order.status).toBe('processing');
    expect(order.approvedAt).not.toBeNull();
  });

  it('decline: cancelled with the reason, staff told, the order page says who declined', async () => {
    const { buyer, buyerCookie } = await company('Decline Co');
    const prepared = await prepare(buyer.id);
    const response = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/decline`, buyerCookie, {
      version: 1,
      reason: 'We ordered this elsewhere',
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = orderDetailResponseSchema.parse(response.json()).order;
    expect(order).toMatchObject({ status: 'cancelled', cancelledBy: { id: buyer.id } });
    expect(order.prepared).toMatchObject({ declineReason: 'We ordered this elsewhere' });
    expect(order.prepared!.declinedAt).not.toBeNull();
    const staff = (await mailsTo(t.db, testEnv().STAFF_EMAIL)).filter((m) =>
      m.subject.includes(`${prepared.orderNumber} declined by the buyer`),
    );
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toContain('Their reason: We ordered this elsewhere');
    const confirmAfter = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, buyerCookie, {
      version: 2,
    });
    expect(confirmAfter.statusCode).toBe(409);
    expect(errorBodySchema.parse(confirmAfter.json()).message).toBe(ORDER_CHANGE_MESSAGES.alreadyCancelled);
  });

  it('a viewer can see it but not answer it; the owner can', async () => {
    const { owner, buyer, viewer } = await company('Viewer Co');
    const prepared = await prepare(buyer.id);
    const viewerCookie = await signIn(t.app, t.db, viewer.email);
    expect((await detail(viewerCookie, prepared.orderId)).order.status).toBe('awaiting_confirmation');
    const refused = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, viewerCookie, {
      version: 1,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.parse(refused.json()).message).toBe(VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE);
    const ownerCookie = await signIn(t.app, t.db, owner.email);
    const confirmed = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, ownerCookie, {
      version: 1,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it("staff may cancel it, but not approve it in the buyer's place, nor put an order back into it", async () => {
    const { buyer, buyerCookie } = await company('Staff Moves Co');
    const prepared = await prepare(buyer.id);
    const approve = await send(t.app, 'PATCH', `/api/admin/orders/${prepared.orderId}/status`, admin, {
      status: 'processing',
    });
    expect(approve.statusCode).toBe(409);
    expect(errorBodySchema.parse(approve.json()).message).toBe(ORDER_HANDS_MESSAGES.awaitingNeedsBuyer);
    const own = await placeOrder(t.app, buyerCookie);
    const back = await send(t.app, 'PATCH', `/api/admin/orders/${own}/status`, admin, {
      status: 'awaiting_confirmation',
    });
    // Not a status staff set: the request itself is refused.
    expect(back.statusCode).toBe(400);
    const cancel = await send(t.app, 'PATCH', `/api/admin/orders/${prepared.orderId}/status`, admin, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });
});

describe('an unconfirmed prepared order', () => {
  it('is reminded once after 7 days and expires after 14; then it cannot be confirmed', async () => {
    const { buyer, buyerCookie } = await company('Slow Co');
    const prepared = await prepare(buyer.id);
    const reminderSubject = `Reminder: order ${prepared.orderNumber}`;
    const reminders = async () =>
      (await mailsTo(t.db, buyer.email)).filter((m) => m.subject.includes(reminderSubject));

    await runPreparedOrderDeadlines(t.db, testEnv(), new Date(Date.now() + 6 * DAY_MS));
    expect(await reminders()).toHaveLength(0);
    await runPreparedOrderDeadlines(t.db, testEnv(), new Date(Date.now() + 8 * DAY_MS));
    await runPreparedOrderDeadlines(t.db, testEnv(), new Date(Date.now() + 9 * DAY_MS));
    expect(await reminders()).toHaveLength(1);
    expect((await detail(buyerCookie, prepared.orderId)).order.status).toBe('awaiting_confirmation');

    await runPreparedOrderDeadlines(t.db, testEnv(), new Date(Date.now() + 15 * DAY_MS));
    const expired = (await detail(buyerCookie, prepared.orderId)).order;
    expect(expired.status).toBe('cancelled');
    expect(expired.prepared!.expiredAt).not.toBeNull();
    const staff = await mailsTo(t.db, testEnv().STAFF_EMAIL);
    expect(
      staff.filter((m) => m.subject.includes(`${prepared.orderNumber} expired unconfirmed`)),
    ).toHaveLength(1);
    const late = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, buyerCookie, {
      version: expired.version,
    });
    expect(late.statusCode).toBe(409);
    expect(errorBodySchema.parse(late.json()).message).toBe(ORDER_HANDS_MESSAGES.expired);
  });

  it('withdrawn by staff, it is done: the deadlines never pick it again (nor clog their batch)', async () => {
    const { buyer } = await company('Withdrawn Co');
    const prepared = await prepare(buyer.id);
    const withdrawn = await send(t.app, 'PATCH', `/api/admin/orders/${prepared.orderId}/status`, admin, {
      status: 'cancelled',
    });
    expect(withdrawn.statusCode).toBe(200);
    const later = new Date(Date.now() + 30 * DAY_MS);
    const due = await findPreparedOrdersDue(t.db, later, later, 1_000);
    expect(due.map((row) => row.orderId)).not.toContain(prepared.orderId);
  });

  it('past its deadline but before the job ran, it cannot be confirmed either', async () => {
    const { buyer, buyerCookie } = await company('Late Co');
    const prepared = await prepare(buyer.id);
    await t.db
      .update(preparedOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(preparedOrders.orderId, prepared.orderId));
    const late = await send(t.app, 'POST', `/api/orders/${prepared.orderId}/confirm`, buyerCookie, {
      version: 1,
    });
    expect(late.statusCode).toBe(409);
    expect(errorBodySchema.parse(late.json()).message).toBe(ORDER_HANDS_MESSAGES.expired);
    expect((await readOrder(t.db, prepared.orderId)).status).toBe('awaiting_confirmation');
  });
});
