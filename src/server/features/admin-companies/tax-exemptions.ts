import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  COMPANY_NOT_FOUND,
  TAX_EXEMPTION_MESSAGES,
  type TaxExemptionRequest,
} from '../../../shared/schemas/admin-companies';
import { isExemptionExpired, TAX_EXEMPTION_REMINDER_DAYS } from '../../../shared/tax-exemption';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { companies, companyLocations } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { bindJob, defineJob, type BoundJob } from '../../jobs/job-definition';
import { startSlotJob } from '../../jobs/slot-schedule';
import type { JobLogger } from '../../jobs/worker';
import { composeEmail } from '../../mail/compose';
import { enqueueEmail } from '../../mail/email.jobs';
import { lockCompany, markTaxExemptionsReminded, setLocationTaxExemption } from '../accounts';

/*
 * Tax exemptions of locations (docs/companies.md#tax-exemption): staff record a reseller's certificate
 * (number, state, last valid day) on a location, and are e-mailed once, 30 days before it expires. An
 * expired exemption no longer applies: the session stops carrying it (orderLocationsOfUser), /confirm stops
 * showing it, and staff see it marked expired.
 */

/** Sets or (with null) clears a location's exemption, audited. */
export async function saveTaxExemption(
  db: Database,
  actor: AuditActor,
  companyId: number,
  locationId: number,
  exemption: TaxExemptionRequest | null,
): Promise<string> {
  if (exemption && isExemptionExpired(exemption.expiresOn)) {
    throw new AppError('VALIDATION_FAILED', TAX_EXEMPTION_MESSAGES.expiryPassed, [
      { field: 'expiresOn', message: TAX_EXEMPTION_MESSAGES.expiryPassed },
    ]);
  }
  return db.transaction(async (tx) => {
    if (!(await lockCompany(tx, companyId))) throw new AppError('NOT_FOUND', COMPANY_NOT_FOUND);
    const [before] = await tx
      .select()
      .from(companyLocations)
      .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.id, locationId)));
    const row = await setLocationTaxExemption(tx, companyId, locationId, exemption);
    if (!before || !row) throw new AppError('NOT_FOUND', TAX_EXEMPTION_MESSAGES.locationNotFound);
    await recordAudit(tx, actor, {
      action: 'location.tax-exemption',
      entityType: 'company',
      entityId: companyId,
      before: {
        locationId,
        certificateNumber: before.taxExemptCertificate,
        state: before.taxExemptState,
        expiresOn: before.taxExemptExpiresOn,
      },
      after: { locationId, ...(exemption ?? { certificateNumber: null, state: null, expiresOn: null }) },
    });
    return exemption ? TAX_EXEMPTION_MESSAGES.saved : TAX_EXEMPTION_MESSAGES.cleared;
  });
}

export const taxExemptionRemindersJob = defineJob({
  type: 'companies.tax-exemption-reminders',
  label: 'Tax exemption reminders',
  payload: z.object({ slot: z.string() }),
  maxAttempts: 3,
});

const REMINDERS_INTERVAL_MS = 60 * 60_000;

/**
 * E-mails staff one reminder for each exemption whose last day is within the next 30 days (and not past),
 * and marks it reminded in the same transaction, so no instance sends it twice. How many were due.
 */
export async function sendTaxExemptionReminders(db: Database, env: Env): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: companyLocations.id,
        name: companyLocations.name,
        companyId: companies.id,
        companyName: companies.name,
        certificateNumber: companyLocations.taxExemptCertificate,
        state: companyLocations.taxExemptState,
        expiresOn: companyLocations.taxExemptExpiresOn,
      })
      .from(companyLocations)
      .innerJoin(companies, eq(companies.id, companyLocations.companyId))
      .where(
        and(
          isNotNull(companyLocations.taxExemptCertificate),
          isNull(companyLocations.taxExemptRemindedAt),
          lte(
            companyLocations.taxExemptExpiresOn,
            sql`((now() at time zone 'utc')::date + ${TAX_EXEMPTION_REMINDER_DAYS}::int)`,
          ),
          sql`${companyLocations.taxExemptExpiresOn} >= (now() at time zone 'utc')::date`,
        ),
      )
      .orderBy(asc(companyLocations.taxExemptExpiresOn))
      .for('update', { of: companyLocations, skipLocked: true });
    for (const location of due) {
      await enqueueEmail(
        tx,
        composeEmail(
          env,
          env.STAFF_EMAIL,
          `Tax exemption expires ${location.expiresOn}: ${location.companyName}`,
          {
            lines: [
              `The tax exemption of ${location.companyName}, location ${location.name}, expires on ${location.expiresOn}.`,
              `Certificate ${location.certificateNumber ?? ''} (${location.state ?? ''}). After that day its orders are no longer tax exempt.`,
              `Ask the retailer for a renewed certificate and record it on the company's page: ${env.APP_ORIGIN}/admin`,
            ],
          },
        ),
        { dedupeKey: `tax-exemption-reminder:${location.id}:${location.expiresOn}` },
      );
    }
    await markTaxExemptionsReminded(
      tx,
      due.map((location) => location.id),
    );
    return due.length;
  });
}

export function taxExemptionJobs(deps: { db: Database; env: Env; log: JobLogger }): BoundJob[] {
  return [
    bindJob(taxExemptionRemindersJob, async () => {
      const sent = await sendTaxExemptionReminders(deps.db, deps.env);
      if (sent > 0) deps.log.info({ sent }, 'tax exemption reminders queued');
    }),
  ];
}

/** Queues the reminders job now and every hour, once per hour over all instances. */
export function startTaxExemptionReminders(db: Database, log: JobLogger) {
  return startSlotJob(db, log, taxExemptionRemindersJob, REMINDERS_INTERVAL_MS);
}
