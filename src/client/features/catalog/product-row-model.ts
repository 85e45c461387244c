import { formatCents } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/products';
import { calculateCasePricing } from './case-pricing';

/** What one product row shows, shared by the desktop table and the mobile cards. */
export interface ProductRowModel {
  id: number;
  name: string;
  sku: string;
  imageUrl: string | null;
  casePrice: string;
  bottlePrice: string;
}

/**
 * The case-packed products, in catalogue order. The tester is not a row: it gets its own card
 * (DECISIONS.md §2).
 */
export function buildProductRows(products: readonly Product[]): ProductRowModel[] {
  return products
    .filter((product) => !product.isTester)
    .map((product) => {
      const { bottleCents, caseCents } = calculateCasePricing(product);
      return {
        id: product.id,
        name: product.name,
        sku: product.sku,
        imageUrl: product.imageUrl,
        casePrice: formatCents(caseCents),
        bottlePrice: formatCents(bottleCents),
      };
    });
}
