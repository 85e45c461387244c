import { useSyncExternalStore } from 'react';
import { useCurrentUser } from '../session';
import type { Cart } from './cart-store';
import { readStoredCart } from './stored-cart';

/**
 * The buyer's edit of a pending order (docs/storefront.md#editing-a-pending-order), kept in localStorage
 * beside the cart: which order is being edited (its number and the version it was opened at) and the cart
 * the buyer was building before, put aside until the edit is saved or discarded. Stored, so a reload or a
 * closed tab keeps the edit and never loses the kept cart; read with plain checks like the cart itself (the
 * order form's first page carries no schema library, ADR 0015). The record names the user who began the
 * edit: it is theirs alone, never shown to another person signed in on the same browser (order-edit.ts
 * forgets it then).
 *
 * No import of cart-store's functions here: cart-store's clearCart forgets the edit (sign-out, registration),
 * and order-edit.ts, which moves carts in and out, imports both.
 */
export const ORDER_EDIT_STORAGE_KEY = 'wholesale-order-edit';

export interface OrderEdit {
  /** The signed-in user who began the edit: only theirs to see, save or discard. */
  userId: number;
  orderId: number;
  /** WO-1042. */
  orderNumber: string;
  /** The order's version when the edit began: 'Save changes' names it (docs/orders.md#concurrent-changes). */
  version: number;
  /** The cart, order notes and PO number the buyer had before, restored when the edit ends. */
  kept: { cart: Cart; notes: string; poNumber: string };
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; edit: OrderEdit | null } = { raw: null, edit: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(ORDER_EDIT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The stored edit, or null when there is none or it is not one (then the page simply is not editing). */
function parseOrderEdit(raw: string): OrderEdit | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.kept)) return null;
  const { userId, orderId, orderNumber, version, kept } = value;
  const cart = readStoredCart(kept.cart);
  if (!isId(userId) || !isId(orderId) || !isId(version) || typeof orderNumber !== 'string' || !cart)
    return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  return {
    userId,
    orderId,
    orderNumber,
    version,
    kept: { cart, notes: text(kept.notes), poNumber: text(kept.poNumber) },
  };
}

/** The edit stored in this browser, whoever began it, or null. */
export function readStoredOrderEdit(): OrderEdit | null {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, edit: raw === null ? null : parseOrderEdit(raw) };
  return cached.edit;
}

/**
 * The order `userId` is editing in this browser, or null: none, no one signed in (or the session not known
 * yet), or an edit another user began.
 */
export function readOrderEdit(userId: number | null | undefined): OrderEdit | null {
  const edit = readStoredOrderEdit();
  return edit && edit.userId === userId ? edit : null;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Stores the edit. Returns false when it could not be stored (blocked or full storage). */
export function writeOrderEdit(edit: OrderEdit): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(ORDER_EDIT_STORAGE_KEY, JSON.stringify(edit));
  } catch {
    return false;
  }
  notify();
  return true;
}

/** Forgets the edit without restoring anything (sign-out, registration: clearCart). */
export function forgetOrderEdit(): void {
  try {
    storage()?.removeItem(ORDER_EDIT_STORAGE_KEY);
  } catch {
    // Nothing stored can be removed from blocked storage.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's edit (started, saved, discarded) shows here too, as the cart does.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ORDER_EDIT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored edit, whoever began it, re-rendering when it starts or ends (in this tab or another). */
export function useStoredOrderEdit(): OrderEdit | null {
  return useSyncExternalStore(subscribe, readStoredOrderEdit, () => null);
}

/**
 * The order the signed-in user is editing, re-rendering when the edit starts or ends (in this tab or
 * another); null if none, while the session is not known, and for an edit another user began.
 */
export function useOrderEdit(): OrderEdit | null {
  const userId = useCurrentUser().data?.id;
  const edit = useStoredOrderEdit();
  return edit && edit.userId === userId ? edit : null;
}
