import type { PaymentTerms } from '../../../shared/payment-terms';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { UserRole } from '../../../shared/schemas/admin-users';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

/** Every user, newest first. */
export function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
}

/** Registrations waiting for a decision, oldest first. */
export function listPendingUsers(db: Database): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.status, 'pending'))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function findUser(db: DatabaseOrTransaction, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
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

/** Inserts the user unless the username or e-mail was taken meanwhile (then null). */
export async function insertUser(db: DatabaseOrTransaction, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
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

/** The customer's payment terms (docs/orders.md#payment-terms); null when there is no such user. */
export async function setPaymentTerms(
  db: DatabaseOrTransaction,
  id: number,
  paymentTerms: PaymentTerms,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ paymentTerms, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function setRole(
  db: DatabaseOrTransaction,
  id: number,
  role: UserRole,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * Records the decision on a pending registration, atomically: of two administrators deciding at once, only
 * one finds the user still pending. Null when the user is not (or no longer) pending.
 */
export async function decidePendingUser(
  db: DatabaseOrTransaction,
  id: number,
  decision: 'approved' | 'rejected',
  adminId: number,
): Promise<UserRow | null> {
  const now = new Date();
  const [row] = await db
    .update(users)
    .set(
      decision === 'approved'
        ? { status: 'approved', approvedAt: now, approvedBy: adminId, updatedAt: now }
        : { status: 'rejected', updatedAt: now },
    )
    .where(and(eq(users.id, id), eq(users.status, 'pending')))
    .returning();
  return row ?? null;
}
