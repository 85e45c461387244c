import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { reorderLinkTokens } from '../../db/schema';

/*
 * The reorder reminders' one-click links (docs/reorder-reminders.md#the-link): sign-in links of their own
 * purpose, written here with the other link tokens (magic links, password resets) so that retiring a
 * person's links (retireLinkTokensOfUser: a password reset, a rejection) retires these too.
 */

/**
 * Stores a reminder's one-click link (its SHA-256), valid `lifetimeDays` on the database's clock, and retires
 * the person's earlier unused links to the same order (a retried send makes a new one).
 */
export async function issueReorderLinkToken(
  db: DatabaseOrTransaction,
  values: { userId: number; orderId: number; tokenHash: string; lifetimeDays: number },
) {
  await db
    .update(reorderLinkTokens)
    .set({ used: true, usedAt: sql`now()` })
    .where(
      and(
        eq(reorderLinkTokens.userId, values.userId),
        eq(reorderLinkTokens.orderId, values.orderId),
        eq(reorderLinkTokens.used, false),
      ),
    );
  await db.insert(reorderLinkTokens).values({
    token: values.tokenHash,
    userId: values.userId,
    orderId: values.orderId,
    expiresAt: sql`now() + make_interval(days => ${values.lifetimeDays}::int)`,
  });
}

/** A reorder link as stored, with whether it has expired on the database's clock. */
export async function findReorderLinkToken(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db
    .select({
      userId: reorderLinkTokens.userId,
      orderId: reorderLinkTokens.orderId,
      used: reorderLinkTokens.used,
      expired: sql<boolean>`${reorderLinkTokens.expiresAt} <= now()`,
    })
    .from(reorderLinkTokens)
    .where(eq(reorderLinkTokens.token, tokenHash));
  return row ?? null;
}

/**
 * Spends a reorder link: one conditional update on the database's clock, so of any number of attempts at
 * once exactly one gets the row back.
 */
export async function consumeReorderLinkToken(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db
    .update(reorderLinkTokens)
    .set({ used: true, usedAt: sql`now()` })
    .where(
      and(
        eq(reorderLinkTokens.token, tokenHash),
        eq(reorderLinkTokens.used, false),
        sql`${reorderLinkTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: reorderLinkTokens.userId, orderId: reorderLinkTokens.orderId });
  return row ?? null;
}

/** Links kept a day past their expiry or use (support can tell 'expired' from 'never sent'), then deleted. */
export async function pruneReorderLinkTokens(db: DatabaseOrTransaction, now: Date) {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db
    .delete(reorderLinkTokens)
    .where(
      or(
        lt(reorderLinkTokens.expiresAt, cutoff),
        and(eq(reorderLinkTokens.used, true), lt(reorderLinkTokens.usedAt, cutoff)),
      ),
    );
}
