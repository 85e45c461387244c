import { formatCents } from '../../../shared/money';
import {
  isTesterProduct,
  lineKind,
  unitPrice,
  type PricedCart,
  type PricingCatalog,
} from '../../../shared/pricing';
import type { Product } from '../../../shared/schemas/products';

/** What one product row shows, shared by the desktop table and the mobile cards. */
export interface ProductRowModel {
  id: number;
  name: string;
  sku: string;
  imageUrl: string | null;
  casePrice: string;
  bottlePrice: string;
  /** Set when the row's tier price is below the base wholesale price (docs/storefront.md#order-form). */
  discount: { label: string; basePrice: string } | null;
  /** What the stepper shows: cases, or bundles for the bundle. */
  cases: number;
  /** Cart units per typed case: the case size for case-packed products, 1 for the bundle (ADR 0008). */
  unitsPerCase: number;
}

/**
 * The case-packed products, in catalogue order, priced by the shared engine. A row shows the base price
 * until its own quantity is above zero, then the price of the cart's tier (docs/storefront.md#order-form).
 * The tester is not a row: it gets its own card (docs/catalogue-and-pricing.md#the-tester).
 */
export function buildProductRows(
  products: readonly Product[],
  catalog: PricingCatalog,
  cart: PricedCart,
): ProductRowModel[] {
  return products.flatMap((product) => {
    const pricing = catalog.products.get(product.id);
    if (!pricing || isTesterProduct(pricing)) return [];
    const line = cart.lines.find((candidate) => candidate.productId === product.id);
    const base = unitPrice(catalog, pricing, null);
    const unit = line?.unitPrice ?? base;
    const caseSize = Math.max(pricing.caseSize, 1);
    // The bundle's engine price is per bundle (= one case); everything else is per bottle.
    const isBundle = lineKind(pricing) === 'bundle';
    const casePrice = isBundle ? unit : unit * caseSize;
    const bottlePrice = isBundle ? Math.round(unit / caseSize) : unit;
    const baseBottlePrice = isBundle ? Math.round(base / caseSize) : base;
    const unitsPerCase = isBundle ? 1 : caseSize;
    return [
      {
        id: product.id,
        name: product.name,
        sku: product.sku,
        imageUrl: product.imageUrl,
        casePrice: formatCents(casePrice),
        bottlePrice: formatCents(bottlePrice),
        discount:
          line?.discounted && base > 0
            ? {
                label: `${Math.round(((base - unit) * 100) / base)}% off`,
                basePrice: formatCents(baseBottlePrice),
              }
            : null,
        cases: line ? Math.floor(line.quantity / unitsPerCase) : 0,
        unitsPerCase,
      },
    ];
  });
}
