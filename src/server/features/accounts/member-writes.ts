import { and, eq, ne, sql } from 'drizzle-orm';
import { LAST_OWNER_MESSAGE, type CompanyRole } from '../../../shared/company-roles';
import type { DatabaseOrTransaction } from '../../db/client';
import { companies, companyLocations, memberLocations, users, type UserRow } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The people of a company (docs/companies.md#people-and-roles): who joins by invitation, whose role changes,
 * who is removed. Every change takes the company's row lock first (lockCompany), so two changes at once
 * (two owners demoting each other, a demotion beside a removal) are decided one after the other and the
 * company always keeps an owner.
 */

/**
 * Locks the company's row for the rest of the transaction: the one lock every change of its people and every
 * owner-only edit takes. False when there is no such company.
 */
export async function lockCompany(db: DatabaseOrTransaction, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    // NO KEY UPDATE: orders and people added meanwhile (their foreign keys to the company) are not held up.
    .for('no key update');
  return rows.length > 0;
}

/** A member's role as stored now (under lockCompany: as it stays until the transaction ends). */
export async function currentCompanyRole(
  db: DatabaseOrTransaction,
  userId: number,
  companyId: number,
): Promise<CompanyRole | null> {
  const [row] = await db
    .select({ role: users.companyRole })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), ne(users.status, 'disabled')))
    .limit(1);
  return row?.role ?? null;
}

/**
 * Refuses (409, LAST_OWNER_MESSAGE) a change that would leave the company without an owner who may sign
 * in: `leaving` is the person whose owner role is about to end. Call under lockCompany.
 */
export async function keepAnOwner(db: DatabaseOrTransaction, companyId: number, leaving: number) {
  const [row] = await db
    .select({ owners: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.companyRole, 'owner'),
        ne(users.status, 'disabled'),
        ne(users.id, leaving),
      ),
    );
  if ((row?.owners ?? 0) === 0) throw new AppError('CONFLICT', LAST_OWNER_MESSAGE);
}

/**
 * Refuses (409) a person's leaving a company (moved elsewhere, made staff) that would leave people behind
 * with no owner; the last person may leave it empty. Call under lockCompany.
 */
export async function keepAnOwnerForOthers(db: DatabaseOrTransaction, companyId: number, leaving: number) {
  const [row] = await db
    .select({ others: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.status, 'disabled'), ne(users.id, leaving)));
  if ((row?.others ?? 0) > 0) await keepAnOwner(db, companyId, leaving);
}

/**
 * A person who accepted an invitation: approved at once, as their company is, with the role they were
 * invited with. Null when the e-mail was taken meanwhile (then nothing is written).
 */
export async function addInvitedMember(
  db: DatabaseOrTransaction,
  person: { email: string; firstName: string; lastName: string },
  companyId: number,
  companyRole: CompanyRole,
): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({
      ...person,
      username: person.email,
      role: 'customer',
      status: 'approved',
      approvedAt: sql`now()`,
      companyId,
      companyRole,
      lastLoginAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * A member's new role in their company; null when they are not (or no longer) a member of it. A new buyer
 * orders for every location of the company until an owner narrows it down
 * (docs/companies.md#buyers-and-locations).
 */
export async function setCompanyRole(
  db: DatabaseOrTransaction,
  userId: number,
  companyId: number,
  companyRole: CompanyRole,
): Promise<UserRow | null> {
  const [before] = await db
    .select({ role: users.companyRole })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  const [row] = await db
    .update(users)
    .set({ companyRole, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), ne(users.status, 'disabled')))
    .returning();
  if (row && companyRole === 'buyer' && before?.role !== 'buyer') {
    const all = await db
      .select({ id: companyLocations.id })
      .from(companyLocations)
      .where(eq(companyLocations.companyId, companyId));
    await setMemberLocations(
      db,
      userId,
      all.map((location) => location.id),
    );
  }
  return row ?? null;
}

/**
 * Removes a person from the team: their account is disabled (it can no longer sign in, and the orders they
 * placed keep their name); null when they are not (or no longer) a member. The caller ends their sessions.
 */
export async function removeFromCompany(
  db: DatabaseOrTransaction,
  userId: number,
  companyId: number,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ status: 'disabled', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), ne(users.status, 'disabled')))
    .returning();
  return row ?? null;
}

/**
 * A buyer's locations, replaced by `locationIds` (docs/companies.md#buyers-and-locations). The caller checks
 * that each is a location of the buyer's company.
 */
export async function setMemberLocations(db: DatabaseOrTransaction, userId: number, locationIds: number[]) {
  await db.delete(memberLocations).where(eq(memberLocations.userId, userId));
  if (locationIds.length === 0) return;
  await db
    .insert(memberLocations)
    .values(locationIds.map((locationId) => ({ userId, locationId })))
    .onConflictDoNothing();
}
