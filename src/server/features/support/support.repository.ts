import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { supportMessages, type SupportMessageRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

export type NewSupportMessage = typeof supportMessages.$inferInsert;

/** First key of the per-customer advisory lock (the second is the user id); any other lock uses other keys. */
const SUPPORT_SENDER_LOCK = 727_274_002;

/**
 * Makes one customer's sends wait for each other until the transaction ends, on every app instance, so two
 * sends at once cannot both pass the hourly limit. Other customers are not held up.
 */
export async function lockSupportSender(db: DatabaseOrTransaction, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SUPPORT_SENDER_LOCK}::int, ${userId}::int)`);
}

/**
 * The customer's messages of the last hour, newest first (at most `limit`), each as the seconds left until
 * it leaves that window. The database's clock decides, so app servers' clocks do not matter.
 */
export async function findSecondsLeftInHour(
  db: DatabaseOrTransaction,
  userId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({
      secondsLeft:
        sql<number>`extract(epoch from (${supportMessages.createdAt} + interval '1 hour' - now()))`.mapWith(
          Number,
        ),
    })
    .from(supportMessages)
    .where(
      and(eq(supportMessages.userId, userId), gt(supportMessages.createdAt, sql`now() - interval '1 hour'`)),
    )
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(limit);
  return rows.map((row) => row.secondsLeft);
}

export async function insertSupportMessage(
  db: DatabaseOrTransaction,
  values: NewSupportMessage,
): Promise<SupportMessageRow> {
  const [row] = await db.insert(supportMessages).values(values).returning();
  if (!row) throw new Error('The support message was not inserted');
  return row;
}
