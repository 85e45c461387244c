import { ZodError } from 'zod';
import type { Database } from '../../../db/client';
import type { Env } from '../../../env';
import type { ShopifyError } from '../../../integrations/shopify/client';
import type { ShopifyConnection } from '../../../integrations/shopify/shopify';
import type { DraftOrderInput } from '../../../integrations/shopify/shopify-api';
import { shopifyJobError as sharedShopifyJobError } from '../../../integrations/shopify/shopify-errors';
import type { Job } from '../../../jobs/queue';
import { PermanentJobError, type JobHandler, type JobLogger } from '../../../jobs/worker';
import { postponeJob } from '../../../jobs/held-jobs';

export interface ShopifyOrderJobDeps {
  db: Database;
  env: Env;
  shopify: ShopifyConnection;
  log: JobLogger;
  /**
   * The Shopify company location and contact an order's draft is for, or null for a customer-based draft
   * (docs/shopify.md#b2b-companies). Given by the composition root (jobs/registry.ts) from companies-shopify;
   * without it every draft is customer-based.
   */
  purchasingEntityFor?: PurchasingEntityLookup;
}

/** Whom an order was placed for and by: what decides its draft's purchasing entity. */
export interface PurchasingOrder {
  companyId: number | null;
  locationId: number | null;
  userId: number | null;
}

export type PurchasingEntityLookup = (
  order: PurchasingOrder,
  now: Date,
) => Promise<DraftOrderInput['purchasingEntity'] | null>;

/**
 * How long an attempt refused by the open circuit breaker waits: about the breaker's cool-down (client.ts,
 * 30 s by default), spread a little so the waiting jobs do not all come back at once.
 */
export const CIRCUIT_OPEN_RETRY_MS = 30_000;
const CIRCUIT_OPEN_SPREAD_MS = 15_000;

/** The job's last attempt: a retryable failure now is final, so the order must say so itself. */
export function isLastAttempt(job: Job): boolean {
  return job.attempts >= job.maxAttempts;
}

/**
 * Thrown by an attempt that did not reach Shopify because the client's circuit breaker is open, or that waits
 * for another job (the invoice job for its draft): the job is put back without using up an attempt, so an
 * incident seen by other calls does not eat this job's attempts.
 */
export class PostponeJob extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostponeJob';
  }
}

/**
 * A failed Shopify call in a draft-order job (integrations/shopify/shopify-errors.ts): put back when it never
 * left (open circuit), retried when Shopify says it may work later, failed for good otherwise.
 */
export function shopifyJobError(what: string, error: ShopifyError): Error {
  return sharedShopifyJobError(what, error, { circuitOpen: PostponeJob });
}

/** Whether `error` ends the job (the worker fails it): permanent, or any failure of its last attempt. */
export function endsJob(job: Job, error: unknown): boolean {
  if (error instanceof PostponeJob) return false;
  return error instanceof PermanentJobError || error instanceof ZodError || isLastAttempt(job);
}

export interface ShopifyOrderJobOptions {
  /** Logged (error) when the job ends without having done its work: staff must act. */
  needsStaff: string;
  /** Before the worker fails the job (best effort: its own failure is logged, the job's error stands). */
  onEnd?: (payload: unknown, job: Job, error: unknown) => Promise<void>;
  /** After the attempt was put back (PostponeJob). */
  onPostponed?: (payload: unknown, job: Job) => Promise<void>;
}

/**
 * The frame of the draft-order jobs: an attempt that throws PostponeJob is put back (CIRCUIT_OPEN_RETRY_MS
 * later, the attempt given back); an error that ends the job runs `onEnd` (the order says 'failed', the
 * customer is told) and is logged for staff, whatever threw it: a Shopify failure, or the database.
 */
export function shopifyOrderJob(
  deps: Pick<ShopifyOrderJobDeps, 'db' | 'log'>,
  options: ShopifyOrderJobOptions,
  run: JobHandler,
  random: () => number = Math.random,
): JobHandler {
  const { db, log } = deps;
  return async (payload, job) => {
    try {
      await run(payload, job);
    } catch (error) {
      const context = { jobId: job.id, type: job.type, payload, attempts: job.attempts };
      if (error instanceof PostponeJob) {
        const now = job.lockedAt ?? new Date();
        const runAt = new Date(now.getTime() + CIRCUIT_OPEN_RETRY_MS + random() * CIRCUIT_OPEN_SPREAD_MS);
        // Lost the job (its lock went stale and another worker took it): the worker's own bookkeeping
        // finds nothing to update either.
        if (!(await postponeJob(db, job, runAt, `${error.name}: ${error.message}`))) throw error;
        log.warn({ ...context, runAt, reason: error.message }, 'Shopify job put back');
        await options.onPostponed?.(payload, job);
        return;
      }
      if (endsJob(job, error)) {
        try {
          await options.onEnd?.(payload, job, error);
        } catch (cleanupError) {
          log.error({ ...context, err: cleanupError }, 'Shopify job: recording its end failed');
        }
        log.error(
          { ...context, error: error instanceof Error ? error.message : String(error) },
          options.needsStaff,
        );
      }
      throw error;
    }
  };
}
