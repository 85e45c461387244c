import { z } from 'zod';
import type { Database } from '../../db/client';
import { bindJob, defineJob, jobToQueue, type BoundJob } from '../../jobs/job-definition';
import { hasWaitingJob } from '../../jobs/held-jobs';
import { enqueueJob } from '../../jobs/queue';
import { startSlotJob } from '../../jobs/slot-schedule';
import type { JobLogger } from '../../jobs/worker';
import { SHOPIFY_ORDER_JOB_ATTEMPTS, shopifyOrderJob } from '../orders';
import { ensureB2b, type CompaniesShopifyDeps } from './b2b-gate';
import { companiesDueForSync, companySyncState } from './company-fingerprint';
import { recordSyncError } from './companies-shopify.repository';
import { syncCompany } from './sync-company';

/*
 * The jobs that keep companies in Shopify (docs/shopify.md#b2b-companies): every minute the reconcile job
 * finds the companies whose portal state changed since their last sync (company-fingerprint.ts) and queues
 * one sync job each; a new approval is in Shopify within about a minute, and a store that gains B2B gets
 * every company the same way.
 */

export const RECONCILE_COMPANIES_JOB = 'shopify.companies.reconcile';
export const SYNC_COMPANY_JOB = 'shopify.company.sync';
export const COMPANIES_RECONCILE_INTERVAL_MS = 60_000;
/** Companies queued per reconcile run: a store that gains B2B with thousands of companies is brought over in steps. */
const COMPANIES_PER_RUN = 200;

export const reconcileCompaniesJob = defineJob({
  type: RECONCILE_COMPANIES_JOB,
  label: 'Shopify companies check',
  payload: z.object({ slot: z.string() }),
  maxAttempts: 1,
});

export const syncCompanyJob = defineJob({
  type: SYNC_COMPANY_JOB,
  label: 'Shopify company',
  payload: z.object({ companyId: z.number().int().positive(), slot: z.string() }),
  maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  // One company's syncs never overlap (a second would create what the first is creating).
  serialKey: ({ companyId }) => `company:${companyId}`,
});

/** Every minute, once over all instances (jobs/slot-schedule.ts). */
export function startCompaniesReconcile(db: Database, log: JobLogger): () => void {
  return startSlotJob(db, log, reconcileCompaniesJob, COMPANIES_RECONCILE_INTERVAL_MS);
}

export function companiesShopifyJobs(deps: CompaniesShopifyDeps): BoundJob[] {
  const { db, log } = deps;
  return [
    bindJob(reconcileCompaniesJob, async ({ slot }, job) => {
      const now = job.lockedAt ?? new Date();
      if (!(await ensureB2b(deps, now))) return;
      const due = await companiesDueForSync(db, now, COMPANIES_PER_RUN);
      for (const companyId of due) {
        // A sync still waiting (queued, or retrying after a failure) will read the company as it is now.
        if (await hasWaitingJob(db, SYNC_COMPANY_JOB, 'companyId', companyId)) continue;
        await enqueueJob(
          db,
          jobToQueue(syncCompanyJob, { companyId, slot }, { dedupeKey: `company-sync:${companyId}:${slot}` }),
        );
      }
      if (due.length > 0) log.info({ slot, companies: due.length }, 'Shopify company syncs queued');
    }),
    bindJob(
      syncCompanyJob,
      shopifyOrderJob(
        deps,
        {
          needsStaff: 'Shopify company could not be synced; staff see why in Companies',
          // Given up: recorded with the company's fingerprint, so the reconcile does not queue it again
          // every minute; its next change tries again.
          onEnd: async (payload, job, error) => {
            const companyId = syncCompanyJob.payload.safeParse(payload).data?.companyId;
            if (companyId) await recordGivenUp(db, companyId, error, job.lockedAt ?? new Date());
          },
        },
        async (payload, job) => {
          const { companyId } = syncCompanyJob.payload.parse(payload);
          await syncCompany(deps, companyId, job.lockedAt ?? new Date());
        },
      ),
    ),
  ];
}

async function recordGivenUp(db: Database, companyId: number, error: unknown, now: Date) {
  const state = await companySyncState(db, companyId, now.toISOString().slice(0, 10));
  const message = error instanceof Error ? error.message : String(error);
  await recordSyncError(db, companyId, `Shopify sync gave up: ${message}`, state?.fingerprint ?? null);
}
