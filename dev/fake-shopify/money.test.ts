import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney, parseAmount } from './money';

describe('fake store money', () => {
  it('reads decimal strings and numbers into cents, rounding half away from zero', () => {
    expect(parseAmount('10.65')).toBe(1065);
    expect(parseAmount('10')).toBe(1000);
    expect(parseAmount(' 7.5 ')).toBe(750);
    expect(parseAmount('0.005')).toBe(1);
    expect(parseAmount('-1.50')).toBe(-150);
    expect(parseAmount(19.99)).toBe(1999);
  });

  it('rejects what the Admin API would not take as Money or Decimal', () => {
    for (const value of ['10,65', '$10', '1e3', '', 'abc', '.5', null, {}, { amount: '1.00' }, Number.NaN]) {
      expect(parseAmount(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('prints Money with two decimals and Decimal trimmed like the real API', () => {
    expect(formatMoney(1065)).toBe('10.65');
    expect(formatMoney(22000)).toBe('220.00');
    expect(formatDecimal(22000)).toBe('220.0');
    expect(formatDecimal(750)).toBe('7.5');
    expect(formatDecimal(1065)).toBe('10.65');
    expect(formatDecimal(0)).toBe('0.0');
  });
});
