import type { Database } from '../db/client';
import type { Env } from '../env';
import { createCatalogJobHandlers } from '../features/admin-catalog/shopify-catalog-jobs';
import { createShopifyOrderHandlers } from '../features/shopify-orders/shopify-order-handlers';
import { shopifyEventsJobHandlers } from '../features/shopify-events/shopify-events.jobs';
import type { ShopifyConnection } from '../integrations/shopify/shopify';
import type { Mailer } from '../mail/mailer';
import { createSendEmailHandler, SEND_EMAIL_JOB } from '../mail/send-email-job';
import type { JobHandler, JobLogger } from './worker';

export interface JobDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  /** Null in test mode: Shopify jobs are never queued then. */
  shopify: ShopifyConnection | null;
  log: JobLogger;
}

/** Every job type the worker runs, in one table (main.ts and the integration tests use it). */
export function createJobHandlers(deps: JobDeps): Record<string, JobHandler> {
  return {
    [SEND_EMAIL_JOB]: createSendEmailHandler(deps.mailer),
    ...(deps.shopify ? createCatalogJobHandlers({ db: deps.db, shopify: deps.shopify, log: deps.log }) : {}),
    ...(deps.shopify ? createShopifyOrderHandlers({ ...deps, shopify: deps.shopify }) : {}),
    ...(deps.shopify ? shopifyEventsJobHandlers({ ...deps, shopify: deps.shopify }) : {}),
  };
}
