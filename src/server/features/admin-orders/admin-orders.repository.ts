import { count, inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { companies, supportMessages } from '../../db/schema';

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

/** The names of the companies of `ids` as they are now (an order's company, docs/companies.md). */
export async function findCompanyNames(
  db: DatabaseOrTransaction,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
