/**
 * Money is integer cents everywhere inside the portal (ADR 0002). Decimals exist only at the edges:
 * the database's decimal(10,2) columns, the JSON API (numbers with at most two decimals) and Shopify.
 */
export type Cents = number;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,234.50" — en-US, exactly two decimals (docs/catalogue-and-pricing.md#money). */
export function formatCents(cents: Cents): string {
  return usd.format(cents / 100);
}

/**
 * The one minus sign of money in every output, web, e-mail and PDF (docs/catalogue-and-pricing.md#money): the
 * ASCII hyphen-minus, because the PDF's standard fonts (WinAnsi) cannot draw U+2212 '−' and no embeddable font
 * ships with the portal. The CSV writes plain decimals ('-31.20') with the same sign.
 */
export const MONEY_MINUS = '-';

/**
 * Signed money, the only producer of it for every output: '-$31.20' below zero, '$0.00', and '+$4.20' above
 * zero only when `plus` asks for the sign (a difference that may go either way).
 */
export function formatSignedCents(cents: Cents, { plus = false } = {}): string {
  if (cents < 0) return `${MONEY_MINUS}${formatCents(-cents)}`;
  if (cents > 0) return `${plus ? '+' : ''}${formatCents(cents)}`;
  return formatCents(0);
}

/** An amount taken off the price (savings): 3120 → '-$31.20'; nothing off is '$0.00'. */
export function formatAmountOff(cents: Cents): string {
  return formatSignedCents(-cents);
}

/** An API money string taken off ("31.20" → '-$31.20'); an unreadable one is shown as it came. */
export function formatMoneyOff(amount: string): string {
  try {
    return formatAmountOff(parseDecimalToCents(amount));
  } catch {
    return amount;
  }
}

/**
 * An API money string ("127.80") as en-US dollars ("$127.80"); an unreadable one is shown as it came. The
 * browser's pages and the server's order PDF show money strings with it.
 */
export function formatMoney(amount: string): string {
  try {
    return formatCents(parseDecimalToCents(amount));
  } catch {
    return amount;
  }
}

/** Parses a decimal string such as "10.65" (the shape PostgreSQL returns for numeric) into cents, exactly. */
export function parseDecimalToCents(value: string): Cents {
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Cents to the decimal string a decimal(10,2) column stores: 1065 → "10.65". */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents to the JSON number the API sends: 1065 → 10.65. */
export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** A JSON dollar amount (at most two decimals) to cents: 10.65 → 1065. */
export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

/** The largest dollar amount a decimal(10,2) price column holds. */
export const MAX_PRICE_DOLLARS = 99_999_999.99;

/**
 * True when `value` is written with at most `decimals` decimals: the number typed as "7.5" or "10.65" is
 * exactly the double that rounding it to that many decimals gives back (10.655, or 0.1 + 0.2, is not).
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(decimals)) === value;
}

/**
 * The decimal rule of every price the API takes in dollars: whole cents, i.e. at most two decimals. Both
 * admin price schemas use it; they differ on purpose only in their lower bound and their messages (a
 * custom tier price may be 0, admin-pricing.ts; a variant's retail and wholesale prices must be above 0,
 * admin-catalog.ts).
 */
export function isWholeCents(dollars: number): boolean {
  return hasAtMostDecimals(dollars, 2);
}
