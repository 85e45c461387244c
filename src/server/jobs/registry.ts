import type { Database } from '../db/client';
import type { Env } from '../env';
import { companyOwnerEmails, linkMailJobs, LINK_MAIL_JOB_TYPES } from '../features/accounts';
import {
  createShopifyOrderHandlers,
  paymentNoticesJobs,
  preparedOrderDeadlineJobs,
} from '../features/orders';
import { createCatalogJobHandlers } from '../features/admin-catalog';
import { taxExemptionJobs } from '../features/admin-companies';
import { companiesShopifyJobs, purchasingEntityFor } from '../features/companies-shopify';
import { shopifyEventsJobHandlers } from '../features/shopify-events';
import { REORDER_MAIL_JOB_TYPES, reorderReminderJobs } from '../features/reorder-reminders';
import { teamMailJobs, TEAM_MAIL_JOB_TYPES } from '../features/team';
import type { ShopifyConnection } from '../integrations/shopify/shopify';
import type { Mailer } from '../mail/mailer';
import { emailJobs, SEND_EMAIL_JOB } from '../mail/email.jobs';
import { catchUpWhenMailServerReturns } from '../mail/mail-server-recovery';
import type { RetryPolicy } from './queue';
import { handlerTable } from './job-definition';
import type { JobHandler, JobLogger } from './worker';

export interface JobDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  /** Null in test mode: Shopify jobs are never queued then. */
  shopify: ShopifyConnection | null;
  log: JobLogger;
}

/**
 * Every job the worker runs, bound to its definition, in one table (main.ts and the integration tests use
 * it). The Shopify jobs exist only with a store connected: they are never queued without one. The e-mail jobs
 * send through one mailer that makes the e-mails waiting on an unreachable mail server due once it is back.
 */
export function createJobHandlers(deps: JobDeps): Record<string, JobHandler> {
  const shopify = deps.shopify;
  const mailer = catchUpWhenMailServerReturns(deps.mailer, deps.db, deps.log);
  return handlerTable([
    ...emailJobs(mailer, (companyId) => companyOwnerEmails(deps.db, companyId)),
    ...linkMailJobs({ ...deps, mailer }),
    ...teamMailJobs({ ...deps, mailer }),
    ...paymentNoticesJobs(deps),
    ...preparedOrderDeadlineJobs(deps),
    ...taxExemptionJobs(deps),
    ...reorderReminderJobs({ ...deps, mailer }),
    ...(shopify ? createCatalogJobHandlers({ db: deps.db, shopify, log: deps.log }) : []),
    ...(shopify ? companiesShopifyJobs({ db: deps.db, shopify, log: deps.log }) : []),
    ...(shopify
      ? createShopifyOrderHandlers({
          ...deps,
          shopify,
          purchasingEntityFor: (order, now) =>
            purchasingEntityFor({ db: deps.db, shopify, log: deps.log }, order, now),
        })
      : []),
    ...(shopify ? shopifyEventsJobHandlers({ ...deps, shopify }) : []),
  ]);
}

/** Every kind of job that sends an e-mail: retried for EMAIL_RETRY_HOURS, then listed as a delivery problem. */
export const EMAIL_JOB_TYPES: readonly string[] = [
  SEND_EMAIL_JOB,
  ...LINK_MAIL_JOB_TYPES,
  ...TEAM_MAIL_JOB_TYPES,
  ...REORDER_MAIL_JOB_TYPES,
];

/** The worker's retry policies: e-mail is retried for a time, not a count (docs/emails.md#how-e-mail-is-sent). */
export function createRetryPolicies(
  env: Pick<Env, 'EMAIL_RETRY_HOURS' | 'EMAIL_RETRY_MAX_DELAY_MINUTES'>,
): Record<string, RetryPolicy> {
  const email: RetryPolicy = {
    giveUpAfterMs: env.EMAIL_RETRY_HOURS * 60 * 60_000,
    maxDelayMs: env.EMAIL_RETRY_MAX_DELAY_MINUTES * 60_000,
  };
  return Object.fromEntries(EMAIL_JOB_TYPES.map((type) => [type, email]));
}
