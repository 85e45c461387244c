import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { users, type AccountRow } from '../../db/schema';
import { selectAccounts, toAccountRow } from '../accounts';

/** Every user with their company, newest first. */
export async function listUsers(db: Database): Promise<AccountRow[]> {
  const rows = await selectAccounts(db).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toAccountRow);
}

/** Registrations waiting for a decision, oldest first. */
export async function listPendingUsers(db: Database): Promise<AccountRow[]> {
  const rows = await selectAccounts(db)
    .where(eq(users.status, 'pending'))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(toAccountRow);
}

/**
 * Which of a new user's names are taken. The admin sign-in matches a username as typed or an e-mail, so a
 * username may not equal another's username in any case, nor another's e-mail; likewise the e-mail.
 */
export async function findNameConflicts(
  db: DatabaseOrTransaction,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const lowerUsername = username.toLowerCase();
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, lowerUsername),
        eq(users.email, lowerUsername),
        eq(users.email, email),
        eq(sql`lower(${users.username})`, email),
      ),
    );
  return {
    username: rows.some((row) => row.username.toLowerCase() === lowerUsername || row.email === lowerUsername),
    email: rows.some((row) => row.email === email || row.username.toLowerCase() === email),
  };
}

/**
 * Locks every administrator who can sign in, in id order (so two concurrent role changes queue instead of
 * deadlocking), and returns their ids. Read after the lock, so a demotion committed meanwhile is seen.
 */
export async function lockActiveAdministrators(db: DatabaseOrTransaction): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}
