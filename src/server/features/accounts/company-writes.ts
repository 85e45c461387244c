import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentTerms } from '../../../shared/payment-terms';
import type { DatabaseOrTransaction } from '../../db/client';
import {
  companies,
  companyLocations,
  type CompanyLocationRow,
  type CompanyRow,
  type TaxExemption,
} from '../../db/schema';

/**
 * Every write of the `companies` and `company_locations` tables: like `users`, their one writer is the
 * accounts feature (docs/architecture.md#one-writer-per-table), which makes a company with its first owner
 * (docs/companies.md). Callers keep their checks and audit entries around these.
 */

/** The phone and addresses of a location, as registration and My Account give them. */
export type LocationDetails = Partial<
  Omit<
    typeof companyLocations.$inferInsert,
    | 'id'
    | 'companyId'
    | 'name'
    | 'isDefault'
    | 'createdAt'
    | 'updatedAt'
    | 'taxExemptCertificate'
    | 'taxExemptState'
    | 'taxExemptExpiresOn'
    | 'taxExemptRemindedAt'
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

/**
 * Staff's credit and reorder settings of a company (docs/credit.md#credit-limit,
 * docs/reorder-reminders.md#staff-settings): only the fields given change. Null when there is no such company.
 */
export async function setCompanySettings(
  db: DatabaseOrTransaction,
  id: number,
  settings: { creditLimit?: number | null; reorderReminders?: boolean; reorderIntervalDays?: number | null },
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row ?? null;
}

/**
 * The mark of the company's 80 % credit notice (docs/credit.md#the-80-notice): set when it goes, cleared when an
 * approval finds the balance below the line again.
 */
export async function markCreditNotice(
  db: DatabaseOrTransaction,
  id: number,
  at: Date | null,
): Promise<void> {
  await db.update(companies).set({ creditNoticeSentAt: at }).where(eq(companies.id, id));
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

/** A new location of the company, not its default. */
export async function addLocation(
  db: DatabaseOrTransaction,
  companyId: number,
  values: LocationDetails & { name: string },
): Promise<CompanyLocationRow> {
  const [row] = await db
    .insert(companyLocations)
    .values({ ...values, companyId, isDefault: false })
    .returning();
  if (!row) throw new Error('The location was not created');
  return row;
}

/** Changes one of the company's locations; null when the company has no such location. */
export async function updateLocation(
  db: DatabaseOrTransaction,
  companyId: number,
  id: number,
  values: LocationDetails & { name: string },
): Promise<CompanyLocationRow | null> {
  const [row] = await db
    .update(companyLocations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Removes one of the company's locations other than its default; false when there is no such location or
 * it is the default. Its orders keep their address (their location becomes unknown); buyers lose it.
 */
export async function removeLocation(db: DatabaseOrTransaction, companyId: number, id: number) {
  const rows = await db
    .delete(companyLocations)
    .where(
      and(
        eq(companyLocations.companyId, companyId),
        eq(companyLocations.id, id),
        eq(companyLocations.isDefault, false),
      ),
    )
    .returning({ id: companyLocations.id });
  return rows.length > 0;
}

/**
 * Makes one of the company's locations its default (the one `GET /api/user` shows and orders fall back to);
 * false when the company has no such location. Call under the company's lock (member-writes.ts lockCompany).
 */
export async function makeDefaultLocation(db: DatabaseOrTransaction, companyId: number, id: number) {
  const [target] = await db
    .select({ id: companyLocations.id })
    .from(companyLocations)
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.id, id)));
  if (!target) return false;
  await db
    .update(companyLocations)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.isDefault, true)));
  await db
    .update(companyLocations)
    .set({ isDefault: true, updatedAt: sql`now()` })
    .where(eq(companyLocations.id, id));
  return true;
}

/**
 * Staff set (or, with null, clear) a location's tax exemption (docs/companies.md#tax-exemption); a new one
 * will be reminded of again. Null when the company has no such location.
 */
export async function setLocationTaxExemption(
  db: DatabaseOrTransaction,
  companyId: number,
  locationId: number,
  exemption: TaxExemption | null,
): Promise<CompanyLocationRow | null> {
  const [row] = await db
    .update(companyLocations)
    .set({
      taxExemptCertificate: exemption?.certificateNumber ?? null,
      taxExemptState: exemption?.state ?? null,
      taxExemptExpiresOn: exemption?.expiresOn ?? null,
      taxExemptRemindedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.id, locationId)))
    .returning();
  return row ?? null;
}

/** Notes that staff were reminded of the exemptions of these locations expiring. */
export async function markTaxExemptionsReminded(db: DatabaseOrTransaction, locationIds: number[]) {
  if (locationIds.length === 0) return;
  await db
    .update(companyLocations)
    .set({ taxExemptRemindedAt: sql`now()` })
    .where(inArray(companyLocations.id, locationIds));
}
