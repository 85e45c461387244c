import type { Database } from '../../db/client';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import type { JobLogger } from '../../jobs/worker';
import { RECONCILE_INTERVAL_MS, RECONCILE_JOB, reconcileJob } from './reconcile-orders';

/** The start of the 15-minute slot `now` falls in, e.g. '2026-11-22T15:30:00.000Z'. */
export function reconcileSlot(now: Date, intervalMs = RECONCILE_INTERVAL_MS): string {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs).toISOString();
}

/**
 * Queues the reconciliation job for the current slot now and then every `intervalMs` (like housekeeping.ts).
 * The slot is the job's dedupeKey, so with several app instances it still runs once per slot, on whichever
 * worker claims it. Returns the function that stops the timer.
 */
export function startShopifyReconciliation(
  db: Database,
  log: JobLogger,
  intervalMs = RECONCILE_INTERVAL_MS,
): () => void {
  const queue = () => {
    const slot = reconcileSlot(new Date(), intervalMs);
    enqueueJob(db, jobToQueue(reconcileJob, { slot }, { dedupeKey: `${RECONCILE_JOB}:${slot}` })).catch(
      (error: unknown) => log.warn({ err: error }, 'could not queue the Shopify reconciliation'),
    );
  };
  queue();
  const timer = setInterval(queue, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
