import { checkCartRules, type RuleLine } from '../../../shared/cart-rules';
import { MAX_QUANTITY } from '../../../shared/limits';
import {
  lineKind,
  priceCart,
  type CartLine,
  type PricedCart,
  type PricingCatalog,
  type PricingProduct,
} from '../../../shared/pricing';

/*
 * The lines staff are writing, for a new order or a change of one (docs/admin.md#orders), judged as the
 * buyer's order form judges a cart: the shared pricing engine for every price and the tier the whole order
 * reaches, the shared cart rules with their exact messages. Quantities are in each product's selling unit
 * (ADR 0008): bottles for case-packed products, bundles, one tester. Pure, so both forms share it.
 */

/** One line as typed: `quantity` is the field's text. */
export interface DraftLine {
  productId: number;
  quantity: string;
}

/** The line's unit, as a line of the items dialog names it. */
export function unitOf(product: PricingProduct): 'bottle' | 'bundle' | 'tester' {
  const kind = lineKind(product);
  return kind === 'case' ? 'bottle' : kind;
}

/** A typed quantity: blank is 0; a whole number from 0 to MAX_QUANTITY; anything else null. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity <= MAX_QUANTITY ? quantity : null;
}

export interface JudgedDraft {
  /** The lines to send: products for sale, above 0. */
  lines: CartLine[];
  priced: PricedCart;
  /** What stops the order from being sent: quantities that are not whole numbers, lines no longer for sale, then the cart rules. */
  problems: string[];
}

/**
 * Prices the draft and says what is wrong with it. `nameOf` names a product the catalogue no longer has (the
 * line of an order placed before it was withdrawn).
 */
export function judgeDraft(
  catalog: PricingCatalog,
  draft: readonly DraftLine[],
  nameOf: (productId: number) => string,
): JudgedDraft {
  const problems: string[] = [];
  const lines: CartLine[] = [];
  const ruleLines: RuleLine[] = [];
  for (const line of draft) {
    const product = catalog.products.get(line.productId);
    const quantity = readQuantity(line.quantity);
    const name = product?.name ?? nameOf(line.productId);
    if (quantity === null) {
      const unit = product ? `${unitOf(product)}s` : 'units';
      problems.push(
        `Enter a whole number of ${unit} from 0 to ${MAX_QUANTITY.toLocaleString('en-US')} for ${name}.`,
      );
    } else if (!product) {
      if (quantity > 0) problems.push(`${name} is no longer for sale. Remove it from the order.`);
    } else if (quantity > 0) {
      lines.push({ productId: product.id, quantity });
      ruleLines.push({ product, quantity });
    }
  }
  // The cart rules only speak of a draft whose quantities read as numbers.
  if (problems.length === 0) problems.push(...checkCartRules(ruleLines));
  return { lines, priced: priceCart(catalog, lines), problems };
}
