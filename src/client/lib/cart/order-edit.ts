import { useEffect } from 'react';
import { useCurrentUser } from '../session';
import { cartStore, clearCart, replaceCartContents, type CartContent } from './cart-store';
import {
  forgetOrderEdit,
  readOrderEdit,
  readStoredOrderEdit,
  useStoredOrderEdit,
  writeOrderEdit,
  type OrderEdit,
} from './order-edit-record';
import { readOrderNotes, writeOrderNotes } from './order-notes-store';
import { readPoNumber, writePoNumber } from './po-number-store';

/*
 * 'Edit order' on a pending order (docs/storefront.md#editing-a-pending-order): the order form becomes the
 * editor of that order. The cart the buyer was building is put aside with its notes and PO number, the cart
 * takes the order's lines, and when the edit ends (saved or discarded) the kept cart comes back.
 */

export { readOrderEdit, useOrderEdit, type OrderEdit } from './order-edit-record';

export interface EditedOrder {
  id: number;
  orderNumber: string;
  version: number;
}

/**
 * Puts the current cart aside and fills the cart with `content`, the order's lines, for `userId`, the
 * signed-in user. Editing the same order again keeps the cart put aside the first time (and the version it
 * was opened at). Returns false, changing nothing, when the kept cart cannot be stored: the buyer's cart is
 * never lost to an edit.
 */
export function startOrderEdit(order: EditedOrder, content: CartContent, userId: number): boolean {
  // Another user's edit goes first, with their cart: neither is put aside for this user.
  forgetOtherUsersOrderEdit(userId);
  const current = readOrderEdit(userId);
  if (current && current.orderId !== order.id) return false;
  if (!current) {
    const edit: OrderEdit = {
      userId,
      orderId: order.id,
      orderNumber: order.orderNumber,
      version: order.version,
      kept: { cart: cartStore.getSnapshot(), notes: readOrderNotes(), poNumber: readPoNumber() },
    };
    if (!writeOrderEdit(edit)) return false;
  }
  replaceCartContents(content.items, content.testerAdded);
  return true;
}

/**
 * Ends the edit, saved or discarded: the kept cart, notes and PO number come back and the edit is forgotten.
 * Nothing happens when no edit is under way.
 */
export function endOrderEdit(): void {
  const edit = readStoredOrderEdit();
  if (!edit) return;
  const { cart, notes, poNumber } = edit.kept;
  replaceCartContents(cart.items, cart.testerAdded);
  writeOrderNotes(notes);
  writePoNumber(poNumber);
  // Forgotten last: should the page go away meanwhile, the kept cart is still stored.
  forgetOrderEdit();
}

/**
 * When `userId` is signed in and the stored edit is another user's (a session changed in this browser
 * without signing out), forgets it as signing out would have: the cart (that order's lines), its notes and
 * PO number, and the cart kept aside, none of which is this user's to see or restore.
 */
export function forgetOtherUsersOrderEdit(userId: number): void {
  const stored = readStoredOrderEdit();
  if (stored && stored.userId !== userId) clearCart();
}

/** Mounted once for every customer page (AppShell): forgetOtherUsersOrderEdit as soon as the user is known. */
export function useForgetOtherUsersOrderEdit(): void {
  const userId = useCurrentUser().data?.id;
  const stored = useStoredOrderEdit();
  useEffect(() => {
    if (userId !== undefined && stored) forgetOtherUsersOrderEdit(userId);
  }, [userId, stored]);
}
