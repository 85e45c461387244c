import { BUNDLE_SKU, isBundleProduct, isTesterProduct, type PricingProduct } from './pricing';

/** The spec's cart messages (docs/catalogue-and-pricing.md#cart-rules), word for word. */
export const CART_MESSAGES = {
  empty: 'Please select at least one product or add a tester to your order',
  testerQuantity:
    'Tester Quantity Error: Tester products can only be ordered as a single bottle. Please add only one tester to your order.',
  testerLimit: 'Tester Limit: Only one tester per order is allowed',
  caseQuantity:
    'Case Quantity Error: Regular products must be ordered in full case quantities of 12 bottles.',
  serverEmpty: 'Your cart is empty. Please add at least one item.',
} as const;

export const MAX_TESTERS_PER_ORDER = 1;

export interface RuleLine {
  product: Pick<PricingProduct, 'sku' | 'isTester' | 'isVirtual' | 'caseSize'>;
  quantity: number;
}

/**
 * Exempt from the case-multiple rule: the tester, the bundle 800-0004 and virtual products
 * (docs/catalogue-and-pricing.md#cart-rules).
 */
export function isCaseRuleExempt(product: RuleLine['product']): boolean {
  return isTesterProduct(product) || product.sku === BUNDLE_SKU || isBundleProduct(product);
}

/**
 * The order form's cart rules, in the spec's order: at least one item; the tester exactly 1; every other
 * product in whole cases of its case size (12 by default), skipped for a tester-only order. Returns the
 * messages of the rules broken (empty when the cart may be submitted).
 */
export function checkCartRules(lines: readonly RuleLine[]): string[] {
  const chosen = lines.filter((line) => line.quantity > 0);
  if (chosen.length === 0) return [CART_MESSAGES.empty];
  const errors: string[] = [];
  const testers = chosen.filter((line) => isTesterProduct(line.product));
  if (testers.length > 1 || testers.some((line) => line.quantity !== MAX_TESTERS_PER_ORDER)) {
    errors.push(CART_MESSAGES.testerQuantity);
  }
  const testerOnly = testers.length === chosen.length;
  const wrongMultiple = chosen.some(
    (line) => !isCaseRuleExempt(line.product) && line.quantity % Math.max(line.product.caseSize, 1) !== 0,
  );
  if (!testerOnly && wrongMultiple) errors.push(CART_MESSAGES.caseQuantity);
  return errors;
}
