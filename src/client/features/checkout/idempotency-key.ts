import { z } from 'zod';
import { idempotencyKeySchema } from '../../../shared/schemas/orders';

/**
 * The idempotency key of an order submission (docs/orders.md#idempotency). It is made when the review page
 * opens and kept in this tab's sessionStorage with the cart it belongs to, so a reload or a retry of the same
 * cart sends the same key (the server then answers with the first order instead of making a second one),
 * while a changed cart gets a new key. After a successful order it is forgotten.
 */
export const IDEMPOTENCY_STORAGE_KEY = 'wholesale-order-idempotency';

/** What identifies a cart: its version, and its content in case the version counter was ever reset. */
export interface CartIdentity {
  readonly version: number;
  readonly items: ReadonlyArray<{ readonly productId: number; readonly quantity: number }>;
  readonly testerAdded: boolean;
}

const storedSchema = z.object({ key: idempotencyKeySchema, cart: z.string() });
type StoredKey = z.infer<typeof storedSchema>;

/** Used when sessionStorage is blocked: the key then lasts as long as the page. */
let memory: StoredKey | null = null;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function describeCart(cart: CartIdentity): string {
  const items = cart.items.map((item) => `${item.productId}x${item.quantity}`).join(',');
  return `${cart.version}|${items}|${cart.testerAdded ? 'tester' : ''}`;
}

function read(): StoredKey | null {
  const store = sessionStore();
  if (!store) return memory;
  try {
    const raw = store.getItem(IDEMPOTENCY_STORAGE_KEY);
    // Nothing stored (perhaps the write was refused): the in-memory copy still holds this page's key.
    if (raw === null) return memory;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : memory;
  } catch {
    return memory;
  }
}

function write(value: StoredKey) {
  memory = value;
  try {
    sessionStore()?.setItem(IDEMPOTENCY_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Blocked or full storage: the in-memory copy still covers retries on this page.
  }
}

function createKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key for `cart`: the stored one when it belongs to this very cart, else a new one (then stored). */
export function idempotencyKeyFor(cart: CartIdentity): string {
  const stored = read();
  if (stored && stored.cart === describeCart(cart)) return stored.key;
  return renewIdempotencyKey(cart);
}

/** A fresh key for `cart`, for when the server has certainly not created an order under the old one. */
export function renewIdempotencyKey(cart: CartIdentity): string {
  const key = createKey();
  write({ key, cart: describeCart(cart) });
  return key;
}

/** Drops the key after a successful order: the next order is a new one. */
export function forgetIdempotencyKey() {
  memory = null;
  try {
    sessionStore()?.removeItem(IDEMPOTENCY_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}
