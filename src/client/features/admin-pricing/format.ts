import { dollarsToCents, formatCents } from '../../../shared/money';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 7.5 → '7.5%', 10 → '10%'. */
export function formatDiscount(percentage: number): string {
  return `${percent.format(percentage)}%`;
}

/** Dollars from the API to en-US money with exactly two decimals: 8.5 → '$8.50' (spec 000 §1). */
export function formatPrice(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** 1 → '1 case', 5 → '5 cases'. */
export function formatCases(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'case' : 'cases'}`;
}
