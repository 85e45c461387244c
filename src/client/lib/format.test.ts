import { describe, expect, it } from 'vitest';
import { formatDiscount, pluralize } from './format';

describe('pluralize', () => {
  it('writes the count with its noun, singular for exactly 1', () => {
    expect(pluralize(1, 'case', 'cases')).toBe('1 case');
    expect(pluralize(0, 'case', 'cases')).toBe('0 cases');
    expect(pluralize(3, 'bottle', 'bottles')).toBe('3 bottles');
  });

  it('writes thousands with a comma only when grouped (the admin portal)', () => {
    expect(pluralize(1200, 'bottle', 'bottles')).toBe('1200 bottles');
    expect(pluralize(1200, 'bottle', 'bottles', { grouped: true })).toBe('1,200 bottles');
    expect(pluralize(1, 'tester', 'testers', { grouped: true })).toBe('1 tester');
  });
});

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
