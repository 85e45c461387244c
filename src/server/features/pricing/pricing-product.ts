import type { PricingProduct } from '../../../shared/pricing';
import type { ProductRow } from '../../db/schema';

/** A bundle's component as stored: so many of one product in one virtual product. */
export interface ComponentRow {
  virtualProductId: number;
  componentProductId: number;
  quantity: number;
}

/**
 * A product row as the shared pricing engine reads it, with the components it is made of: the one mapping
 * of the storefront catalogue (pricing.catalogue.ts) and of an order's Shopify draft (orders/shopify).
 * Components are attached to any product with component rows, as catalogFromApi does in the browser.
 */
export function toPricingProduct(row: ProductRow, components: readonly ComponentRow[]): PricingProduct {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    price: row.price,
    wholesalePrice: row.wholesalePrice,
    msrp: row.msrp,
    caseSize: row.caseSize,
    isTester: row.isTester,
    isVirtual: row.isVirtual,
    components: components
      .filter((component) => component.virtualProductId === row.id)
      .map((component) => ({ productId: component.componentProductId, quantity: component.quantity })),
  };
}
