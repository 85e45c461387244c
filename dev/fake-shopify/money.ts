import { centsToDecimal, type Cents } from '../../src/shared/money';

/**
 * Money at the fake store's edges. Inside it every amount is integer cents, like the portal (ADR 0002); the
 * Admin API speaks decimal strings. The two scalars print differently, as the real API does
 * (docs/shopify.md#operations): `Money` always with two decimals ("10.00"), `Decimal` (MoneyV2.amount)
 * trimmed like Ruby's BigDecimal ("220.0", "7.5"). Webhook payloads use two decimals ("199.00").
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A Money/Decimal input ("10.65", "10", "-1.5", or a JSON number) in cents, rounded half away from zero at
 * the cent; null when it is not a plain decimal ("10,65", "$10", "1e3", "", an object). A client schema
 * accepts anything for a custom scalar (docs/shopify.md#schema-checks), so the store has to check this
 * itself.
 */
export function parseAmount(value: unknown): Cents | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    if (/e/i.test(text)) return null;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** The `Money` scalar and REST payload prices: 1065 → "10.65", 22000 → "220.00". */
export function formatMoney(cents: Cents): string {
  return centsToDecimal(cents);
}

/** The `Decimal` scalar (MoneyV2.amount): 1065 → "10.65", 22000 → "220.0", 750 → "7.5", 0 → "0.0". */
export function formatDecimal(cents: Cents): string {
  const fixed = centsToDecimal(cents);
  return fixed.replace(/0$/, '').replace(/\.$/, '.0');
}
