import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { ShopifyError } from '../../integrations/shopify/client';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import type { Job } from '../../jobs/queue';
import { PermanentJobError, type JobLogger } from '../../jobs/worker';

export interface ShopifyOrderJobDeps {
  db: Database;
  env: Env;
  shopify: ShopifyConnection;
  log: JobLogger;
}

/** The job's last attempt: a retryable failure now is final, so the order must say so itself. */
export function isLastAttempt(job: Job): boolean {
  return job.attempts >= job.maxAttempts;
}

/**
 * A failed Shopify call as the worker understands it: retried when Shopify says it may work later
 * (throttled, 5xx, timeout, network, open circuit), failed for good otherwise (user errors, bad token, …).
 */
export function shopifyJobError(what: string, error: ShopifyError): Error {
  const message = `${what}: ${error.message}`;
  return error.retryable ? new Error(message) : new PermanentJobError(message);
}
