import { dollarsToCents, type Cents } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/products';

export interface CasePricing {
  bottleCents: Cents;
  caseCents: Cents;
}

/**
 * Base (no volume tier) prices of one product. The API sends dollars per bottle; the case price is the bottle
 * price times the case size, using wholesalePrice, else price (DECISIONS.md §2). Integer cents, so
 * 12 × $10.65 is exactly $127.80.
 */
export function calculateCasePricing(
  product: Pick<Product, 'price' | 'wholesalePrice' | 'caseSize'>,
): CasePricing {
  const bottleCents = dollarsToCents(product.wholesalePrice ?? product.price);
  return { bottleCents, caseCents: bottleCents * product.caseSize };
}
