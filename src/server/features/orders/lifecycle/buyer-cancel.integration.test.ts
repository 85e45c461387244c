import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE } from '../../../../shared/company-roles';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import {
  ORDER_CHANGE_MESSAGES,
  orderDetailResponseSchema,
  type OrderDetailResponse,
} from '../../../../shared/schemas/orders';
import { send } from '../../admin-users/admin-test-support';
import { auditRowsOf } from '../../../test/factories/audit';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { createCustomer, createUser } from '../../../test/factories/users';
import { mailsTo } from '../../../test/outbox';
import { placeOrder } from '../../../test/factories/orders';
import { createTestApp, testEnv, type TestApp } from '../../../test/test-app';

/*
 * A buyer cancels the company's order while it waits for approval (issue 33 item 3,
 * docs/orders.md#buyers-cancel-a-pending-order): only while pending, only from the version they saw, never
 * by a viewer; staff are e-mailed, the audit log keeps it, the order page says who cancelled it.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const cancel = (cookie: string, orderId: number, version: number) =>
  send(t.app, 'POST', `/api/orders/${orderId}/cancel`, cookie, { version });

async function detail(cookie: string, orderId: number): Promise<OrderDetailResponse> {
  const response = await send(t.app, 'GET', `/api/orders/${orderId}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailResponseSchema.parse(response.json());
}

/** A company of an owner and a buyer, and an order the buyer placed. */
async function buyerWithOrder() {
  const owner = await createCustomer(t.db, { business: { name: 'Cancel Co' } });
  const buyer = await createUser(t.db, { company: { id: owner.company!.id, role: 'buyer' } });
  const buyerCookie = await signIn(t.app, t.db, buyer.email);
  const orderId = await placeOrder(t.app, buyerCookie);
  return { owner, buyer, buyerCookie, orderId };
}

describe('a buyer cancels a pending order', () => {
  it('cancels it, says who did, e-mails staff and audits it', async () => {
    const { buyer, buyerCookie, orderId } = await buyerWithOrder();
    const before = await detail(buyerCookie, orderId);
    expect(before.order).toMatchObject({ status: 'pending', version: 1, cancelledBy: null });

    const response = await cancel(buyerCookie, orderId, before.order.version);
    expect(response.statusCode, response.body).toBe(200);
    const after = orderDetailResponseSchema.parse(response.json());
    expect(after.order).toMatchObject({
      status: 'cancelled',
      version: 2,
      cancelledBy: { id: buyer.id, name: 'Ada Buyer' },
    });
    expect(after.order.cancelledAt).not.toBeNull();

    const staffMails = (await mailsTo(t.db, testEnv().STAFF_EMAIL)).filter((message) =>
      message.subject.includes(`${after.order.orderNumber} cancelled by the buyer`),
    );
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]!.text).toContain(
      `Ada Buyer of Mist Shop cancelled order ${after.order.orderNumber}`,
    );
    const audit = await auditRowsOf(t.db, {
      entityType: 'order',
      entityId: String(orderId),
      action: 'order.cancelled-by-buyer',
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: buyer.id, before: { status: 'pending', version: 1 } });
  });

  it("lets the owner cancel the buyer's order too, the company's order, and only once", async () => {
    const { owner, orderId } = await buyerWithOrder();
    const ownerCookie = await signIn(t.app, t.db, owner.email);
    const response = await cancel(ownerCookie, orderId, 1);
    expect(response.statusCode, response.body).toBe(200);
    expect(orderDetailResponseSchema.parse(response.json()).order.cancelledBy?.id).toBe(owner.id);
    const again = await cancel(ownerCookie, orderId, 2);
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).message).toBe(ORDER_CHANGE_MESSAGES.alreadyCancelled);
  });

  it('refuses a version the order has moved past, with the order as it stands now, and changes nothing', async () => {
    const { buyerCookie, orderId } = await buyerWithOrder();
    // Staff approve it and move it back: the same status, another version.
    for (const status of ['processing', 'pending']) {
      const moved = await send(t.app, 'PATCH', `/api/admin/orders/${orderId}/status`, admin, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const response = await cancel(buyerCookie, orderId, 1);
    expect(response.statusCode).toBe(409);
    const body = errorBodySchema.parse(response.json());
    expect(body.message).toBe(ORDER_CHANGE_MESSAGES.changed);
    const current = orderDetailResponseSchema.parse((body.details as { order: unknown }).order);
    expect(current.order).toMatchObject({ status: 'pending', version: 3 });
    expect((await detail(buyerCookie, orderId)).order).toMatchObject({ status: 'pending', version: 3 });
  });

  it('refuses an approved order, which is reported as an issue instead', async () => {
    const { buyerCookie, orderId } = await buyerWithOrder();
    const approved = await send(t.app, 'PATCH', `/api/admin/orders/${orderId}/status`, admin, {
      status: 'processing',
    });
    expect(approved.statusCode).toBe(200);
    const response = await cancel(buyerCookie, orderId, 2);
    expect(response.statusCode).toBe(409);
    expect(errorBodySchema.parse(response.json()).message).toBe(ORDER_CHANGE_MESSAGES.notPending);
    expect((await detail(buyerCookie, orderId)).order.status).toBe('processing');
  });

  it('refuses a viewer, and a body without a version, changing nothing', async () => {
    const { owner, buyerCookie, orderId } = await buyerWithOrder();
    const viewer = await createUser(t.db, { company: { id: owner.company!.id, role: 'viewer' } });
    const viewerCookie = await signIn(t.app, t.db, viewer.email);
    const refused = await cancel(viewerCookie, orderId, 1);
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.parse(refused.json()).message).toBe(VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE);
    const noVersion = await send(t.app, 'POST', `/api/orders/${orderId}/cancel`, buyerCookie, {});
    expect(noVersion.statusCode).toBe(400);
    expect((await detail(buyerCookie, orderId)).order).toMatchObject({ status: 'pending', version: 1 });
  });
});
