/**
 * The numeric bounds the API holds every id and quantity to, in one place for the schemas, the server and
 * the browser. Plain constants, no zod: the storefront's first page reads some of them
 * (docs/decisions/0015-storefront-first-page.md).
 */

/** The largest id there can be: ids are PostgreSQL `integer`s (serial), so beyond this no row exists. */
export const MAX_ID = 2_147_483_647;

/**
 * The most of one product a line may hold (also once an order's lines of one product are added up), and the
 * largest case count the API reads (docs/security.md#price-integrity). Large enough for any real order.
 */
export const MAX_QUANTITY = 100_000;

/** The most characters of an order's notes (the submission's `notes`; docs/orders.md#submission). */
export const MAX_NOTES_LENGTH = 2000;

/**
 * The most characters of the buyer's purchase-order number (the submission's `poNumber`;
 * docs/orders.md#submission).
 */
export const MAX_PO_NUMBER_LENGTH = 60;

/** The longest reason a person may give for a change of an order, a decline, a credit override or a hold. */
export const MAX_CHANGE_REASON_LENGTH = 500;
