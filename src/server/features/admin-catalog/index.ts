/* The catalogue feature's face to other features: the Shopify product refresh a webhook asks for. */
export { productRefreshJob, SHOPIFY_PRODUCT_REFRESH_JOB } from './shopify-catalog.jobs';
