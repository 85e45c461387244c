import { CART_MESSAGES, checkCartRules } from '../../../shared/cart-rules';
import { dollarsToCents, formatCents } from '../../../shared/money';
import {
  selectTier,
  totalCases,
  unitPrice,
  type PricingCatalog,
  type PricingProduct,
} from '../../../shared/pricing';

export interface CartItemToValidate {
  productId: number;
  quantity: number;
  /**
   * What the browser showed per unit, in dollars; only compared, never used for money
   * (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server).
   */
  price?: number | undefined;
}

export interface CartValidation {
  success: boolean;
  errors: string[];
  warnings: string[];
}

interface KnownItem {
  product: PricingProduct;
  quantity: number;
  price?: number | undefined;
}

/**
 * POST /api/validate-cart (docs/catalogue-and-pricing.md#cart-validation): errors block the order, warnings
 * only inform. Lines with quantity 0 are not ordered, so a cart of only such lines is empty, and they are not
 * checked further.
 */
export function validateCart(catalog: PricingCatalog, items: readonly CartItemToValidate[]): CartValidation {
  const chosen = items.filter((item) => item.quantity > 0);
  if (chosen.length === 0) return { success: false, errors: [CART_MESSAGES.serverEmpty], warnings: [] };

  const known: KnownItem[] = [];
  const errors = new Set<string>();
  for (const item of chosen) {
    const product = catalog.products.get(item.productId);
    if (product) known.push({ ...item, product });
    else errors.add(`Product ${item.productId} is not available`);
  }
  if (known.length > 0) checkCartRules(known).forEach((message) => errors.add(message));
  const warnings = describePriceChanges(catalog, known);
  return { success: errors.size === 0, errors: [...errors], warnings };
}

/** A price the browser showed that is not today's unit price at the cart's tier (compared in cents). */
function describePriceChanges(catalog: PricingCatalog, known: readonly KnownItem[]): string[] {
  const tier = selectTier(catalog.tiers, totalCases(catalog, known.map(toCartLine)));
  const warnings = new Set<string>();
  for (const { product, price } of known) {
    if (price === undefined) continue;
    const shown = dollarsToCents(price);
    const today = unitPrice(catalog, product, tier);
    if (shown !== today) {
      warnings.add(
        `The price of ${product.name} changed from ${formatCents(shown)} to ${formatCents(today)}`,
      );
    }
  }
  return [...warnings];
}

function toCartLine(item: KnownItem) {
  return { productId: item.product.id, quantity: item.quantity };
}
