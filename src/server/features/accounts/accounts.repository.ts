import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import {
  companies,
  companyLocations,
  defaultLocationOf,
  orderLocationsOfUser,
  magicLinkTokens,
  passwordResetTokens,
  reorderLinkTokens,
  users,
  type AccountRow,
  type CompanyLocationRow,
  type CompanyRow,
  type OrderLocation,
  type UserRow,
} from '../../db/schema';

/** The two kinds of one-time link; each lives in its own table, so a token can never cross purposes. */
export type LinkPurpose = 'magic-link' | 'password-reset';
const tokenTable = (purpose: LinkPurpose) =>
  purpose === 'magic-link' ? magicLinkTokens : passwordResetTokens;

/**
 * People with their companies and their companies' default locations (docs/companies.md): add a where and an
 * order, then map with toAccountRow.
 */
export function selectAccounts(db: DatabaseOrTransaction) {
  return db
    .select({ user: users, company: companies, location: companyLocations, locations: orderLocationsOfUser })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(companyLocations, defaultLocationOf(users.companyId))
    .$dynamic();
}

export const toAccountRow = (row: {
  user: UserRow;
  company: CompanyRow | null;
  location: CompanyLocationRow | null;
  locations: OrderLocation[];
}): AccountRow => ({ ...row.user, company: row.company, location: row.location, locations: row.locations });

async function findAccount(db: DatabaseOrTransaction, where: SQL): Promise<AccountRow | null> {
  const [row] = await selectAccounts(db).where(where).limit(1);
  return row ? toAccountRow(row) : null;
}

export function findUserByEmail(db: DatabaseOrTransaction, email: string): Promise<AccountRow | null> {
  return findAccount(db, eq(users.email, email));
}

export function findUserById(db: DatabaseOrTransaction, id: number): Promise<AccountRow | null> {
  return findAccount(db, eq(users.id, id));
}

/**
 * Stores a new link token (its SHA-256) and retires every earlier unused one of the same purpose, so a user
 * never holds two live links (docs/security.md#link-tokens). Expiry is computed by the database clock.
 */
export async function issueLinkToken(
  db: DatabaseOrTransaction,
  purpose: LinkPurpose,
  userId: number,
  tokenHash: string,
  lifetimeMinutes: number,
) {
  const table = tokenTable(purpose);
  await db
    .update(table)
    .set({ used: true, usedAt: sql`now()` })
    .where(and(eq(table.userId, userId), eq(table.used, false)));
  await db.insert(table).values({
    token: tokenHash,
    userId,
    expiresAt: sql`now() + make_interval(mins => ${lifetimeMinutes}::int)`,
  });
}

/**
 * Consumes a token atomically: one UPDATE marks it used only if it is unused and unexpired (database clock),
 * so of any number of concurrent attempts exactly one gets the user id back.
 */
export async function consumeLinkToken(
  db: DatabaseOrTransaction,
  purpose: LinkPurpose,
  tokenHash: string,
): Promise<number | null> {
  const table = tokenTable(purpose);
  const [row] = await db
    .update(table)
    .set({ used: true, usedAt: sql`now()` })
    .where(and(eq(table.token, tokenHash), eq(table.used, false), gt(table.expiresAt, sql`now()`)))
    .returning({ userId: table.userId });
  return row?.userId ?? null;
}

/** The user of a live (unused, unexpired) token, without consuming it. */
export async function findLinkTokenUser(
  db: Database,
  purpose: LinkPurpose,
  tokenHash: string,
): Promise<UserRow | null> {
  const table = tokenTable(purpose);
  const [row] = await db
    .select({ user: users })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(eq(table.token, tokenHash), eq(table.used, false), gt(table.expiresAt, sql`now()`)))
    .limit(1);
  return row?.user ?? null;
}

/** Retires every outstanding link of a user (after a password reset), reorder reminders' links included. */
export async function retireLinkTokensOfUser(db: DatabaseOrTransaction, userId: number) {
  for (const table of [magicLinkTokens, passwordResetTokens, reorderLinkTokens]) {
    await db
      .update(table)
      .set({ used: true, usedAt: sql`now()` })
      .where(and(eq(table.userId, userId), eq(table.used, false)));
  }
}

/** The addresses of the company's owners who may sign in: the copies of its order e-mails. */
export async function companyOwnerEmails(db: DatabaseOrTransaction, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'owner'), eq(users.status, 'approved')))
    .orderBy(users.id);
  return rows.map((row) => row.email);
}
