import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminSupportListQuery, SupportMessageStatus } from '../../../shared/schemas/admin-support';
import { supportMessages, type SupportMessageRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

/** The inbox filters: a status (all = any) and the order a message is about. */
export function supportFilterCondition(filter: Pick<AdminSupportListQuery, 'status' | 'orderId'>) {
  const conditions: SQL[] = [];
  if (filter.status !== 'all') conditions.push(eq(supportMessages.status, filter.status));
  if (filter.orderId !== undefined) conditions.push(eq(supportMessages.specificOrderId, filter.orderId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of the matching messages, newest first (the id breaks ties), with how many match in all; a page
 * past the end has no rows to carry the count, so it is counted apart.
 */
export async function findSupportMessagesPage(
  db: DatabaseOrTransaction,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: SupportMessageRow[]; total: number }> {
  const found = await db
    .select({ message: supportMessages, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(supportMessages)
    .where(where)
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page.offset > 0) {
    const [row] = await db.select({ total: count() }).from(supportMessages).where(where);
    total = row?.total ?? 0;
  }
  return { rows: found.map((row) => row.message), total };
}

/** How many messages the whole inbox holds in each status. */
export async function countSupportMessagesByStatus(
  db: DatabaseOrTransaction,
): Promise<Record<SupportMessageStatus, number>> {
  const rows = await db
    .select({ status: supportMessages.status, total: count() })
    .from(supportMessages)
    .groupBy(supportMessages.status);
  const counts = { open: 0, answered: 0, closed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

/** The message, locked until the transaction ends, so two status changes run one after the other. */
export async function lockSupportMessage(
  db: DatabaseOrTransaction,
  id: number,
): Promise<SupportMessageRow | null> {
  const [row] = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateSupportMessageStatus(
  db: DatabaseOrTransaction,
  id: number,
  status: SupportMessageStatus,
): Promise<SupportMessageRow> {
  const [row] = await db
    .update(supportMessages)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(supportMessages.id, id))
    .returning();
  if (!row) throw new Error(`Support message ${id} was not updated`);
  return row;
}
