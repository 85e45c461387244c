import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../jobs/queue';

export type UserRow = typeof users.$inferSelect;

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so a busy user does not write on every request. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

export async function insertSession(
  db: Database,
  values: {
    tokenHash: string;
    userId: number;
    userAgent?: string | undefined;
    ipAddress?: string | undefined;
  },
  now = new Date(),
) {
  await db.insert(sessions).values({
    ...values,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
}

/** The user of a live session, sliding its expiry when it was last seen over an hour ago. */
export async function findSessionUser(
  db: Database,
  tokenHash: string,
  now = new Date(),
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

export async function deleteSession(db: Database, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Signs a user out everywhere, or everywhere but the session `exceptTokenHash` (password change). */
export async function deleteSessionsOfUser(
  db: DatabaseOrTransaction,
  userId: number,
  exceptTokenHash?: string,
) {
  await db
    .delete(sessions)
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId),
    );
}

export const countSessions = async (db: Database, userId: number) =>
  (
    await db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, userId))
  )[0]?.count ?? 0;
