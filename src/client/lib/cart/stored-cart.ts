import { MAX_QUANTITY } from '../../../shared/limits';
import type { Cart, CartContent, CartItem } from './cart-store';

/**
 * Reading what localStorage holds for the cart. Plain checks rather than zod: the cart is read on the
 * storefront's first page, whose initial JavaScript carries no schema library
 * (docs/decisions/0015-storefront-first-page.md). The data is this app's own, so the checks are few:
 * anything else is treated as unreadable.
 */

const MAX_STORED_LINES = 200;

type Line = { productId: number; quantity: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCount = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/** A line as this app stores it: whole numbers, a real product id, a quantity within the API's limit. */
function readLine(value: unknown): Line | null {
  if (!isRecord(value)) return null;
  const { productId, quantity } = value;
  return isCount(productId, 1) && isCount(quantity, 0, MAX_QUANTITY) ? { productId, quantity } : null;
}

/** The stored cart (version, lines, tester flag, time of the last change), or null when it is not one. */
export function readStoredCart(value: unknown): (Omit<Cart, 'items'> & { items: CartItem[] }) | null {
  if (!isRecord(value)) return null;
  const { version, items, testerAdded, updatedAt } = value;
  if (!isCount(version, 0) || typeof testerAdded !== 'boolean' || typeof updatedAt !== 'string') return null;
  if (!Array.isArray(items) || items.length > MAX_STORED_LINES) return null;
  const lines = items.map(readLine);
  if (lines.some((line) => line === null)) return null;
  return { version, items: lines as Line[], testerAdded, updatedAt };
}

/**
 * The legacy V2 cart's content: `{ items: [{ productId, quantity, …}], sampleAdded?: boolean }`, numbers
 * possibly as text. One unreadable line is skipped, so it does not cost the buyer the rest of the cart.
 */
export function readLegacyCart(value: unknown): CartContent | null {
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  const { sampleAdded } = value;
  if (sampleAdded !== undefined && typeof sampleAdded !== 'boolean') return null;
  const items = value.items.flatMap((item) => {
    const line = isRecord(item)
      ? readLine({ productId: Number(item.productId), quantity: Number(item.quantity) })
      : null;
    return line ? [line] : [];
  });
  return { items, testerAdded: sampleAdded === true };
}
