import { and, eq, sql } from 'drizzle-orm';
import type { PaymentTerms } from '../../../shared/payment-terms';
import type { DatabaseOrTransaction } from '../../db/client';
import { companies, companyLocations, type CompanyLocationRow, type CompanyRow } from '../../db/schema';

/**
 * Every write of the `companies` and `company_locations` tables: like `users`, their one writer is the
 * accounts feature (docs/architecture.md#one-writer-per-table), which makes a company with its first owner
 * (docs/companies.md). Callers keep their checks and audit entries around these.
 */

/** The phone and addresses of a location, as registration and My Account give them. */
export type LocationDetails = Partial<
  Omit<
    typeof companyLocations.$inferInsert,
    'id' | 'companyId' | 'name' | 'isDefault' | 'createdAt' | 'updatedAt'
  >
>;

/** The name a company's first location gets; staff and owners may rename it. */
export const FIRST_LOCATION_NAME = 'Main location';

/** A new company with its default location (docs/companies.md#locations). */
export async function createCompany(
  db: DatabaseOrTransaction,
  name: string,
  location: LocationDetails = {},
): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values({ name }).returning();
  if (!row) throw new Error('The company was not created');
  await db
    .insert(companyLocations)
    .values({ ...location, companyId: row.id, name: FIRST_LOCATION_NAME, isDefault: true });
  return row;
}

/** Changes the company's default location (an owner's My Account); null when the company has none. */
export async function updateDefaultLocation(
  db: DatabaseOrTransaction,
  companyId: number,
  values: LocationDetails,
): Promise<CompanyLocationRow | null> {
  const [row] = await db
    .update(companyLocations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.isDefault, true)))
    .returning();
  return row ?? null;
}

/** Removes a company made for a person who could not be added after all (their e-mail was taken). */
export async function deleteEmptyCompany(db: DatabaseOrTransaction, id: number) {
  await db.delete(companies).where(eq(companies.id, id));
}

/** How the company pays (docs/orders.md#payment-terms); null when there is no such company. */
export async function setCompanyPaymentTerms(
  db: DatabaseOrTransaction,
  id: number,
  paymentTerms: PaymentTerms,
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ paymentTerms, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row ?? null;
}

/** The company's business name, as an owner edits it in My Account; null when there is no such company. */
export async function renameCompany(
  db: DatabaseOrTransaction,
  id: number,
  name: string,
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row ?? null;
}
