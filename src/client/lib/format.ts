/**
 * How counts and discounts read wherever the portal shows them. No dependencies: the order form on the
 * storefront's first page uses these (docs/decisions/0015-storefront-first-page.md). Dates are in
 * format-date.ts, money in format-money.ts.
 */

/**
 * A count with its noun: '1 case', '3 cases'. `grouped` writes thousands with a comma ('1,200 bottles'), as
 * the admin portal's order lines and tiers do; the storefront writes plain digits.
 */
export function pluralize(count: number, one: string, many: string, { grouped = false } = {}): string {
  return `${grouped ? count.toLocaleString('en-US') : count} ${count === 1 ? one : many}`;
}

/** Shared with the server's order PDF (src/shared/discounts.ts). */
export { formatDiscount } from '../../shared/discounts';
