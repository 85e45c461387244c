import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { parseOrderReference, STORED_ORDER_STATUSES } from '../../../../shared/orders';
import type { AdminOrderStatusFilter } from '../../../../shared/schemas/admin-orders';
import type { DatabaseOrTransaction } from '../../../db/client';
import { orders, type OrderRow } from '../../../db/schema';
import { isOverdueSql, isUnpaidSql } from '../rules/order-rules.sql';

/*
 * Staff's reads of the orders (admin Orders list, search, CSV export). Reads only: an order's state is
 * written by order-transitions.ts alone.
 */

/** Escapes LIKE's wildcards (and its escape character) so the user's % and _ match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The WHERE clause of the admin list and export (docs/admin.md#orders): the search matches customer name,
 * e-mail, business name and the buyer's PO number (case-insensitive substring, the input taken literally) or
 * the order id; the status filter counts legacy values with the status they read as. Always parameterised
 * (docs/security.md#input-validation).
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
      ilike(orders.poNumber, pattern),
    ];
    const id = parseOrderReference(search);
    if (id !== null) matches.push(eq(orders.id, id));
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  if (filter.status === 'overdue') {
    conditions.push(isOverdueSql(new Date()));
  } else if (filter.status === 'unpaid') {
    conditions.push(isUnpaidSql());
  } else if (filter.status !== 'all') {
    conditions.push(inArray(orders.status, [...STORED_ORDER_STATUSES[filter.status]]));
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

/**
 * Where a page of orders ended, newest first: `createdAt` as PostgreSQL writes it (to the microsecond, with its
 * offset), since a JavaScript Date keeps milliseconds only and would skip or repeat orders of one millisecond.
 */
export interface OrderKey {
  createdAt: string;
  id: number;
}

export interface OrdersAfterPage {
  rows: OrderRow[];
  /** Where the next page starts, or null when this one was the last (shorter than asked). */
  next: OrderKey | null;
}

/**
 * The matching orders after `after`, newest first, at most `limit` (the streamed CSV export,
 * docs/admin.md#orders): keyset pagination on (createdAt, id), so each page is one indexed range read and no
 * transaction or cursor stays open while a slow download waits.
 */
export async function findOrdersAfter(
  db: DatabaseOrTransaction,
  where: SQL | undefined,
  after: OrderKey | null,
  limit: number,
): Promise<OrdersAfterPage> {
  // One range of orders_created_at_id_idx: the first term narrows it for any planner, the second resolves ties.
  const keyset = after
    ? sql`${orders.createdAt} <= ${after.createdAt}::timestamptz and (${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`
    : undefined;
  const found = await db
    .select({ order: orders, createdAtText: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(and(where, keyset))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const last = found.at(-1);
  return {
    rows: found.map((row) => row.order),
    next: last && found.length === limit ? { createdAt: last.createdAtText, id: last.order.id } : null,
  };
}

/** How many orders match (the export's audit entry and its X-Total-Count). */
export async function countOrders(db: DatabaseOrTransaction, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(where);
  return row?.total ?? 0;
}
