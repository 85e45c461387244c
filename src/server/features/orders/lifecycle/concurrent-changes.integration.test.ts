import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import { adminOrderSchema, updateOrderStatusResponseSchema } from '../../../../shared/schemas/admin-orders';
import { ORDER_CHANGE_MESSAGES, orderDetailResponseSchema } from '../../../../shared/schemas/orders';
import { send } from '../../admin-users/admin-test-support';
import { auditRowsOf } from '../../../test/factories/audit';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { createUser } from '../../../test/factories/users';
import { placeOrder } from '../../../test/factories/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Two people changing one order from the same version (issue 33 item 4, docs/orders.md#concurrent-changes):
 * the second is refused with the order as it now stands, whichever of staff and buyer it is; an approval
 * names the version staff saw, and a status change without one keeps working as the spec's callers send it.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

async function pendingOrder() {
  const buyer = await createUser(t.db);
  const cookie = await signIn(t.app, t.db, buyer.email);
  return { cookie, orderId: await placeOrder(t.app, cookie) };
}

const setStatus = (orderId: number, body: { status: string; version?: number }) =>
  send(t.app, 'PATCH', `/api/admin/orders/${orderId}/status`, admin, body);

const statusOf = async (cookie: string, orderId: number) =>
  orderDetailResponseSchema.parse((await send(t.app, 'GET', `/api/orders/${orderId}`, cookie)).json()).order;

describe('a change made from a version the order has moved past', () => {
  it('refuses the approval of an order the buyer cancelled meanwhile, with the order as it stands', async () => {
    const { cookie, orderId } = await pendingOrder();
    // Staff opened the list at version 1; the buyer cancels it before staff choose Processing.
    expect(
      (await send(t.app, 'POST', `/api/orders/${orderId}/cancel`, cookie, { version: 1 })).statusCode,
    ).toBe(200);
    const refused = await setStatus(orderId, { status: 'processing', version: 1 });
    expect(refused.statusCode).toBe(409);
    const body = errorBodySchema.parse(refused.json());
    expect(body.message).toBe(ORDER_CHANGE_MESSAGES.changed);
    expect(adminOrderSchema.parse((body.details as { order: unknown }).order)).toMatchObject({
      status: 'cancelled',
      version: 2,
    });
    expect(await statusOf(cookie, orderId)).toMatchObject({ status: 'cancelled', approvedAt: null });
    expect(
      await auditRowsOf(t.db, { entityType: 'order', entityId: String(orderId), action: 'order.status' }),
    ).toEqual([]);
  });

  it("refuses the buyer's cancellation of an order staff approved meanwhile", async () => {
    const { cookie, orderId } = await pendingOrder();
    const approved = await setStatus(orderId, { status: 'processing', version: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(updateOrderStatusResponseSchema.parse(approved.json()).order.version).toBe(2);
    const refused = await send(t.app, 'POST', `/api/orders/${orderId}/cancel`, cookie, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(await statusOf(cookie, orderId)).toMatchObject({ status: 'processing', cancelledAt: null });
  });

  it('lets exactly one of two simultaneous changes from the same version through', async () => {
    const { cookie, orderId } = await pendingOrder();
    const [approval, cancellation] = await Promise.all([
      setStatus(orderId, { status: 'processing', version: 1 }),
      send(t.app, 'POST', `/api/orders/${orderId}/cancel`, cookie, { version: 1 }),
    ]);
    expect([approval.statusCode, cancellation.statusCode].sort()).toEqual([200, 409]);
    const order = await statusOf(cookie, orderId);
    expect(order.version).toBe(2);
    expect(order.status).toBe(approval.statusCode === 200 ? 'processing' : 'cancelled');
  });

  it("keeps the spec's status change without a version working, and bumps the version", async () => {
    const { cookie, orderId } = await pendingOrder();
    const moved = await setStatus(orderId, { status: 'shipped' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await statusOf(cookie, orderId)).toMatchObject({ status: 'shipped', version: 2 });
    // The same status again changes nothing, the version neither.
    expect((await setStatus(orderId, { status: 'shipped', version: 2 })).statusCode).toBe(200);
    expect((await statusOf(cookie, orderId)).version).toBe(2);
  });
});
