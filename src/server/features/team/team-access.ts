import type { DatabaseOrTransaction } from '../../db/client';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../errors';
import { currentCompanyRole, lockCompany } from '../accounts';
import { NOT_IN_A_COMPANY_MESSAGE, OWNERS_ONLY_TEAM_MESSAGE } from './team-messages';

/**
 * Who may act on a company's team and locations (docs/companies.md#people-and-roles): its own people only,
 * and for every change an owner, read again under the company's lock.
 */

/** The person's company, or 403 for staff (who belong to none). */
export function companyOf(user: AccountRow): number {
  if (user.role !== 'customer' || user.companyId === null) {
    throw new AppError('FORBIDDEN', NOT_IN_A_COMPANY_MESSAGE);
  }
  return user.companyId;
}

export const ownersOnly = () => new AppError('FORBIDDEN', OWNERS_ONLY_TEAM_MESSAGE);

/** The owner's company, after taking its lock and reading the owner's role again (see the file's note). */
export async function lockAsOwner(tx: DatabaseOrTransaction, user: AccountRow): Promise<number> {
  const companyId = companyOf(user);
  if (user.companyRole !== 'owner') throw ownersOnly();
  await lockCompany(tx, companyId);
  if ((await currentCompanyRole(tx, user.id, companyId)) !== 'owner') throw ownersOnly();
  return companyId;
}
