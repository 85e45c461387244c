import { eq, sql } from 'drizzle-orm';
import type { PaymentTerms } from '../../../shared/payment-terms';
import type { DatabaseOrTransaction } from '../../db/client';
import { companies, type CompanyRow } from '../../db/schema';

/**
 * Every write of the `companies` table: like `users`, its one writer is the accounts feature
 * (docs/architecture.md#one-writer-per-table), which makes a company with its first owner
 * (docs/companies.md). Callers keep their checks and audit entries around these.
 */

export async function createCompany(db: DatabaseOrTransaction, name: string): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values({ name }).returning();
  if (!row) throw new Error('The company was not created');
  return row;
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
