import type { Cents } from '../../src/shared/money';
import type { FakeDiscount, FakeDraftLine, FakeDraftOrder } from './state';
import type { FakeStore } from './store';

/**
 * Prices of a draft order (docs/shopify.md#draft-orders, docs/shopify.md#the-fake-store): a line's unit price
 * is its `priceOverride` when there is one ("used in place of the product variant's catalog price"), else the
 * custom line's own price, else the variant's CURRENT price (since 2025-01 non-overridden lines follow the
 * catalogue until checkout, docs/shopify.md#draft-order-contents). No taxes, and the presentment currency is
 * the shop currency.
 */
export interface LinePrices {
  unitPrice: Cents;
  originalTotal: Cents;
  discount: Cents;
  discountedTotal: Cents;
}

export interface DraftTotals {
  lines: Map<number, LinePrices>;
  /** Sum of the lines before any discount. */
  totalLineItemsPrice: Cents;
  /** Sum of the lines after their own discounts. */
  lineItemsSubtotal: Cents;
  orderDiscount: Cents;
  /** Line items after line and order discounts, before shipping. */
  subtotal: Cents;
  totalDiscounts: Cents;
  shipping: Cents;
  total: Cents;
  totalQuantity: number;
}

export function lineUnitPrice(store: FakeStore, line: FakeDraftLine): Cents {
  if (line.priceOverride) return line.priceOverride.amount;
  if (line.variantId === null) return line.customPrice ?? 0;
  return store.variants.get(line.variantId)?.price ?? line.catalogPriceAtCreation;
}

function discountAmount(discount: FakeDiscount | null, base: Cents, quantity: number): Cents {
  if (!discount) return 0;
  const amount =
    discount.valueType === 'PERCENTAGE'
      ? Math.round((base * discount.value) / 100)
      : Math.round(discount.value * 100) * quantity;
  return Math.max(0, Math.min(base, amount));
}

export function draftTotals(store: FakeStore, draft: FakeDraftOrder): DraftTotals {
  const lines = new Map<number, LinePrices>();
  let totalLineItemsPrice = 0;
  let lineItemsSubtotal = 0;
  let totalQuantity = 0;
  for (const line of draft.lineItems) {
    const unitPrice = lineUnitPrice(store, line);
    const originalTotal = unitPrice * line.quantity;
    // A fixed line discount is per unit; a percentage one applies to the line total.
    const discount = discountAmount(
      line.appliedDiscount,
      originalTotal,
      line.appliedDiscount?.valueType === 'FIXED_AMOUNT' ? line.quantity : 1,
    );
    lines.set(line.id, { unitPrice, originalTotal, discount, discountedTotal: originalTotal - discount });
    totalLineItemsPrice += originalTotal;
    lineItemsSubtotal += originalTotal - discount;
    totalQuantity += line.quantity;
  }
  const orderDiscount = discountAmount(draft.appliedDiscount, lineItemsSubtotal, 1);
  const subtotal = lineItemsSubtotal - orderDiscount;
  const shipping = draft.shippingLine?.price ?? 0;
  return {
    lines,
    totalLineItemsPrice,
    lineItemsSubtotal,
    orderDiscount,
    subtotal,
    totalDiscounts: totalLineItemsPrice - subtotal,
    shipping,
    total: subtotal + shipping,
    totalQuantity,
  };
}
