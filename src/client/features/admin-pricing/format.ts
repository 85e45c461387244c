import { dollarsToCents, formatCents } from '../../../shared/money';
import { pluralize } from '../../lib/format';

/**
 * Dollars from the API to en-US money with exactly two decimals: 8.5 → '$8.50'
 * (docs/catalogue-and-pricing.md#money).
 */
export function formatPrice(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** A tier's minimum: 1 → '1 case', 100000 → '100,000 cases' (thousands with a comma, as in the admin portal). */
export function formatCases(count: number): string {
  return pluralize(count, 'case', 'cases', { grouped: true });
}
