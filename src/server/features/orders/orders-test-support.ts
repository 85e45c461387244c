import type { DatabaseOrTransaction } from '../../db/client';
import { orderItems, orders, type OrderRow } from '../../db/schema';
import type { NewOrderItem } from './reads/orders.repository';

/*
 * Orders written straight into the database by tests, whatever their state (the portal writes an order in
 * one statement at placement, placement/place-order.ts, and changes it through lifecycle/ only).
 */

export type NewOrder = typeof orders.$inferInsert;

export async function insertOrder(db: DatabaseOrTransaction, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('The order was not inserted');
  return row;
}

export async function insertOrderItems(db: DatabaseOrTransaction, rows: NewOrderItem[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderItems).values(rows);
}
