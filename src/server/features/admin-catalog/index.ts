/*
 * The catalogue feature's face to other features and the job registry: the Shopify product refresh a webhook
 * asks for, and the catalogue's job handlers.
 */
export {
  createCatalogJobHandlers,
  productRefreshJob,
  SHOPIFY_PRODUCT_REFRESH_JOB,
} from './shopify-catalog.jobs';
