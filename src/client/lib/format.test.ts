import { describe, expect, it } from 'vitest';
import { formatDiscount } from './format';

describe('formatDiscount', () => {
  it('writes a percent with at most two decimals and no trailing zeros', () => {
    expect(formatDiscount(7)).toBe('7%');
    expect(formatDiscount(7.5)).toBe('7.5%');
    expect(formatDiscount(7.25)).toBe('7.25%');
    expect(formatDiscount(0)).toBe('0%');
    expect(formatDiscount(100)).toBe('100%');
  });

  it("reads the pricing engine's hundredths once divided by 100", () => {
    expect(formatDiscount(750 / 100)).toBe('7.5%');
    expect(formatDiscount(1000 / 100)).toBe('10%');
    expect(formatDiscount(733 / 100)).toBe('7.33%');
  });
});
