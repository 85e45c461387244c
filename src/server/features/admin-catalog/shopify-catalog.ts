import {
  ADMIN_CATALOG_MESSAGES,
  type ImportProductResponse,
  type ShopifyPriceOutcome,
} from '../../../shared/schemas/admin-catalog';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { isShopifyConnected } from '../../integrations/shopify/connection';
import { enqueueJob, type DatabaseOrTransaction } from '../../jobs/queue';
import type { ProductRow } from './admin-catalog.repository';

/** The job that pushes a portal price edit to its Shopify variant; its handler comes with the Shopify issue. */
export const SHOPIFY_VARIANT_PRICE_JOB = 'shopify.variant-price';

/**
 * THE SEAM to Shopify for the admin catalogue. Everything the admin Products and Variants sections need
 * from the store goes through this interface; the Shopify issue supplies the connected implementation
 * (Admin GraphQL, CONTRACT.md) in `createShopifyCatalog` and nothing else in this feature changes.
 */
export interface ShopifyCatalog {
  /** POST /api/admin/refresh-products: re-reads the portal's variants from Shopify; how many were updated. */
  refreshProducts(): Promise<{ count: number }>;
  /** POST /api/admin/sync-products: brings the store's products into the portal; how many were synced. */
  syncProducts(): Promise<{ count: number }>;
  /** GET /api/admin/shopify-product/{id}: imports one Shopify product's variants into the portal. */
  importProduct(shopifyProductId: string): Promise<ImportProductResponse>;
  /**
   * Called inside the price edit's transaction, after the portal's row changed: arranges for Shopify's
   * variant price to follow (a durable job, so a slow or failing store never fails the edit).
   */
  queueVariantPrice(tx: DatabaseOrTransaction, product: ProductRow): Promise<ShopifyPriceOutcome>;
}

const notConnected = () => new AppError('SHOPIFY_NOT_CONNECTED', ADMIN_CATALOG_MESSAGES.shopifyNotConnected);

/** Test mode (DECISIONS §1): no store configured, so every Shopify action says so clearly. */
export const notConnectedShopifyCatalog: ShopifyCatalog = {
  refreshProducts: () => Promise.reject(notConnected()),
  syncProducts: () => Promise.reject(notConnected()),
  importProduct: () => Promise.reject(notConnected()),
  queueVariantPrice: () => Promise.resolve('not-connected'),
};

const notBuiltYet = () =>
  new AppError('UNAVAILABLE', 'Reading products from Shopify is not available yet. Please try again later.');

/**
 * A configured store until the Shopify issue lands: price edits are already queued for it (no edit is
 * lost), the product reads answer 503 rather than pretending to have done something.
 */
const pendingShopifyCatalog: ShopifyCatalog = {
  refreshProducts: () => Promise.reject(notBuiltYet()),
  syncProducts: () => Promise.reject(notBuiltYet()),
  importProduct: () => Promise.reject(notBuiltYet()),
  async queueVariantPrice(tx, product) {
    if (!product.shopifyVariantId) return 'not-linked';
    // Only the id: the handler reads the row's price when it runs, so edits made in quick succession
    // can never reach Shopify out of order.
    await enqueueJob(tx, { type: SHOPIFY_VARIANT_PRICE_JOB, payload: { productId: product.id } });
    return 'queued';
  },
};

export function createShopifyCatalog(
  env: Pick<Env, 'SHOPIFY_STORE_DOMAIN' | 'SHOPIFY_ADMIN_TOKEN'>,
): ShopifyCatalog {
  return isShopifyConnected(env) ? pendingShopifyCatalog : notConnectedShopifyCatalog;
}
