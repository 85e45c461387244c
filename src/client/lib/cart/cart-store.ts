import { useSyncExternalStore } from 'react';
import { MAX_QUANTITY } from '../../../shared/limits';
import { forgetOrderEdit } from './order-edit-record';
import { writeOrderNotes } from './order-notes-store';
import { writePoNumber } from './po-number-store';
import { readLegacyCart, readStoredCart } from './stored-cart';

/**
 * The cart, kept in ONE durable browser store (docs/catalogue-and-pricing.md#the-cart-in-the-browser):
 * localStorage, with a version number.
 *
 * - Every change bumps the version and is written at once, so the cart survives reloads and closed tabs.
 * - Another tab's write arrives as a `storage` event; a HIGHER version replaces this tab's cart live.
 * - It is written again on `pagehide` and when the tab goes hidden, unless another tab has stored a newer one.
 * - A legacy V2 cart is migrated once, then removed.
 * - Stored data that cannot be read is discarded: the page starts with an empty cart instead of breaking.
 *
 * Quantities are in the pricing engine's units (ADR 0008): BOTTLES for case-packed products (cases × case
 * size), BUNDLES for the virtual bundle, so a line goes to `priceCart`, to /api/validate-cart and to an order
 * as it is. The tester is not an item but a flag: at most one per order
 * (docs/catalogue-and-pricing.md#the-tester).
 */

export const CART_STORAGE_KEY = 'wholesale-cart';

/**
 * The legacy portal's cart. Assumed shape (the spec names the key V2 but not its content):
 * `{ items: [{ productId, quantity, ...anything }], sampleAdded?: boolean, ... }` with quantities in the
 * same units as ours (bottles: docs/catalogue-and-pricing.md#case-packs-of-12). Anything else is ignored.
 * It may be in localStorage or sessionStorage; both are checked and cleared.
 */
export const LEGACY_CART_STORAGE_KEY = 'wholesale-cart-v2';

export interface CartItem {
  readonly productId: number;
  /** Bottles for case-packed products, bundles for the virtual bundle. Always above 0. */
  readonly quantity: number;
}

export interface Cart {
  /** Bumped by every change; the higher version wins between tabs. 0 = never changed. */
  readonly version: number;
  readonly items: readonly CartItem[];
  readonly testerAdded: boolean;
  /** ISO time of the last change. */
  readonly updatedAt: string;
}

/** What a change may set; the store adds version and time. */
export interface CartContent {
  items: readonly CartItem[];
  testerAdded: boolean;
}

export interface CartStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => Cart;
  /** Applies a change: bumps the version, saves, notifies. Returns false when it could not be saved. */
  update: (change: (current: Cart) => CartContent) => boolean;
  /** Writes the current cart now (unless another tab stored a newer one). Returns false if it could not. */
  save: () => boolean;
  /** Empties the cart and the tester, in every open tab. */
  clear: () => boolean;
  /** Drops the in-memory cart; the next read loads it from storage again, as a page load does (tests). */
  forget: () => void;
  /** Detaches the window listeners (tests). */
  dispose: () => void;
}

export interface CartStoreOptions {
  /** The durable store; a getter because merely touching `localStorage` can throw (blocked storage). */
  getStorage: () => Storage | null;
  /** Where a legacy cart may be found besides `getStorage()`. */
  getLegacyStorages?: () => Array<Storage | null>;
  /** Receives `storage`, `pagehide` and `visibilitychange`. */
  target?: Window;
  now?: () => Date;
}

export function createCartStore({
  getStorage,
  getLegacyStorages = () => [],
  target,
  now = () => new Date(),
}: CartStoreOptions): CartStore {
  let cart: Cart | null = null;
  let attached = false;
  const listeners = new Set<() => void>();

  const storage = () => safely(getStorage) ?? null;
  const emptyCart = (version = 0): Cart => ({
    version,
    items: [],
    testerAdded: false,
    updatedAt: now().toISOString(),
  });

  function notify() {
    for (const listener of listeners) listener();
  }

  function write(next: Cart): boolean {
    const store = storage();
    if (!store) return false;
    return (
      safely(() => {
        store.setItem(CART_STORAGE_KEY, JSON.stringify(next));
        return true;
      }) ?? false
    );
  }

  function remove(store: Storage | null, key: string) {
    safely(() => store?.removeItem(key));
  }

  /** The stored cart, or null when there is none or it is unreadable (then it is removed). */
  function readStored(): Cart | null {
    const store = storage();
    const raw = safely(() => store?.getItem(CART_STORAGE_KEY) ?? null) ?? null;
    if (raw === null) return null;
    const cart = parseStoredCart(raw);
    if (!cart) remove(store, CART_STORAGE_KEY);
    return cart;
  }

  function migrateLegacy(hasCurrent: boolean): Cart | null {
    let migrated: Cart | null = null;
    for (const store of [storage(), ...(safely(getLegacyStorages) ?? [])]) {
      const raw = safely(() => store?.getItem(LEGACY_CART_STORAGE_KEY) ?? null) ?? null;
      if (raw === null) continue;
      remove(store, LEGACY_CART_STORAGE_KEY);
      if (hasCurrent || migrated) continue;
      const content = parseLegacyCart(raw);
      if (content) migrated = { ...content, version: 1, updatedAt: now().toISOString() };
    }
    if (migrated) write(migrated);
    return migrated;
  }

  function load(): Cart {
    const stored = readStored();
    return migrateLegacy(stored !== null) ?? stored ?? emptyCart();
  }

  function onStorage(event: StorageEvent) {
    if (event.key !== CART_STORAGE_KEY || event.newValue === null) return;
    const incoming = parseStoredCart(event.newValue);
    if (incoming && incoming.version > current().version) {
      cart = incoming;
      notify();
    }
  }

  function onPageHide() {
    save();
  }

  function onVisibilityChange() {
    if (target?.document.visibilityState === 'hidden') save();
  }

  function attach() {
    if (attached || !target) return;
    attached = true;
    target.addEventListener('storage', onStorage);
    target.addEventListener('pagehide', onPageHide);
    target.document.addEventListener('visibilitychange', onVisibilityChange);
  }

  function current(): Cart {
    if (!cart) {
      cart = load();
      // Listen from the first read on, so a tab never holds a cart older than another tab's.
      attach();
    }
    return cart;
  }

  function commit(content: CartContent): boolean {
    const previous = current();
    const storedVersion = readStored()?.version ?? 0;
    cart = {
      version: Math.max(previous.version, storedVersion) + 1,
      items: normalizeItems(content.items),
      testerAdded: content.testerAdded,
      updatedAt: now().toISOString(),
    };
    const saved = write(cart);
    notify();
    return saved;
  }

  function save(): boolean {
    const mine = current();
    const stored = readStored();
    if (stored && stored.version > mine.version) return true;
    return write(mine);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      current();
      return () => listeners.delete(listener);
    },
    getSnapshot: current,
    update(change) {
      const before = current();
      const content = change(before);
      if (sameContent(before, content)) return true;
      return commit(content);
    },
    save,
    clear: () => commit({ items: [], testerAdded: false }),
    forget() {
      cart = null;
    },
    dispose() {
      if (!attached || !target) return;
      attached = false;
      target.removeEventListener('storage', onStorage);
      target.removeEventListener('pagehide', onPageHide);
      target.document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}

function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

function parseJson(raw: string): unknown {
  return safely(() => JSON.parse(raw) as unknown);
}

function parseStoredCart(raw: string): Cart | null {
  const stored = readStoredCart(parseJson(raw));
  return stored && { ...stored, items: normalizeItems(stored.items) };
}

function parseLegacyCart(raw: string): CartContent | null {
  const content = readLegacyCart(parseJson(raw));
  return content && { ...content, items: normalizeItems(content.items) };
}

/** One line per product (the last one wins), no empty lines. */
function normalizeItems(items: readonly CartItem[]): CartItem[] {
  const byProduct = new Map<number, number>();
  for (const item of items) byProduct.set(item.productId, item.quantity);
  return [...byProduct]
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity: Math.min(quantity, MAX_QUANTITY) }));
}

function sameContent(cart: Cart, content: CartContent): boolean {
  const items = normalizeItems(content.items);
  return (
    cart.testerAdded === content.testerAdded &&
    cart.items.length === items.length &&
    cart.items.every(
      (item, index) => item.productId === items[index]?.productId && item.quantity === items[index]?.quantity,
    )
  );
}

/** The app's cart, in this browser's localStorage. Nothing is read until the cart is first used. */
export const cartStore = createCartStore({
  getStorage: () => window.localStorage,
  getLegacyStorages: () => [window.sessionStorage],
  target: typeof window === 'undefined' ? undefined : window,
});

/** The current cart; re-renders on every change, in this tab or (newer) from another. */
export function useCart(): Cart {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getSnapshot);
}

/** Sets a product's quantity (bottles, or bundles for the bundle); 0 removes the line. */
export function setCartItemQuantity(productId: number, quantity: number): boolean {
  const safeQuantity = Number.isFinite(quantity) ? Math.max(0, Math.floor(quantity)) : 0;
  return cartStore.update((cart) => {
    const line = { productId, quantity: safeQuantity };
    const items = cart.items.some((item) => item.productId === productId)
      ? cart.items.map((item) => (item.productId === productId ? line : item))
      : [...cart.items, line];
    // normalizeItems drops the line again when the quantity is 0.
    return { items, testerAdded: cart.testerAdded };
  });
}

/** Adds or removes the free tester. Returns false when the change could not be saved. */
export function setTesterAdded(added: boolean): boolean {
  return cartStore.update((cart) => ({ items: cart.items, testerAdded: added }));
}

/**
 * Replaces the whole cart with a previous order's lines (docs/storefront.md#reorder-page): quantities in
 * the cart's units, the tester as the flag. Returns false when it could not be saved.
 */
export function replaceCartContents(
  items: ReadonlyArray<{ productId: number; quantity: number }>,
  testerAdded: boolean,
): boolean {
  // Notes and a PO number typed for the cart being replaced do not belong to the reordered one.
  writeOrderNotes('');
  writePoNumber('');
  return cartStore.update(() => ({
    items: items.map(({ productId, quantity }) => ({ productId, quantity })),
    testerAdded,
  }));
}

/**
 * Adds a previous order's lines to the cart as it is (issue 31, finding 3: the buyer chose 'Add to your
 * cart'): a product already there gets the two quantities together, the tester stays or comes, and the
 * notes and PO number typed for this cart are kept. Returns false when it could not be saved.
 */
export function addToCartContents(
  items: ReadonlyArray<{ productId: number; quantity: number }>,
  testerAdded: boolean,
): boolean {
  return cartStore.update((cart) => {
    const quantities = new Map(cart.items.map(({ productId, quantity }) => [productId, quantity]));
    for (const { productId, quantity } of items)
      quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
    return {
      items: [...quantities].map(([productId, quantity]) => ({ productId, quantity })),
      testerAdded: cart.testerAdded || testerAdded,
    };
  });
}

/** Writes the cart now (before leaving for the review page). */
export function saveCart(): boolean {
  return cartStore.save();
}

/**
 * Empties the cart in every open tab, and the order notes and PO number kept with it, and forgets an edit of
 * an order under way with the cart it kept aside (order-edit-record.ts). To be called after registration,
 * sign-out and a successful order (docs/catalogue-and-pricing.md#the-cart-in-the-browser).
 */
export function clearCart(): boolean {
  forgetOrderEdit();
  writeOrderNotes('');
  writePoNumber('');
  return cartStore.clear();
}
