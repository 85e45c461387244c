import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToDollars,
  dollarsToCents,
  formatAmountOff,
  formatCents,
  formatMoneyOff,
  formatSignedCents,
  hasAtMostDecimals,
  isWholeCents,
  MAX_PRICE_DOLLARS,
  parseDecimalToCents,
} from './money';

describe('money', () => {
  it.each([
    [12780, '$127.80'],
    [1065, '$10.65'],
    [0, '$0.00'],
    [123456789, '$1,234,567.89'],
    [1900, '$19.00'],
  ])('formats %i cents as %s (en-US, two decimals)', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    ['10.65', 1065],
    ['93', 9300],
    ['7.5', 750],
    ['0.00', 0],
    ['-4.85', -485],
    ['12.345', 1234],
  ])('parses the decimal %s exactly as %i cents', (text, cents) => {
    expect(parseDecimalToCents(text)).toBe(cents);
  });

  it('refuses text that is not a decimal amount', () => {
    for (const bad of ['', 'abc', '1,000.00', '$5', '1e3']) {
      expect(() => parseDecimalToCents(bad), bad).toThrow(RangeError);
    }
  });

  it('writes cents as the decimal a numeric(10,2) column stores', () => {
    expect(centsToDecimal(1065)).toBe('10.65');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-485)).toBe('-4.85');
  });

  it('round-trips any cent amount through the database decimal and the API number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999, max: 99_999_999 }), (cents) => {
        expect(parseDecimalToCents(centsToDecimal(cents))).toBe(cents);
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });
});

describe('signed money (docs/catalogue-and-pricing.md#money)', () => {
  it("writes an amount off with the ASCII minus every output can draw: '-$31.20'", () => {
    expect(formatAmountOff(3120)).toBe('-$31.20');
    expect(formatMoneyOff('31.20')).toBe('-$31.20');
    expect(formatMoneyOff('19180.8')).toBe('-$19,180.80');
    expect(formatAmountOff(3120)).not.toContain('\u2212');
  });

  it("writes nothing off as '$0.00' (never '-$0.00') and a rise as '+$4.20' only when asked", () => {
    expect(formatAmountOff(0)).toBe('$0.00');
    expect(formatSignedCents(-0)).toBe('$0.00');
    expect(formatAmountOff(-420)).toBe('$4.20');
    expect(formatSignedCents(420, { plus: true })).toBe('+$4.20');
    expect(formatSignedCents(-420, { plus: true })).toBe('-$4.20');
  });

  it('shows an unreadable amount as it came', () => {
    expect(formatMoneyOff('n/a')).toBe('n/a');
  });
});

describe('the decimal rule of prices', () => {
  it('takes dollar amounts in whole cents, up to the largest a decimal(10,2) column holds', () => {
    for (const price of [0, 4, 10.5, 10.65, 0.01, MAX_PRICE_DOLLARS])
      expect(isWholeCents(price), `${price}`).toBe(true);
    for (const price of [4.005, 10.655, 0.1 + 0.2, 10.6500000001, Number.NaN, Infinity]) {
      expect(isWholeCents(price), `${price}`).toBe(false);
    }
  });

  it('takes every amount typed with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
        expect(isWholeCents(Number(centsToDecimal(cents)))).toBe(true);
      }),
    );
  });

  it('counts decimals for other steps too (discounts in steps of 0.1)', () => {
    expect(hasAtMostDecimals(7.5, 1)).toBe(true);
    expect(hasAtMostDecimals(7.25, 1)).toBe(false);
  });
});
