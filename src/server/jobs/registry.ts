import type { Database } from '../db/client';
import type { Env } from '../env';
import { linkMailJobs } from '../features/accounts';
import { createCatalogJobHandlers } from '../features/admin-catalog/shopify-catalog.jobs';
import { createShopifyOrderHandlers } from '../features/shopify-orders/shopify-orders.jobs';
import { shopifyEventsJobHandlers } from '../features/shopify-events/shopify-events.jobs';
import type { ShopifyConnection } from '../integrations/shopify/shopify';
import type { Mailer } from '../mail/mailer';
import { emailJobs } from '../mail/email.jobs';
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
 * it). The Shopify jobs exist only with a store connected: they are never queued without one.
 */
export function createJobHandlers(deps: JobDeps): Record<string, JobHandler> {
  const shopify = deps.shopify;
  return handlerTable([
    ...emailJobs(deps.mailer),
    ...linkMailJobs(deps),
    ...(shopify ? createCatalogJobHandlers({ db: deps.db, shopify, log: deps.log }) : []),
    ...(shopify ? createShopifyOrderHandlers({ ...deps, shopify }) : []),
    ...(shopify ? shopifyEventsJobHandlers({ ...deps, shopify }) : []),
  ]);
}
