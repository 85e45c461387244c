import { describe, expect, it } from 'vitest';
import { describeTier } from './discounts';

describe('describeTier', () => {
  it('names the tier with its discount', () => {
    expect(describeTier({ name: 'Starter', discountPercent: 5 })).toBe('Starter (5% off)');
    expect(describeTier({ name: 'Retailer', discountPercent: 7.5 })).toBe('Retailer (7.5% off)');
  });

  it('says None without a tier, and the discount alone for a tier no longer known', () => {
    expect(describeTier(null)).toBe('None');
    expect(describeTier({ name: null, discountPercent: 10 })).toBe('10% off');
  });
});
