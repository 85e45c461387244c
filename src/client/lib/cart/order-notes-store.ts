import { MAX_NOTES_LENGTH } from '../../../shared/limits';
import { keptText } from './kept-text';

/**
 * The order notes typed on /confirm, kept beside the cart in localStorage so that 'Go Back', a reload or a
 * closed tab does not lose them (docs/storefront.md#review-page). Emptied with the cart (clearCart): after an
 * order, at sign-out and at registration.
 */
export const ORDER_NOTES_STORAGE_KEY = 'wholesale-order-notes';

const notes = keptText(ORDER_NOTES_STORAGE_KEY, MAX_NOTES_LENGTH);

/** The notes kept for this cart, or '' (none, unreadable storage, or something that is not a note). */
export const readOrderNotes = (): string => notes.read();

/** Keeps `notes` (an empty note removes the entry). Blocked storage only costs the notes' persistence. */
export const writeOrderNotes = (text: string): void => notes.write(text);
