import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { idempotencyKeys, orderItems, orders, products } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../jobs/queue';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** An order line with what its product says today (the line's own name and SKU win: they are as sold). */
export interface OrderItemRow {
  id: number;
  orderId: number;
  productId: number;
  quantity: number;
  price: number;
  name: string | null;
  sku: string | null;
  product: {
    name: string;
    sku: string;
    imageUrl: string | null;
    shopifyVariantId: string | null;
    caseSize: number;
    isTester: boolean;
    isVirtual: boolean;
  } | null;
}

export async function insertOrder(db: DatabaseOrTransaction, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('The order was not inserted');
  return row;
}

export async function insertOrderItems(db: DatabaseOrTransaction, rows: NewOrderItem[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderItems).values(rows);
}

/** The customer's own order, or null: ownership is part of the query, so another's order is "not found". */
export async function findOrderOfUser(
  db: DatabaseOrTransaction,
  userId: number,
  orderId: number,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countOrdersOfUser(db: DatabaseOrTransaction, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.total ?? 0;
}

/**
 * One page of the customer's orders, newest first (the id breaks ties between equal timestamps), with how
 * many orders the customer has in all: one query instead of two. A page past the end has no rows to carry
 * the count, so it is counted apart.
 */
export async function findOrdersOfUser(
  db: DatabaseOrTransaction,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const found = await db
    .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = found[0]?.total ?? (page.offset > 0 ? await countOrdersOfUser(db, userId) : 0);
  return { rows: found.map((row) => row.order), total };
}

/** The lines of `orderIds`, in the order they were placed. */
export async function findItemsOfOrders(
  db: DatabaseOrTransaction,
  orderIds: readonly number[],
): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      item: orderItems,
      product: {
        name: products.name,
        sku: products.sku,
        imageUrl: products.imageUrl,
        shopifyVariantId: products.shopifyVariantId,
        caseSize: products.caseSize,
        isTester: products.isTester,
        isVirtual: products.isVirtual,
      },
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  return rows.map(({ item, product }) => ({ ...item, product }));
}

/** Claims an idempotency key; a key this customer already holds fails with a unique violation. */
export async function insertIdempotencyKey(
  db: DatabaseOrTransaction,
  values: { userId: number; key: string; requestHash: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(idempotencyKeys).values(values).returning({ id: idempotencyKeys.id });
  if (!row) throw new Error('The idempotency key was not inserted');
  return row.id;
}

export async function completeIdempotencyKey(
  db: DatabaseOrTransaction,
  id: number,
  response: { status: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: response.status, responseBody: response.body })
    .where(eq(idempotencyKeys.id, id));
}

export async function findIdempotencyKey(
  db: DatabaseOrTransaction,
  userId: number,
  key: string,
): Promise<IdempotencyKeyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ?? null;
}
