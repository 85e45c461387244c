/*
 * The catalogue feature's face to other features: the Shopify product refresh a webhook asks for, and how a
 * Shopify failure reads to staff (used by every admin action that calls the store).
 */
export { productRefreshJob, SHOPIFY_PRODUCT_REFRESH_JOB } from './shopify-catalog.jobs';
export { shopifyAppError } from './shopify-errors';
export { createCatalogJobHandlers } from './shopify-catalog.jobs';
