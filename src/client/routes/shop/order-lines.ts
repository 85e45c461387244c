import type { RuleLine } from '../../../shared/cart-rules';
import { centsToDollars } from '../../../shared/money';
import {
  isTesterProduct,
  TESTER_SKU,
  type CartLine,
  type PricedCart,
  type PricingCatalog,
} from '../../../shared/pricing';
import type { Product } from '../../../shared/schemas/products';

/**
 * Glue between the cart (what the buyer chose) and the catalogue (what is for sale), kept in the page because
 * client features do not import each other (docs/architecture.md#conventions). Pure, so it is tested
 * directly.
 */

interface StoredCart {
  items: ReadonlyArray<{ productId: number; quantity: number }>;
  testerAdded: boolean;
}

/** The tester offered on the card: today's tester SKU, else any tester product the catalogue lists. */
export function findTester(products: readonly Product[]): Product | null {
  return (
    products.find((product) => product.sku === TESTER_SKU) ??
    products.find((product) => isTesterProduct(product)) ??
    null
  );
}

/**
 * The engine's lines for the cart: products that are for sale (a product that left the catalogue is not
 * priced, shown or sent), the tester from its flag (one unit) and never as an item.
 */
export function buildCartLines(
  cart: StoredCart,
  catalog: PricingCatalog,
  tester: Product | null,
): CartLine[] {
  const lines = cart.items.filter((item) => {
    const product = catalog.products.get(item.productId);
    return product !== undefined && !isTesterProduct(product) && item.quantity > 0;
  });
  return cart.testerAdded && tester ? [...lines, { productId: tester.id, quantity: 1 }] : lines;
}

/** The lines as the spec's cart rules read them (docs/catalogue-and-pricing.md#cart-rules). */
export function buildRuleLines(lines: readonly CartLine[], catalog: PricingCatalog): RuleLine[] {
  return lines.flatMap((line) => {
    const product = catalog.products.get(line.productId);
    return product ? [{ product, quantity: line.quantity }] : [];
  });
}

/** POST /api/validate-cart items: units as the engine counts them, price per unit in dollars. */
export function buildValidationItems(cart: PricedCart) {
  return cart.lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    price: centsToDollars(line.unitPrice),
    name: line.name,
    sku: line.sku,
  }));
}
