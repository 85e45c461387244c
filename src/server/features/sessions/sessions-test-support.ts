import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/** How many sessions `userId` has (tests: sign-out everywhere, password changes, disabled accounts). */
export const countSessions = async (db: Database, userId: number) =>
  (
    await db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, userId))
  )[0]?.count ?? 0;
