import { formatCents } from '../../../shared/money';
import {
  isTesterProduct,
  lineKind,
  SPLIT_PACK_SKU,
  unitPrice,
  type PricedCart,
  type PricingCatalog,
} from '../../../shared/pricing';
import type { Product } from '../../../shared/schemas/products';

/**
 * The Price per Bottle cell: a price where one bottle has an exact price; 'Same as Above' for the bundle,
 * whose bottles cost what the rows above say; nothing for the split pack, which is priced by the pack
 * (docs/storefront.md#order-form).
 */
export type BottlePrice =
  { kind: 'price'; text: string } | { kind: 'same-as-above' } | { kind: 'by-the-pack' };

/** What one product row shows, shared by the desktop table and the mobile cards. */
export interface ProductRowModel {
  id: number;
  name: string;
  sku: string;
  imageUrl: string | null;
  casePrice: string;
  bottlePrice: BottlePrice;
  /**
   * Why the row's price is what it is, once its quantity is above zero: the buyer's own (custom) price, or
   * the tier's percentage when that is below the base price; `basePrice` is the crossed-out base per bottle,
   * when the row has one and its price is lower (docs/storefront.md#order-form).
   */
  priceNote: { label: string; basePrice: string | null } | null;
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
    const bottlePrice: BottlePrice = isBundle
      ? { kind: 'same-as-above' }
      : pricing.sku === SPLIT_PACK_SKU
        ? { kind: 'by-the-pack' }
        : { kind: 'price', text: formatCents(unit) };
    const unitsPerCase = isBundle ? 1 : caseSize;
    const crossedOut = bottlePrice.kind === 'price' && line?.discounted ? formatCents(base) : null;
    let priceNote: ProductRowModel['priceNote'] = null;
    if (line?.customPrice) priceNote = { label: 'Your price', basePrice: crossedOut };
    else if (line?.discounted && base > 0) {
      priceNote = { label: `${Math.round(((base - unit) * 100) / base)}% off`, basePrice: crossedOut };
    }
    return [
      {
        id: product.id,
        name: product.name,
        sku: product.sku,
        imageUrl: product.imageUrl,
        casePrice: formatCents(isBundle ? unit : unit * caseSize),
        bottlePrice,
        priceNote,
        cases: line ? Math.floor(line.quantity / unitsPerCase) : 0,
        unitsPerCase,
      },
    ];
  });
}
