import { isBundleProduct, isTesterProduct } from '../../../shared/pricing';
import type { ProductRow } from '../../db/schema';

export interface InventoryStatus {
  sku: string;
  available: boolean;
  /** The stock count Shopify last reported; null when nobody counts this product's stock. */
  inventoryQuantity: number | null;
}

/**
 * POST /api/check-inventory. The portal does not keep stock itself; stock lives in Shopify and arrives with
 * the catalogue sync. Until a product has been synced, its inventory_quantity column holds only the column
 * default 0, which means "not counted", not "sold out". So "available" means "may be ordered":
 * - the free tester and the virtual bundle have no stock of their own (the bundle is packed from its
 *   components): available, not counted;
 * - a product never synced with Shopify (no variant id): available, not counted;
 * - a synced product: available while Shopify's count is above 0;
 * - a SKU that is not a storefront product (unknown, inactive, or not an allowed SKU): not available.
 */
export function describeInventory(sku: string, product: ProductRow | undefined): InventoryStatus {
  if (!product) return { sku, available: false, inventoryQuantity: null };
  if (isTesterProduct(product) || isBundleProduct(product) || product.shopifyVariantId === null) {
    return { sku, available: true, inventoryQuantity: null };
  }
  return { sku, available: product.inventoryQuantity > 0, inventoryQuantity: product.inventoryQuantity };
}
