import {
  ADMIN_CATALOG_MESSAGES,
  type ImportProductResponse,
  type ProductCountResponse,
  type ShopifyPushOutcome,
} from '../../../shared/schemas/admin-catalog';
import type { AuditActor } from '../../audit/audit-log';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { AppError } from '../../errors';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import type { JobLogger } from '../../jobs/worker';

import type { VariantPushField } from './shopify-rows.repository';
import { createConnectedShopifyCatalog } from './connected-shopify-catalog';
import type { ProductRow } from '../../db/schema';

/**
 * THE SEAM to Shopify for the admin catalogue. Everything the admin Products and Variants sections need
 * from the store goes through this interface: the connected implementation (connected-shopify-catalog.ts,
 * Admin GraphQL, docs/shopify.md#talking-to-the-admin-api) or test mode's (docs/shopify.md#test-mode).
 */
export interface ShopifyCatalog {
  /**
   * POST /api/admin/refresh-products: pulls every product and variant from Shopify into the portal's rows
   * (prices, inventory, images, links; new rows for allowed SKUs only); the count is the portal products
   * refreshed.
   */
  refreshProducts(actor: AuditActor): Promise<ProductCountResponse>;
  /**
   * POST /api/admin/sync-products: pushes the portal's retail prices and visibility to the linked Shopify
   * variants that differ (productVariantsBulkUpdate per product); the count is the variants updated.
   */
  syncProducts(actor: AuditActor): Promise<ProductCountResponse>;
  /** GET /api/admin/shopify-product/{id}: imports one Shopify product's variants into the portal. */
  importProduct(actor: AuditActor, shopifyProductId: string): Promise<ImportProductResponse>;
  /**
   * Called inside a price or visibility edit's transaction, after the portal's row changed: arranges for
   * the Shopify variant to follow (a durable job, so a slow or failing store never fails the edit).
   */
  queueVariantPush(
    tx: DatabaseOrTransaction,
    product: ProductRow,
    push: VariantPushField[],
  ): Promise<ShopifyPushOutcome>;
}

const notConnected = () => new AppError('SHOPIFY_NOT_CONNECTED', ADMIN_CATALOG_MESSAGES.shopifyNotConnected);

/** Test mode (docs/shopify.md#test-mode): no store configured, so every Shopify action says so clearly. */
export const notConnectedShopifyCatalog: ShopifyCatalog = {
  refreshProducts: () => Promise.reject(notConnected()),
  syncProducts: () => Promise.reject(notConnected()),
  importProduct: () => Promise.reject(notConnected()),
  queueVariantPush: () => Promise.resolve('not-connected'),
};

export function createShopifyCatalog(deps: {
  db: Database;
  shopify: ShopifyConnection | null;
  log: JobLogger;
}): ShopifyCatalog {
  return deps.shopify
    ? createConnectedShopifyCatalog({ db: deps.db, api: deps.shopify.api, log: deps.log })
    : notConnectedShopifyCatalog;
}
