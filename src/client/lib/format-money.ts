import { formatCents, parseDecimalToCents } from '../../shared/money';

/** An API money string ("127.80") as en-US dollars ("$127.80"); an unreadable one is shown as it came. */
export function formatMoney(amount: string): string {
  try {
    return formatCents(parseDecimalToCents(amount));
  } catch {
    return amount;
  }
}
