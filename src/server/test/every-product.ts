import type { Product } from '../../shared/schemas/products';

/**
 * The lines of an order of every product the storefront lists (`GET /api/products`): two cases of the first,
 * one case of each other case-packed product, one bundle, one tester. With the seeded catalogue that is 5
 * cases, the Distributor tier. The order PDF's integration tests and its bench (scripts/bench-order-pdf.ts)
 * order it.
 */
export function everyProductLines(
  products: ReadonlyArray<Pick<Product, 'id' | 'isTester' | 'isVirtual' | 'caseSize'>>,
): Array<{ productId: number; quantity: number }> {
  return products.map((product, index) => ({
    productId: product.id,
    quantity: product.isTester || product.isVirtual ? 1 : product.caseSize * (index === 0 ? 2 : 1),
  }));
}

/**
 * The lines and totals of the order PDF of that order with the seeded catalogue, as `pdftotext -layout` reads
 * them with runs of spaces made one (pdf-text.ts pdfLines): 5 cases reach Distributor, 15 % off every unit
 * price, rounded per unit (docs/catalogue-and-pricing.md#unit-and-line-prices), worked out by hand.
 */
export const EVERY_PRODUCT_PDF_LINES: readonly string[] = [
  'Product Cases Bottles Price Total',
  '4 oz Bottle 2 24 $9.05 / bottle $217.20',
  '1 oz Bottle 1 12 $4.12 / bottle $49.44',
  '50/50 Split Pack 1 12 $6.59 / bottle $79.08',
  'Case of Mixed Bottles 1 12 $79.02 / bundle $79.02',
  'Free In-Store Tester — 1 Free $0.00',
  'Cases 5',
  'Bottles 60',
  'Free tester Included',
  'Standard total $499.80',
  'Tier Distributor (15% off)',
  'Savings -$75.06',
  'Shipping Free',
  'Total $424.74',
];
