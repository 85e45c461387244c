import { eq } from 'drizzle-orm';
import { dollarsToCents } from '../../../shared/money';
import { COMPANY_NOT_FOUND } from '../../../shared/schemas/admin-companies';
import { CREDIT_MESSAGES, type UpdateCompanySettingsRequest } from '../../../shared/schemas/credit';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import { AppError } from '../../errors';
import { lockCompany, setCompanySettings } from '../accounts';

/*
 * Staff's settings of a company beyond its people (docs/credit.md#credit-limit,
 * docs/reorder-reminders.md#staff-settings): the credit limit, and whether and how often its reorder
 * reminders go. Only the fields sent change; the change is audited `company.settings` with before and after.
 */

export async function saveCompanySettings(
  db: Database,
  actor: AuditActor,
  companyId: number,
  request: UpdateCompanySettingsRequest,
): Promise<string> {
  const settings = {
    ...(request.creditLimit !== undefined
      ? { creditLimit: request.creditLimit === null ? null : dollarsToCents(request.creditLimit) }
      : {}),
    ...(request.reorderReminders !== undefined ? { reorderReminders: request.reorderReminders } : {}),
    ...(request.reorderIntervalDays !== undefined
      ? { reorderIntervalDays: request.reorderIntervalDays }
      : {}),
  };
  return db.transaction(async (tx) => {
    // Approvals weigh the limit with this row locked: a new limit applies to the next one.
    if (!(await lockCompany(tx, companyId))) throw new AppError('NOT_FOUND', COMPANY_NOT_FOUND);
    const [before] = await tx
      .select({
        creditLimit: companies.creditLimit,
        reorderReminders: companies.reorderReminders,
        reorderIntervalDays: companies.reorderIntervalDays,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    const after = await setCompanySettings(tx, companyId, settings);
    if (!before || !after) throw new AppError('NOT_FOUND', COMPANY_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'company.settings',
      entityType: 'company',
      entityId: companyId,
      before,
      after: {
        creditLimit: after.creditLimit,
        reorderReminders: after.reorderReminders,
        reorderIntervalDays: after.reorderIntervalDays,
      },
    });
    return CREDIT_MESSAGES.settingsSaved;
  });
}
