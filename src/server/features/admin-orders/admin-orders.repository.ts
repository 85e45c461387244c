import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { parseOrderNumber } from '../../../shared/orders';
import type { AdminOrderStatusFilter } from '../../../shared/schemas/admin-orders';
import type { OrderStatus } from '../../../shared/schemas/orders';
import { orders, supportMessages, users, type OrderRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

/** Columns to write on an order; `updatedAt` is the caller's (the clock of the change). */
export type OrderChanges = Partial<typeof orders.$inferInsert>;

/** What the stored `status` column may hold for each status as read (DECISIONS §4 legacy values). */
const STORED_STATUSES: Record<OrderStatus, readonly string[]> = {
  pending: ['pending', 'submitted'],
  processing: ['processing'],
  shipped: ['shipped'],
  delivered: ['delivered', 'completed'],
  cancelled: ['cancelled'],
};

const MAX_ID = 2_147_483_647;

/** Escapes LIKE's wildcards (and its escape character) so the user's % and _ match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The order id a search text names, if any: '42' or '#42' is order 42, 'WO-1042' (any case, the dash
 * optional) is the order numbered so (formatOrderNumber). Out-of-range numbers name nothing.
 */
export function orderIdFromSearch(search: string): number | null {
  const text = search.trim();
  const plain = /^#?(\d{1,10})$/.exec(text);
  const id = plain?.[1] ? Number(plain[1]) : parseOrderNumber(text);
  return id !== null && id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The WHERE clause of the admin list and export (spec 001 §2): the search matches customer name, e-mail
 * and business name (case-insensitive substring, the input taken literally) or the order id; the status
 * filter counts legacy values with the status they read as. Always parameterised (security.md V3).
 */
export function orderFilterCondition(filter: {
  search: string;
  status: AdminOrderStatusFilter;
}): SQL | undefined {
  const conditions: SQL[] = [];
  const search = filter.search.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const matches: SQL[] = [
      ilike(orders.customerName, pattern),
      ilike(orders.customerEmail, pattern),
      ilike(orders.businessName, pattern),
    ];
    const id = orderIdFromSearch(search);
    if (id !== null) matches.push(eq(orders.id, id));
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  if (filter.status !== 'all') {
    conditions.push(inArray(orders.status, [...STORED_STATUSES[filter.status]]));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of the matching orders, newest first (the id breaks ties), with how many match in all: one
 * query, and a count of its own only for a page past the end (which has no rows to carry it).
 */
export async function findOrdersPage(
  db: DatabaseOrTransaction,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const found = await db
    .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page.offset > 0) {
    const [row] = await db.select({ total: count() }).from(orders).where(where);
    total = row?.total ?? 0;
  }
  return { rows: found.map((row) => row.order), total };
}

/** Every matching order, newest first (the CSV export). */
export async function findAllOrders(db: DatabaseOrTransaction, where: SQL | undefined): Promise<OrderRow[]> {
  return db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One order by id (staff, jobs and webhooks read orders through here). */
export async function findOrderById(db: DatabaseOrTransaction, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/**
 * The order, locked until the transaction ends: status changes, the Shopify jobs and webhooks of one order
 * run one after the other.
 */
export async function lockOrderById(db: DatabaseOrTransaction, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateOrder(
  db: DatabaseOrTransaction,
  id: number,
  values: OrderChanges,
): Promise<OrderRow> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  if (!row) throw new Error(`Order ${id} was not updated`);
  return row;
}

/** The account that placed the order: its address and first name for the customer's e-mails. */
export async function findOrderAccount(
  db: DatabaseOrTransaction,
  userId: number | null,
): Promise<{ email: string; firstName: string | null } | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** How many support messages are about each of `orderIds` (issue 7), in one query; absent ids have none. */
export async function countSupportMessagesOfOrders(
  db: DatabaseOrTransaction,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: supportMessages.specificOrderId, total: count() })
    .from(supportMessages)
    .where(inArray(supportMessages.specificOrderId, [...orderIds]))
    .groupBy(supportMessages.specificOrderId);
  return new Map(rows.flatMap((row) => (row.orderId === null ? [] : [[row.orderId, row.total] as const])));
}
