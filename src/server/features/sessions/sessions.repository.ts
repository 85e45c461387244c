import { and, eq, gt, ne } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import {
  companies,
  companyLocations,
  defaultLocationOf,
  orderLocationsOfUser,
  sessions,
  users,
  type AccountRow,
} from '../../db/schema';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so a busy user does not write on every request. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

/**
 * An administrator's session ends after 30 minutes without a request and 12 hours after sign-in, whatever
 * happens in between (docs/security.md#sessions, ASVS L2). Its last-seen time is kept within 5 minutes for
 * that.
 */
export const ADMIN_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ADMIN_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const ADMIN_SLIDE_AFTER_MS = 5 * 60 * 1000;

function isAdminSessionOver(session: { createdAt: Date; lastSeenAt: Date }, now: Date): boolean {
  return (
    now.getTime() - session.lastSeenAt.getTime() > ADMIN_IDLE_TIMEOUT_MS ||
    now.getTime() - session.createdAt.getTime() > ADMIN_ABSOLUTE_TIMEOUT_MS
  );
}

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

/**
 * The user of a live session with their company and its default location (docs/companies.md), sliding its expiry when it was last seen over an hour ago (five minutes for an
 * administrator, whose session also ends when idle or old: it is deleted then).
 */
export async function findSessionUser(
  db: Database,
  tokenHash: string,
  now = new Date(),
): Promise<AccountRow | null> {
  const [row] = await db
    .select({
      user: users,
      company: companies,
      location: companyLocations,
      locations: orderLocationsOfUser,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(companyLocations, defaultLocationOf(users.companyId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const isAdmin = row.user.role === 'admin';
  if (isAdmin && isAdminSessionOver(row, now)) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > (isAdmin ? ADMIN_SLIDE_AFTER_MS : SLIDE_AFTER_MS)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { ...row.user, company: row.company, location: row.location, locations: row.locations };
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
