import { MAX_NOTES_LENGTH } from '../../../shared/limits';

/**
 * The order notes typed on /confirm, kept beside the cart in localStorage so that 'Go Back', a reload or a
 * closed tab does not lose them (docs/storefront.md#review-page). Emptied with the cart (clearCart): after an
 * order, at sign-out and at registration. Kept apart from the cart's versioned record so that typing a note
 * neither bumps the cart's version (the order form re-checks the cart on each version) nor races another tab.
 */
export const ORDER_NOTES_STORAGE_KEY = 'wholesale-order-notes';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The notes kept for this cart, or '' (none, unreadable storage, or something that is not a note). */
export function readOrderNotes(): string {
  try {
    const raw = storage()?.getItem(ORDER_NOTES_STORAGE_KEY);
    return typeof raw === 'string' ? raw.slice(0, MAX_NOTES_LENGTH) : '';
  } catch {
    return '';
  }
}

/** Keeps `notes` (an empty note removes the entry). Blocked storage only costs the notes' persistence. */
export function writeOrderNotes(notes: string): void {
  try {
    if (notes === '') storage()?.removeItem(ORDER_NOTES_STORAGE_KEY);
    else storage()?.setItem(ORDER_NOTES_STORAGE_KEY, notes.slice(0, MAX_NOTES_LENGTH));
  } catch {
    // Nothing to do: the notes stay on the page.
  }
}
