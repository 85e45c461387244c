import { MAX_PO_NUMBER_LENGTH } from '../../../shared/limits';
import { keptText } from './kept-text';

/**
 * The PO number typed on /confirm (issue 20), kept with the cart like the order notes
 * (docs/storefront.md#review-page): through 'Go Back' and a reload, emptied with the cart (clearCart). A
 * reorder never fills it from the old order: a PO number belongs to one purchase (docs/orders.md#reorder).
 */
export const PO_NUMBER_STORAGE_KEY = 'wholesale-order-po-number';

const poNumber = keptText(PO_NUMBER_STORAGE_KEY, MAX_PO_NUMBER_LENGTH);

/** The PO number kept for this cart, or ''. */
export const readPoNumber = (): string => poNumber.read();

/** Keeps `text` (empty removes the entry). */
export const writePoNumber = (text: string): void => poNumber.write(text);
