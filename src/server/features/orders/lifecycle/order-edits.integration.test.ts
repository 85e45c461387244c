import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE } from '../../../../shared/company-roles';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import { adminOrderSchema } from '../../../../shared/schemas/admin-orders';
import { ORDER_HANDS_MESSAGES, staffEditOrderResponseSchema } from '../../../../shared/schemas/order-changes';
import {
  ORDER_CHANGE_MESSAGES,
  orderDetailResponseSchema,
  type OrderDetailResponse,
} from '../../../../shared/schemas/orders';
import { orders, products } from '../../../db/schema';
import { send } from '../../admin-users/admin-test-support';
import { auditRowsOf } from '../../../test/factories/audit';
import { placeOrder } from '../../../test/factories/orders';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { createCustomer, createUser } from '../../../test/factories/users';
import { mailsTo } from '../../../test/outbox';
import { createTestApp, testEnv, type TestApp } from '../../../test/test-app';

/*
 * A pending order's lines changed before approval, by staff with a reason and by a buyer of the company
 * (issue 33 items 2 to 4, docs/orders.md#changing-a-pending-order): priced as a new order, one version at a
 * time, e-mailed to whoever did not make the change, audited before and after.
 */

let t: TestApp;
let admin: string;
/** The 1 oz bottle, a second case-packed product. */
let small: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, '800-0002'));
  small = row!.id;
});
afterAll(() => t.close());

async function detail(cookie: string, orderId: number): Promise<OrderDetailResponse> {
  const response = await send(t.app, 'GET', `/api/orders/${orderId}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailResponseSchema.parse(response.json());
}

/** A company with an owner and a buyer who placed one case of the 4 oz bottle (product 1). */
async function pendingOrder(name = 'Edit Co') {
  const owner = await createCustomer(t.db, { business: { name } });
  const buyer = await createUser(t.db, { company: { id: owner.company!.id, role: 'buyer' } });
  const buyerCookie = await signIn(t.app, t.db, buyer.email);
  const orderId = await placeOrder(t.app, buyerCookie);
  return { owner, buyer, buyerCookie, orderId };
}

const staffEdit = (orderId: number, body: Record<string, unknown>) =>
  send(t.app, 'PUT', `/api/admin/orders/${orderId}/items`, admin, body);
const buyerEdit = (cookie: string, orderId: number, body: Record<string, unknown>) =>
  send(t.app, 'PUT', `/api/orders/${orderId}/items`, cookie, body);

describe('staff change a pending order', () => {
  it('reprices it over the new total, tells the buyer each change, shows it on the order page, audits it', async () => {
    const { buyer, buyerCookie, orderId } = await pendingOrder();
    const before = await detail(buyerCookie, orderId);
    const response = await staffEdit(orderId, {
      version: 1,
      items: [
        { productId: 1, quantity: 24 },
        { productId: small, quantity: 12 },
      ],
      reason: 'Case rounding after our call',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = staffEditOrderResponseSchema.parse(response.json());
    expect(answer.order.version).toBe(2);

    const after = await detail(buyerCookie, orderId);
    // Three cases now: the 10 % tier over the whole order, the same order number.
    expect(after.order).toMatchObject({
      orderNumber: before.order.orderNumber,
      totalCases: 3,
      discountPercentage: 10,
    });
    expect(after.items.map(({ productId, quantity }) => [productId, quantity])).toEqual([
      [1, 24],
      [small, 12],
    ]);
    expect(after.order.changes).toHaveLength(1);
    expect(after.order.changes[0]).toMatchObject({
      by: 'staff',
      reason: 'Case rounding after our call',
      totalBefore: before.order.orderTotal,
      totalAfter: after.order.orderTotal,
      lines: [
        { productId: 1, before: 12, after: 24 },
        { productId: small, before: 0, after: 12 },
      ],
    });

    const mails = (await mailsTo(t.db, buyer.email)).filter((m) =>
      m.subject.includes(`Order ${before.order.orderNumber} was changed by our team`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Why: Case rounding after our call');
    expect(mails[0]!.text).toMatch(/: 12 → 24/);
    expect(mails[0]!.text).toMatch(/: added, 12/);
    expect(mails[0]!.text).toContain(`(was $${before.order.orderTotal})`);

    const audit = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: orderId,
      action: 'order.lines-changed-by-staff',
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ version: 1, lines: [{ productId: 1, quantity: 12 }] });
    expect(audit[0]!.after).toMatchObject({
      version: 2,
      lines: [{ productId: 1, quantity: 24 }, { productId: small }],
    });
  });

  it('requires a reason, refuses zero lines and the cart rules, and changes nothing then', async () => {
    const { buyerCookie, orderId } = await pendingOrder('Rules Co');
    const noReason = await staffEdit(orderId, { version: 1, items: [{ productId: 1, quantity: 24 }] });
    expect(noReason.statusCode).toBe(400);
    const empty = await staffEdit(orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 0 }],
      reason: 'x',
    });
    expect(empty.statusCode).toBe(422);
    expect(errorBodySchema.parse(empty.json()).message).toBe(ORDER_HANDS_MESSAGES.noLines);
    const notCases = await staffEdit(orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 13 }],
      reason: 'x',
    });
    expect(notCases.statusCode).toBe(422);
    expect(errorBodySchema.parse(notCases.json()).code).toBe('CART_INVALID');
    const unknown = await staffEdit(orderId, {
      version: 1,
      items: [{ productId: 9999, quantity: 12 }],
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(422);
    expect((await detail(buyerCookie, orderId)).order).toMatchObject({
      version: 1,
      totalCases: 1,
      changes: [],
    });
  });

  it('refuses an approved or invoiced order: cancel and re-create', async () => {
    const approved = await pendingOrder('Approved Co');
    const moved = await send(t.app, 'PATCH', `/api/admin/orders/${approved.orderId}/status`, admin, {
      status: 'processing',
    });
    expect(moved.statusCode).toBe(200);
    const late = await staffEdit(approved.orderId, {
      version: 2,
      items: [{ productId: 1, quantity: 24 }],
      reason: 'x',
    });
    expect(late.statusCode).toBe(409);
    expect(errorBodySchema.parse(late.json()).message).toBe(ORDER_HANDS_MESSAGES.staffNotEditable);

    const invoiced = await pendingOrder('Invoiced Co');
    // Shopify's admin sent the draft's invoice before approval (its webhook records it).
    await t.db.update(orders).set({ paymentStatus: 'invoice_sent' }).where(eq(orders.id, invoiced.orderId));
    const refused = await staffEdit(invoiced.orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 24 }],
      reason: 'x',
    });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).message).toBe(ORDER_HANDS_MESSAGES.invoiced);
  });
});

describe('a buyer changes their pending order', () => {
  it('saves the new lines on the same order and e-mails staff', async () => {
    const { buyerCookie, orderId } = await pendingOrder('Buyer Edit Co');
    const response = await buyerEdit(buyerCookie, orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 36 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = orderDetailResponseSchema.parse(response.json()).order;
    expect(order).toMatchObject({ id: orderId, version: 2, totalCases: 3, status: 'pending' });
    expect(order.changes[0]).toMatchObject({ by: 'buyer', buyerName: 'Ada Buyer', reason: null });
    const staff = (await mailsTo(t.db, testEnv().STAFF_EMAIL)).filter((m) =>
      m.subject.includes(`Order ${order.orderNumber} changed by the buyer`),
    );
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toMatch(/: 12 → 36/);
  });

  it('is refused to a viewer, once approved, and for an order of another company', async () => {
    const { owner, buyerCookie, orderId } = await pendingOrder('Refused Edit Co');
    const viewer = await createUser(t.db, { company: { id: owner.company!.id, role: 'viewer' } });
    const viewerCookie = await signIn(t.app, t.db, viewer.email);
    const asViewer = await buyerEdit(viewerCookie, orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 24 }],
    });
    expect(asViewer.statusCode).toBe(403);
    expect(errorBodySchema.parse(asViewer.json()).message).toBe(VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE);

    const stranger = await createCustomer(t.db, { business: { name: 'Stranger Co' } });
    const strangerCookie = await signIn(t.app, t.db, stranger.email);
    const foreign = await buyerEdit(strangerCookie, orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 24 }],
    });
    expect(foreign.statusCode).toBe(404);

    await send(t.app, 'PATCH', `/api/admin/orders/${orderId}/status`, admin, { status: 'processing' });
    const approved = await buyerEdit(buyerCookie, orderId, {
      version: 2,
      items: [{ productId: 1, quantity: 24 }],
    });
    expect(approved.statusCode).toBe(409);
    expect(errorBodySchema.parse(approved.json()).message).toBe(ORDER_HANDS_MESSAGES.buyerNotEditable);
  });

  it('the same lines again change nothing: no new version, no e-mail', async () => {
    const { buyerCookie, orderId } = await pendingOrder('Same Lines Co');
    const staffMails = async () =>
      (await mailsTo(t.db, testEnv().STAFF_EMAIL)).filter((m) => m.subject.includes('changed by the buyer'));
    const before = (await staffMails()).length;
    const response = await buyerEdit(buyerCookie, orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 12 }],
    });
    expect(response.statusCode).toBe(200);
    expect(orderDetailResponseSchema.parse(response.json()).order).toMatchObject({ version: 1, changes: [] });
    expect(await staffMails()).toHaveLength(before);
  });
});

describe('changes at the same time (docs/orders.md#concurrent-changes)', () => {
  it('a staff edit and a buyer edit from the same version: one wins, the other gets the order as it stands', async () => {
    const { buyerCookie, orderId } = await pendingOrder('Race Co');
    const [staff, buyer] = await Promise.all([
      staffEdit(orderId, { version: 1, items: [{ productId: 1, quantity: 24 }], reason: 'Stock' }),
      buyerEdit(buyerCookie, orderId, { version: 1, items: [{ productId: 1, quantity: 48 }] }),
    ]);
    expect([staff.statusCode, buyer.statusCode].sort()).toEqual([200, 409]);
    const loser = staff.statusCode === 409 ? staff : buyer;
    const body = errorBodySchema.parse(loser.json());
    expect(body.message).toBe(ORDER_CHANGE_MESSAGES.changed);
    const current = (body.details as { order: unknown }).order;
    const version =
      staff.statusCode === 409
        ? adminOrderSchema.parse(current).version
        : orderDetailResponseSchema.parse(current).order.version;
    expect(version).toBe(2);
    const final = await detail(buyerCookie, orderId);
    expect(final.order.changes).toHaveLength(1);
    expect(final.order.totalCases).toBe(staff.statusCode === 200 ? 2 : 4);
  });

  it('an approval made from the version before an edit is refused; from the edited version it approves that', async () => {
    const { buyerCookie, orderId } = await pendingOrder('Approve Race Co');
    const edited = await buyerEdit(buyerCookie, orderId, {
      version: 1,
      items: [{ productId: 1, quantity: 24 }],
    });
    expect(edited.statusCode).toBe(200);
    const stale = await send(t.app, 'PATCH', `/api/admin/orders/${orderId}/status`, admin, {
      status: 'processing',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      adminOrderSchema.parse((errorBodySchema.parse(stale.json()).details as { order: unknown }).order),
    ).toMatchObject({
      status: 'pending',
      version: 2,
      totalCases: 2,
    });
    const fresh = await send(t.app, 'PATCH', `/api/admin/orders/${orderId}/status`, admin, {
      status: 'processing',
      version: 2,
    });
    expect(fresh.statusCode).toBe(200);
    expect((await detail(buyerCookie, orderId)).order).toMatchObject({ status: 'processing', totalCases: 2 });
  });
});
