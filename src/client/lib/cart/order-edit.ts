import { cartStore, replaceCartContents, type CartContent } from './cart-store';
import { forgetOrderEdit, readOrderEdit, writeOrderEdit, type OrderEdit } from './order-edit-record';
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
 * Puts the current cart aside and fills the cart with `content`, the order's lines. Editing the same order
 * again keeps the cart put aside the first time (and the version it was opened at). Returns false, changing
 * nothing, when the kept cart cannot be stored: the buyer's cart is never lost to an edit.
 */
export function startOrderEdit(order: EditedOrder, content: CartContent): boolean {
  const current = readOrderEdit();
  if (current && current.orderId !== order.id) return false;
  if (!current) {
    const edit: OrderEdit = {
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
 * After a refused save because the order changed meanwhile (docs/orders.md#concurrent-changes): the buyer
 * has seen the order as it now stands, and the next 'Save changes' names its version.
 */
export function rebaseOrderEdit(version: number): void {
  const current = readOrderEdit();
  if (current) writeOrderEdit({ ...current, version });
}

/**
 * Ends the edit, saved or discarded: the kept cart, notes and PO number come back and the edit is forgotten.
 * Nothing happens when no edit is under way.
 */
export function endOrderEdit(): void {
  const edit = readOrderEdit();
  if (!edit) return;
  const { cart, notes, poNumber } = edit.kept;
  replaceCartContents(cart.items, cart.testerAdded);
  writeOrderNotes(notes);
  writePoNumber(poNumber);
  // Forgotten last: should the page go away meanwhile, the kept cart is still stored.
  forgetOrderEdit();
}
