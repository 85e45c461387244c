import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import { bindJob, defineJob, type BoundJob } from '../../jobs/job-definition';
import type { JobLogger } from '../../jobs/worker';
import { createConnectedShopifyCatalog } from './connected-shopify-catalog';
import { variantPushJob } from './shopify-rows.repository';

/** Enqueued by the products/update webhook: re-read one product into the portal. */
export const SHOPIFY_PRODUCT_REFRESH_JOB = 'shopify.product.refresh';

export const productRefreshJobPayloadSchema = z.object({
  productGid: z.string().regex(/^gid:\/\/shopify\/Product\/\d+$/, 'must be a Product GID'),
});

export const productRefreshJob = defineJob({
  type: SHOPIFY_PRODUCT_REFRESH_JOB,
  label: 'Shopify product refresh',
  payload: productRefreshJobPayloadSchema,
});

/**
 * The catalogue's jobs (only with a store connected). Both read the current state when they run — the row's
 * price, the product as Shopify has it now — so duplicates and out-of-order runs converge on the latest.
 * A retryable Shopify failure throws (the worker retries with backoff); anything else fails the job for good.
 */
export function createCatalogJobHandlers(deps: {
  db: Database;
  shopify: ShopifyConnection;
  log: JobLogger;
}): BoundJob[] {
  const catalog = createConnectedShopifyCatalog({ db: deps.db, api: deps.shopify.api, log: deps.log });
  return [
    bindJob(variantPushJob, (payload) => catalog.pushVariant(payload)),
    bindJob(productRefreshJob, (payload) => catalog.refreshProduct(payload.productGid)),
  ];
}
