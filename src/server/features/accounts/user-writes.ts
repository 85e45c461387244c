import { and, eq } from 'drizzle-orm';
import type { UserRole } from '../../../shared/schemas/admin-users';
import { fullName } from '../../../shared/user-name';
import type { DatabaseOrTransaction } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { createCompany, deleteEmptyCompany, type LocationDetails } from './company-writes';

/**
 * Every write of the `users` table: the accounts feature is its one writer
 * (docs/architecture.md#one-writer-per-table). Each write is named after what happens to the account; the
 * callers (registration here, admin Users, the administrator sign-in) keep their checks, audit entries,
 * e-mails and ended sessions around it.
 */

type NewUser = typeof users.$inferInsert;

/**
 * The business a new customer brings: its name (none given: the person's name stands for it) and its first
 * location's phone and addresses.
 */
type Business = { businessName: string | null; location?: LocationDetails };

/**
 * What a registration gives: everything but the role, the status and the company, which registration
 * decides.
 */
type RegistrationDetails = Omit<
  NewUser,
  'id' | 'role' | 'status' | 'approvedAt' | 'approvedBy' | 'companyId' | 'companyRole'
> &
  Business;

/** What an administrator gives for an account they create. */
type CreatedUserDetails = Pick<
  NewUser,
  'username' | 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'role'
> &
  Business;

/** The person's own fields on My Account; the addresses are the company's (updateDefaultLocation). */
export type ProfileUpdate = Partial<Pick<NewUser, 'firstName' | 'lastName' | 'phone'>>;

/** Inserts the user unless the e-mail or username is taken (then null): no race can create two rows. */
async function insertUnlessTaken(db: DatabaseOrTransaction, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The name of a new customer's company: the business name given, else the person's own name. */
const companyNameOf = (details: NewUser & Business) =>
  details.businessName?.trim() ||
  fullName({
    firstName: details.firstName ?? null,
    lastName: details.lastName ?? null,
    username: details.username,
  });

/**
 * A new customer as the owner of a new company of their own (docs/companies.md#people-and-roles); null
 * when the e-mail or username is taken, and then no company is left behind.
 */
async function insertOwnerOfNewCompany(
  db: DatabaseOrTransaction,
  { businessName, location, ...values }: NewUser & Business,
): Promise<UserRow | null> {
  const company = await createCompany(db, companyNameOf({ ...values, businessName }), location);
  const row = await insertUnlessTaken(db, { ...values, companyId: company.id, companyRole: 'owner' });
  if (!row) await deleteEmptyCompany(db, company.id);
  return row;
}

/**
 * A customer's registration, waiting for a decision: its owner and their company; null when the e-mail or
 * username is taken.
 */
export function registerPendingCustomer(
  db: DatabaseOrTransaction,
  details: RegistrationDetails,
): Promise<UserRow | null> {
  return insertOwnerOfNewCompany(db, { ...details, role: 'customer', status: 'pending' });
}

/**
 * An account an administrator creates, approved by them now (a customer as the owner of a company of
 * their own); null when the username or e-mail was taken meanwhile.
 */
export function createApprovedUser(
  db: DatabaseOrTransaction,
  { businessName, location, ...details }: CreatedUserDetails,
  approvedBy: number,
): Promise<UserRow | null> {
  const values = { ...details, status: 'approved' as const, approvedAt: new Date(), approvedBy };
  return details.role === 'customer'
    ? insertOwnerOfNewCompany(db, { ...values, businessName, ...(location ? { location } : {}) })
    : insertUnlessTaken(db, values);
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

/**
 * The user's new role; null when there is no such user. Staff belong to no company: a customer who becomes
 * an administrator leaves theirs (its orders stay with it), and an administrator who becomes a customer
 * becomes the owner of a new company named after them (docs/companies.md#people-and-roles).
 */
export async function changeUserRole(
  db: DatabaseOrTransaction,
  user: UserRow,
  role: UserRole,
): Promise<UserRow | null> {
  const company =
    role === 'customer' && user.companyId === null
      ? { companyId: (await createCompany(db, fullName(user))).id, companyRole: 'owner' as const }
      : role === 'admin'
        ? { companyId: null, companyRole: null }
        : {};
  const [row] = await db
    .update(users)
    .set({ role, ...company, updatedAt: new Date() })
    .where(eq(users.id, user.id))
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

/**
 * The person's own reorder reminder setting (docs/reorder-reminders.md#unsubscribe): My Account's switch and
 * the e-mail's unsubscribe link both write it. Setting the value it already has is harmless, so an unsubscribe
 * link followed twice answers alike. The updated row; null when there is no such user.
 */
export async function setReorderReminderEmails(
  db: DatabaseOrTransaction,
  id: number,
  enabled: boolean,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ reorderReminderEmails: enabled, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}
