import type { Product } from '../../shared/schemas/products';

/**
 * The lines of an order of every product the storefront lists (`GET /api/products`): one case of each
 * case-packed product, one bundle, one tester. With the seeded catalogue that is 4 cases, the Volume tier (10 %;
 * not Distributor, where the end-to-end journey of admin Pricing sets a custom price for the split pack on the
 * database the journeys share). The order PDF's tests, its journey and its bench (scripts/bench-order-pdf.ts)
 * order it.
 */
export function everyProductLines(
  products: ReadonlyArray<Pick<Product, 'id' | 'isTester' | 'isVirtual' | 'caseSize'>>,
): Array<{ productId: number; quantity: number }> {
  return products.map((product) => ({
    productId: product.id,
    quantity: product.isTester || product.isVirtual ? 1 : product.caseSize,
  }));
}

/**
 * The lines and totals of the order PDF of that order with the seeded catalogue, as `pdftotext -layout` reads
 * them with runs of spaces made one (pdf-text.ts pdfLines): 4 cases reach Volume, 10 % off every unit price,
 * rounded half-up per unit (docs/catalogue-and-pricing.md#unit-and-line-prices), worked out by hand: 10.65,
 * 4.85 and 7.75 less 10 % are 9.59, 4.37 and 6.98; the bundle is 6 × 9.59 + 6 × 4.37.
 */
export const EVERY_PRODUCT_PDF_LINES: readonly string[] = [
  'Product Cases Bottles Price Total',
  '4 oz Bottle 1 12 $9.59 / bottle $115.08',
  '1 oz Bottle 1 12 $4.37 / bottle $52.44',
  '50/50 Split Pack 1 12 $6.98 / bottle $83.76',
  'Case of Mixed Bottles 1 12 $83.76 / bundle $83.76',
  'Free In-Store Tester — 1 Free $0.00',
  'Cases 4',
  'Bottles 48',
  'Free tester Included',
  'Standard total $372.00',
  'Tier Volume (10% off)',
  'Savings -$36.96',
  'Shipping Free',
  'Total $335.04',
];
