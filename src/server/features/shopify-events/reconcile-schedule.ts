import type { Database } from '../../db/client';
import { startSlotJob } from '../../jobs/slot-schedule';
import type { JobLogger } from '../../jobs/worker';
import { RECONCILE_INTERVAL_MS, reconcileJob } from './reconcile-orders';

/**
 * Queues the reconciliation job for the current 15-minute slot now and then every `intervalMs`: once per
 * slot over all instances (jobs/slot-schedule.ts). Returns the function that stops the timer.
 */
export function startShopifyReconciliation(
  db: Database,
  log: JobLogger,
  intervalMs = RECONCILE_INTERVAL_MS,
): () => void {
  return startSlotJob(db, log, reconcileJob, intervalMs);
}
