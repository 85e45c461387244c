import type { Database } from '../db/client';
import { jobToQueue, type JobDefinition } from './job-definition';
import { enqueueJob } from './queue';
import type { JobLogger } from './worker';

/** The start of the `intervalMs` slot `now` falls in, e.g. '2026-11-22T15:30:00.000Z' for 15 minutes. */
export function slotOf(now: Date, intervalMs: number): string {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs).toISOString();
}

/**
 * Queues `job` for the current slot now and then every `intervalMs`. The slot is the job's dedupeKey, so
 * with several app instances it still runs once per slot, on whichever worker claims it. Returns the
 * function that stops the timer.
 */
export function startSlotJob(
  db: Database,
  log: JobLogger,
  job: JobDefinition<{ slot: string }>,
  intervalMs: number,
): () => void {
  const queue = () => {
    const slot = slotOf(new Date(), intervalMs);
    enqueueJob(db, jobToQueue(job, { slot }, { dedupeKey: `${job.type}:${slot}` })).catch((error: unknown) =>
      log.warn({ err: error, job: job.type }, 'could not queue a scheduled job'),
    );
  };
  queue();
  const timer = setInterval(queue, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
