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
