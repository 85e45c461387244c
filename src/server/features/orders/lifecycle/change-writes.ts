import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import {
  orderChanges,
  orderItems,
  orders,
  preparedOrders,
  type OrderRow,
  type PreparedOrderRow,
} from '../../../db/schema';
import type { OrderLineDiff } from '../../../../shared/schemas/orders';
import type { OrderPlan } from '../placement/place-order';
import type { OrderToWrite } from '../reads/orders.repository';

/*
 * The writes of orders that change hands (docs/orders.md#orders-that-change-hands): a prepared order with its
 * lines, the prepared_orders row beside it, an order's lines replaced, and the record of each change. Only
 * lifecycle/ writes prepared_orders and order_changes; the transitions that call these lock the order first.
 */

type ItemsToWrite = OrderPlan['items'];

/** A prepared order: the order (awaiting its buyer), its lines and what staff prepared. */
export async function insertPreparedOrder(
  tx: DatabaseOrTransaction,
  order: OrderToWrite,
  items: ItemsToWrite,
  prepared: Pick<
    PreparedOrderRow,
    'preparedByUserId' | 'note' | 'approveOnConfirm' | 'expiresAt' | 'requestKey'
  >,
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({ ...order, status: 'awaiting_confirmation', paymentStatus: 'unpaid' })
    .returning();
  if (!row) throw new Error('The prepared order was not written');
  await insertItems(tx, row.id, items);
  await tx.insert(preparedOrders).values({ orderId: row.id, ...prepared });
  return row;
}

async function insertItems(tx: DatabaseOrTransaction, orderId: number, items: ItemsToWrite) {
  if (items.length === 0) return;
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId })));
}

/** Replaces the order's lines with `items` (the order's row is locked by the caller). */
export async function replaceOrderItems(tx: DatabaseOrTransaction, orderId: number, items: ItemsToWrite) {
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  await insertItems(tx, orderId, items);
}

/** Records a change of the order's lines (the order page's 'Changed by …'). */
export async function recordOrderChange(
  tx: DatabaseOrTransaction,
  change: {
    orderId: number;
    changedByUserId: number | null;
    byStaff: boolean;
    reason: string | null;
    lines: OrderLineDiff[];
    totalBefore: number;
    totalAfter: number;
    version: number;
  },
) {
  await tx.insert(orderChanges).values(change);
}

/** The order `staffId` prepared with `requestKey`, if any (a New order sent twice). */
export async function findPreparedByKey(
  tx: DatabaseOrTransaction,
  staffId: number,
  requestKey: string,
): Promise<PreparedOrderRow | null> {
  const [row] = await tx
    .select()
    .from(preparedOrders)
    .where(and(eq(preparedOrders.preparedByUserId, staffId), eq(preparedOrders.requestKey, requestKey)))
    .limit(1);
  return row ?? null;
}

export async function findPreparedOrder(
  tx: DatabaseOrTransaction,
  orderId: number,
): Promise<PreparedOrderRow | null> {
  const [row] = await tx.select().from(preparedOrders).where(eq(preparedOrders.orderId, orderId)).limit(1);
  return row ?? null;
}

export async function updatePreparedOrder(
  tx: DatabaseOrTransaction,
  orderId: number,
  values: Partial<
    Pick<
      PreparedOrderRow,
      | 'remindedAt'
      | 'confirmedAt'
      | 'confirmedByUserId'
      | 'declinedAt'
      | 'declinedByUserId'
      | 'declineReason'
      | 'expiredAt'
    >
  >,
) {
  await tx.update(preparedOrders).set(values).where(eq(preparedOrders.orderId, orderId));
}

/** Prepared orders still awaiting their buyer whose reminder or expiry is due at `now` (oldest deadline first). */
export async function findPreparedOrdersDue(
  tx: DatabaseOrTransaction,
  remindAt: Date,
  now: Date,
  limit: number,
): Promise<PreparedOrderRow[]> {
  const rows = await tx
    .select({ prepared: preparedOrders })
    .from(preparedOrders)
    // Only those still awaiting: one staff withdrew (cancelled) is done, whatever its row says.
    .innerJoin(orders, and(eq(orders.id, preparedOrders.orderId), eq(orders.status, 'awaiting_confirmation')))
    .where(
      and(
        isNull(preparedOrders.confirmedAt),
        isNull(preparedOrders.declinedAt),
        isNull(preparedOrders.expiredAt),
        sql`(${lte(preparedOrders.expiresAt, now)} or (${isNull(preparedOrders.remindedAt)} and ${lte(
          preparedOrders.createdAt,
          remindAt,
        )}))`,
      ),
    )
    .orderBy(preparedOrders.expiresAt)
    .limit(limit);
  return rows.map((row) => row.prepared);
}
