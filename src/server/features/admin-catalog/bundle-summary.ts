import { centsToDollars } from '../../../shared/money';
import { createCatalog, unitPrice } from '../../../shared/pricing';
import type { AdminBundle } from '../../../shared/schemas/admin-catalog';
import type { ProductRow } from '../../db/schema';
import { describeInventory, toPricingProduct } from '../pricing';

/** So many of one product in one virtual product, with that product's row. */
export interface BundlePart {
  virtualProductId: number;
  quantity: number;
  component: ProductRow;
}

/** Shopify's count of a row, or null when nobody counts its stock (docs/catalogue-and-pricing.md#inventory). */
export function countedStock(row: ProductRow): number | null {
  return describeInventory(row.sku, row).inventoryQuantity;
}

/**
 * What the admin's Variants view shows for a virtual bundle (docs/admin.md#variants): the bundle has no
 * price or stock of its own (docs/catalogue-and-pricing.md#the-mixed-case-bundle), so its retail price is
 * its components' retail prices, its wholesale price the pricing engine's price of one bundle before any
 * tier, and its stock the whole bundles its components' counted stock makes. `parts` may hold the parts of
 * other bundles too.
 */
export function describeBundle(bundle: ProductRow, parts: readonly BundlePart[]): AdminBundle {
  const own = parts.filter((part) => part.virtualProductId === bundle.id);
  const catalog = createCatalog(
    [
      toPricingProduct(
        bundle,
        own.map((part) => ({
          virtualProductId: bundle.id,
          componentProductId: part.component.id,
          quantity: part.quantity,
        })),
      ),
      ...own.map((part) => toPricingProduct(part.component, [])),
    ],
    [],
  );
  const bundleProduct = catalog.products.get(bundle.id);
  if (!bundleProduct) throw new Error(`bundle ${bundle.id} is missing from its own catalogue`);

  const components = own.map((part) => ({
    sku: part.component.sku,
    name: part.component.name,
    quantity: part.quantity,
    inventoryQuantity: countedStock(part.component),
  }));
  const retailCents = own.reduce((sum, part) => sum + part.component.price * part.quantity, 0);
  return {
    components,
    retailPrice: own.length === 0 ? null : centsToDollars(retailCents),
    wholesalePrice: centsToDollars(unitPrice(catalog, bundleProduct, null)),
    bundlesInStock: bundlesFrom(components),
  };
}

/** Whole bundles the components' stock makes; null without components or when one's stock is not counted. */
function bundlesFrom(components: AdminBundle['components']): number | null {
  if (components.length === 0) return null;
  let bundles = Number.POSITIVE_INFINITY;
  for (const { inventoryQuantity, quantity } of components) {
    if (inventoryQuantity === null) return null;
    bundles = Math.min(bundles, Math.floor(Math.max(inventoryQuantity, 0) / Math.max(quantity, 1)));
  }
  return bundles;
}
