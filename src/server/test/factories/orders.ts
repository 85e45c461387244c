import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { TEST_ORIGIN } from '../test-app';
import { orderItems, orders, users, type OrderRow } from '../../db/schema';

/**
 * Orders for tests of every feature, stored straight in the database (no pricing, no e-mail, no Shopify):
 * in any status or payment state a test needs, e.g. `{ status: 'processing', paymentTerms: 'net30',
 * paymentDueAt }`. Placing an order as a customer does is POST /api/create-draft-order.
 */

type NewOrder = typeof orders.$inferInsert;
type NewOrderItem = typeof orderItems.$inferInsert;

/**
 * Places one case of the 4 oz bottle as the signed-in customer `cookie` does, through POST
 * /api/create-draft-order (pricing, e-mails and jobs included), for `locationId` when given; expects the 201.
 */
export async function placeOrder(app: App, cookie: string, locationId?: number): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { origin: TEST_ORIGIN, cookie, 'idempotency-key': randomUUID() },
    payload: {
      customer: { customerName: 'Ada Buyer', customerEmail: 'ada@example.com', businessName: 'Mist Shop' },
      orderItems: [{ productId: 1, quantity: 12 }],
      ...(locationId === undefined ? {} : { locationId }),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ orderId: number }>().orderId;
}

/** A word no other test's orders contain, to search for one test's orders only. */
export const uniqueTag = () => `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/**
 * Stores an order of 'Ada Buyer' at 'Mist Shop' (two cases, 255.60) with `values` over it, and its lines;
 * `createdAt` places it in time. An order with a `userId` is for that person's company unless told.
 */
export async function storeOrder(
  db: Database,
  values: Partial<NewOrder> = {},
  items: Array<Omit<NewOrderItem, 'orderId'>> = [],
): Promise<OrderRow> {
  const [placer] = values.userId
    ? await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, values.userId))
    : [];
  const [order] = await db
    .insert(orders)
    .values({
      customerName: 'Ada Buyer',
      customerEmail: 'ada@example.com',
      businessName: 'Mist Shop',
      orderTotal: 25560,
      standardTotal: 25560,
      totalCases: 2,
      companyId: placer?.companyId ?? null,
      ...values,
    })
    .returning();
  if (!order) throw new Error('order not stored');
  if (items.length > 0)
    await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id })));
  return order;
}

/** The stored row of order `id`, as it is now. */
export async function readOrder(db: Database, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}
