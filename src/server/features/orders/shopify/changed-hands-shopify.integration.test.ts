import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../admin-users/admin-test-support';
import { readOrder } from '../../../test/factories/orders';
import { signInAdmin } from '../../../test/factories/sign-in';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import {
  FOUR_OZ,
  newCustomer,
  retryShopifySync,
  setStatus,
  submitOrder,
} from './shopify-orders-test-support';

/*
 * Orders that change hands, with the store (docs/orders.md#orders-that-change-hands): a prepared order goes
 * to Shopify only once its buyer confirms it, by no other way; an order whose lines changed is invoiced with
 * the lines it has, even when the update of its draft failed.
 */

/** UpdateDraftOrder goes with a line Shopify refuses (quantity 0): the update job fails for good. */
let refuseUpdates = false;
const refusingFetch: typeof fetch = async (input, init) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  if (refuseUpdates && /mutation\s+UpdateDraftOrder/.test(body)) {
    const request = JSON.parse(body) as { variables: { input: { lineItems?: { quantity: number }[] } } };
    const first = request.variables.input.lineItems?.[0];
    if (first) first.quantity = 0;
    return fetch(input, { ...init, body: JSON.stringify(request) });
  }
  return fetch(input, init);
};

let t: ShopifyTestApp;
let admin: string;

beforeAll(async () => {
  t = await createShopifyTestApp({ client: { fetch: refusingFetch } });
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  refuseUpdates = false;
});

const draftOf = async (orderId: number) => {
  const gid = (await readOrder(t.db, orderId)).shopifyDraftOrderGid;
  return gid ? t.fake.store.draftOrders.get(Number(gid.split('/').pop())) : undefined;
};

/** Runs the jobs until none is due, as if minutes had passed (the retries' backoff). */
async function settle() {
  for (const minutes of [0, 2, 5, 15, 30]) await t.runJobs({ laterMs: minutes * 60_000 });
}

describe('a prepared order and the store', () => {
  it('has no draft until its buyer confirms it, and staff cannot send it to Shopify before', async () => {
    const { user, cookie } = await newCustomer(t.app, t.db);
    const prepared = await send(t.app, 'POST', '/api/admin/orders', admin, {
      userId: user.id,
      items: [{ productId: FOUR_OZ, quantity: 24 }],
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const { orderId } = prepared.json<{ orderId: number }>();
    await settle();
    expect(await draftOf(orderId)).toBeUndefined();
    const early = await retryShopifySync(t.app, admin, orderId);
    expect(early.statusCode).toBe(409);
    await settle();
    expect(await draftOf(orderId)).toBeUndefined();

    const confirmed = await send(t.app, 'POST', `/api/orders/${orderId}/confirm`, cookie, { version: 1 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await settle();
    expect((await draftOf(orderId))?.lineItems.map((line) => line.quantity)).toEqual([24]);
  });

  it('declined, it cannot be brought back by staff (no draft, no invoice in its buyer’s place)', async () => {
    const { user, cookie } = await newCustomer(t.app, t.db);
    const prepared = await send(t.app, 'POST', '/api/admin/orders', admin, {
      userId: user.id,
      items: [{ productId: FOUR_OZ, quantity: 24 }],
    });
    const { orderId } = prepared.json<{ orderId: number }>();
    const declined = await send(t.app, 'POST', `/api/orders/${orderId}/decline`, cookie, { version: 1 });
    expect(declined.statusCode, declined.body).toBe(200);
    for (const status of ['processing', 'pending']) {
      const revived = await send(t.app, 'PATCH', `/api/admin/orders/${orderId}/status`, admin, { status });
      expect(revived.statusCode).toBe(409);
    }
    await settle();
    expect(await draftOf(orderId)).toBeUndefined();
    expect((await readOrder(t.db, orderId)).status).toBe('cancelled');
  });
});

describe('an order whose lines changed', () => {
  it('is invoiced with its new lines even when the update of its draft failed', async () => {
    const { cookie } = await newCustomer(t.app, t.db);
    const { orderId } = await submitOrder(t.app, cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
    await settle();
    expect((await draftOf(orderId))?.lineItems.map((line) => line.quantity)).toEqual([12]);

    refuseUpdates = true;
    const edited = await send(t.app, 'PUT', `/api/orders/${orderId}/items`, cookie, {
      version: 1,
      items: [{ productId: FOUR_OZ, quantity: 36 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await settle();
    // The update was refused: the draft still has the old lines.
    expect((await draftOf(orderId))?.lineItems.map((line) => line.quantity)).toEqual([12]);

    refuseUpdates = false;
    await setStatus(t.app, admin, orderId, 'processing');
    await settle();
    const order = await readOrder(t.db, orderId);
    expect(order.paymentStatus).toBe('invoice_sent');
    expect((await draftOf(orderId))?.lineItems.map((line) => line.quantity)).toEqual([36]);
  });
});
