import { and, eq } from 'drizzle-orm';
import type { PaymentTerms } from '../../../shared/payment-terms';
import type { UserRole } from '../../../shared/schemas/admin-users';
import type { DatabaseOrTransaction } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import type { ShippingColumn } from '../../db/schema/columns';

/**
 * Every write of the `users` table: the accounts feature is its one writer
 * (docs/architecture.md#one-writer-per-table). Each write is named after what happens to the account; the
 * callers (registration here, admin Users, the administrator sign-in) keep their checks, audit entries,
 * e-mails and ended sessions around it.
 */

type NewUser = typeof users.$inferInsert;

/** What a registration gives: everything but the role and the status, which registration decides. */
type RegistrationDetails = Omit<NewUser, 'id' | 'role' | 'status' | 'approvedAt' | 'approvedBy'>;

/** What an administrator gives for an account they create. */
type CreatedUserDetails = Pick<
  NewUser,
  'username' | 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'businessName' | 'role'
>;

export type ProfileUpdate = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'businessName'
    | 'phone'
    | ShippingColumn
    | 'billingAddress'
    | 'billingAddressLine1'
    | 'billingAddressLine2'
    | 'billingCity'
    | 'billingState'
    | 'billingZip'
    | 'billingCountry'
  >
>;

/** Inserts the user unless the e-mail or username is taken (then null): no race can create two rows. */
async function insertUnlessTaken(db: DatabaseOrTransaction, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** A customer's registration, waiting for a decision; null when the e-mail or username is taken. */
export function registerPendingCustomer(
  db: DatabaseOrTransaction,
  details: RegistrationDetails,
): Promise<UserRow | null> {
  return insertUnlessTaken(db, { ...details, role: 'customer', status: 'pending' });
}

/**
 * An account an administrator creates, approved by them now; null when the username or e-mail was taken
 * meanwhile.
 */
export function createApprovedUser(
  db: DatabaseOrTransaction,
  details: CreatedUserDetails,
  approvedBy: number,
): Promise<UserRow | null> {
  return insertUnlessTaken(db, { ...details, status: 'approved', approvedAt: new Date(), approvedBy });
}

/** Changes the fields a customer edits on their profile; null when there is no such user. */
export async function updateProfile(
  db: DatabaseOrTransaction,
  id: number,
  values: ProfileUpdate,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function setPasswordHash(db: DatabaseOrTransaction, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Notes a completed sign-in (customer or administrator) at `at`; the updated row, null if there is none. */
export async function recordSignIn(
  db: DatabaseOrTransaction,
  id: number,
  at: Date = new Date(),
): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** The customer's payment terms (docs/orders.md#payment-terms); null when there is no such user. */
export async function setUserPaymentTerms(
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

/** The user's new role; null when there is no such user. */
export async function changeUserRole(
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
 * Approves a pending registration, recording who and when. Atomic: of two administrators deciding at once,
 * only one finds the user still pending. Null when the user is not (or no longer) pending.
 */
export async function approveRegistration(
  db: DatabaseOrTransaction,
  id: number,
  adminId: number,
): Promise<UserRow | null> {
  const now = new Date();
  const [row] = await db
    .update(users)
    .set({ status: 'approved', approvedAt: now, approvedBy: adminId, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Rejects a pending registration; atomic and null like approveRegistration. */
export async function rejectRegistration(db: DatabaseOrTransaction, id: number): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.status, 'pending')))
    .returning();
  return row ?? null;
}
