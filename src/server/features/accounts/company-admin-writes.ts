import { and, eq, sql } from 'drizzle-orm';
import type { CompanyRole } from '../../../shared/company-roles';
import type { DatabaseOrTransaction } from '../../db/client';
import { companies, companyLocations, users, type UserRow } from '../../db/schema';
import { setMemberLocations } from './member-writes';

/*
 * Staff's writes of a company's membership (admin Companies, docs/companies.md#admin-companies): a member's
 * role, a customer moved into another company, and a merge of two companies. accounts stays the one writer
 * of `users`, `companies` and `company_locations` (docs/architecture.md#one-writer-per-table); the caller
 * locks the rows, checks the rules (a company keeps an owner) and writes the audit entry around these. Each
 * UPDATE of `users` or `company_locations` notifies 'session_changed' (migrations 0005, 0017), so every
 * instance forgets the sessions it remembers of the people concerned.
 */

/**
 * A customer leaves their company for `companyId` with `companyRole`; the old company and its orders stay.
 * The locations given to them there go; a buyer orders for every location of the new company until an
 * owner narrows it down (docs/companies.md#buyers-and-locations). Null when there is no such customer.
 */
export async function moveCustomerToCompany(
  db: DatabaseOrTransaction,
  userId: number,
  companyId: number,
  companyRole: CompanyRole,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ companyId, companyRole, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.role, 'customer')))
    .returning();
  if (!row) return null;
  const locations =
    companyRole === 'buyer'
      ? await db
          .select({ id: companyLocations.id })
          .from(companyLocations)
          .where(eq(companyLocations.companyId, companyId))
      : [];
  await setMemberLocations(
    db,
    row.id,
    locations.map((location) => location.id),
  );
  return row;
}

/** Every person of company `fromId` joins `intoId`, keeping their role; how many moved. */
export async function moveMembersBetweenCompanies(
  db: DatabaseOrTransaction,
  fromId: number,
  intoId: number,
): Promise<number> {
  const moved = await db
    .update(users)
    .set({ companyId: intoId, updatedAt: new Date() })
    .where(eq(users.companyId, fromId))
    .returning({ id: users.id });
  return moved.length;
}

/**
 * Every location of company `fromId` becomes one of `intoId`, none of them its default: `intoId` keeps its
 * own (company_locations_one_default_idx). How many moved.
 */
export async function moveLocationsBetweenCompanies(
  db: DatabaseOrTransaction,
  fromId: number,
  intoId: number,
): Promise<number> {
  const moved = await db
    .update(companyLocations)
    .set({ companyId: intoId, isDefault: false, updatedAt: sql`now()` })
    .where(eq(companyLocations.companyId, fromId))
    .returning({ id: companyLocations.id });
  return moved.length;
}

/**
 * Deletes a company merged into another, once its people, locations and orders have moved (the foreign keys
 * of `users` and `orders` refuse it before). Whether it was there.
 */
export async function deleteMergedCompany(db: DatabaseOrTransaction, id: number): Promise<boolean> {
  const deleted = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return deleted.length > 0;
}
