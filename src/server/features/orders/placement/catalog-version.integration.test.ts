import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCart } from '../../../../shared/pricing';
import { createDraftOrderResponseSchema, orderCustomerSchema } from '../../../../shared/schemas/orders';
import { orderItems, users } from '../../../db/schema';
import { sqlRows } from '../../../test/sql-rows';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { signIn } from '../../../test/factories/sign-in';
import { createPricingService } from '../../pricing/pricing.service';
import { createCountedRouteLimit } from '../../../security/counted-route-limit';
import { createRateCounters } from '../../../security/rate-counters';
import { ROUTE_RATE_LIMITS } from '../../../security/rate-limits';
import { createOrderIds } from './order-ids';
import { submitOrder } from './submit-order';

/**
 * Order submission prices from the in-memory catalogue and writes the order only while that catalogue's
 * version is still the database's (ADR 0017, ADR 0019): these tests change prices behind the cache's back and while orders
 * are being placed, and check that no order is ever priced from a catalogue it could not see.
 */
const FOUR_OZ = 1;
const ONE_OZ = 21;

describe('the catalogue version', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const version = async () =>
    (await sqlRows<{ version: number }>(t.db, sql`select version::int as version from catalog_version`))[0]
      ?.version ?? 0;
  /** Both products' prices up by `dollars` (the columns hold dollars), in one statement. */
  const raisePrices = (dollars: number) =>
    t.db.execute(
      sql`update products set price = price + ${dollars}, wholesale_price = wholesale_price + ${dollars}
          where id in (${FOUR_OZ}, ${ONE_OZ})`,
    );
  it('rises with every write to the catalogue, and only then', async () => {
    const start = await version();
    await raisePrices(0);
    expect(await version()).toBe(start + 1);
    await t.db.execute(sql`update pricing_tiers set name = name`);
    await t.db.execute(sql`update allowed_skus set notes = notes`);
    expect(await version()).toBe(start + 3);
    await t.db
      .update(users)
      .set({ firstName: 'Someone' })
      .where(sql`false`);
    expect(await version()).toBe(start + 3);
  });

  it('prices an order from the cached catalogue only while its version is current, and never writes it from a stale one', async () => {
    // A pricing service whose cache hears no notifications: only the version can tell it is stale.
    const pricing = createPricingService({ db: t.db });
    for (const cache of pricing.caches) cache.setLive(true);
    const counters = createRateCounters(t.db);
    const submissions = createCountedRouteLimit(
      counters,
      { method: 'POST', url: '/api/create-draft-order' },
      ROUTE_RATE_LIMITS.submitOrder,
    );
    const deps = {
      db: t.db,
      env: t.env,
      pricing,
      orderIds: createOrderIds(t.db),
      shopifyConnected: false,
      submissions,
    };
    const user = await createUser(t.db);
    const subject = `user:${user.id}`;
    const order = {
      customer: orderCustomerSchema.parse({
        customerName: 'Ada Buyer',
        customerEmail: 'ada@example.com',
        businessName: 'Mist Shop',
      }),
      items: [{ productId: FOUR_OZ, quantity: 12 }],
      notes: null,
      poNumber: null,
    };
    const place = async () => {
      const answer = await submitOrder(
        deps,
        user,
        randomUUID(),
        { ...order, request: randomUUID() },
        subject,
      );
      const [line] = await t.db
        .select({ price: orderItems.price })
        .from(orderItems)
        .where(inArray(orderItems.orderId, [answer.body.orderId]));
      return line?.price;
    };
    const cached = await pricing.currentCatalogue();
    const cachedPrice = await place();
    expect(await pricing.currentCatalogue()).toBe(cached);

    await raisePrices(1);
    try {
      // The cache still holds the old prices; the order must not be written with them.
      const price = await place();
      const fresh = await pricing.currentCatalogue();
      expect(fresh).not.toBe(cached);
      expect(fresh.version).toBe(cached.version + 1);
      expect(price).toBeGreaterThan(cachedPrice ?? Infinity);
      expect(price).toBe(priceCart(fresh.catalog, order.items).lines[0]?.unitPrice);
      // Written on the second attempt, the submission still counts once against the limit.
      expect((await counters.peek(submissions.keyOf(subject))).count).toBe(2);
    } finally {
      await raisePrices(-1);
    }
  });

  it('prices every order from one catalogue, old or new, while prices change under the orders', async () => {
    const customers = await Promise.all(
      [0, 1, 2].map(async () => {
        const user = await createUser(t.db);
        return signIn(t.app, t.db, user.email);
      }),
    );
    const submit = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-draft-order',
        headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
        payload: {
          customer: {
            customerName: 'Ada Buyer',
            customerEmail: 'ada@example.com',
            businessName: 'Mist Shop',
          },
          orderItems: [
            { productId: FOUR_OZ, quantity: 12 },
            { productId: ONE_OZ, quantity: 12 },
          ],
          notes: null,
        },
      });
    const unitPrices = async (orderIds: number[]) => {
      const rows = await t.db
        .select({ orderId: orderItems.orderId, productId: orderItems.productId, price: orderItems.price })
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds));
      const byOrder = new Map<number, string>();
      for (const orderId of orderIds) {
        const lines = rows.filter((row) => row.orderId === orderId).sort((a, b) => a.productId - b.productId);
        byOrder.set(orderId, lines.map((line) => line.price).join('/'));
      }
      return byOrder;
    };
    const placed = (responses: Array<{ statusCode: number; json(): unknown }>) => {
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
      return responses.map((response) => createDraftOrderResponseSchema.parse(response.json()).orderId);
    };

    const [before] = [...(await unitPrices(placed([await submit(customers[0] ?? '')]))).values()];
    try {
      const during = Array.from({ length: 24 }, (_, index) => submit(customers[index % 3] ?? ''));
      await raisePrices(1);
      const duringIds = placed(await Promise.all(during));
      const [after] = [...(await unitPrices(placed([await submit(customers[1] ?? '')]))).values()];

      expect(after).not.toBe(before);
      // Each order's two lines come from one catalogue: both old or both new, never one of each.
      for (const [orderId, prices] of await unitPrices(duringIds)) {
        expect([before, after], `order ${orderId}`).toContain(prices);
      }
    } finally {
      await raisePrices(-1);
    }
  });
});
