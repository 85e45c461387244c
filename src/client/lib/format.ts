/**
 * How counts and discounts read wherever the portal shows them. No dependencies: the order form on the
 * storefront's first page uses these (docs/decisions/0015-storefront-first-page.md). Dates are in
 * format-date.ts, money in format-money.ts.
 */

/** A count with its noun ('1 case', '3 cases'): shared with the server's messages (src/shared/pluralize.ts). */
export { pluralize } from '../../shared/pluralize';

/** Shared with the server's order PDF (src/shared/discounts.ts). */
export { formatDiscount } from '../../shared/discounts';
