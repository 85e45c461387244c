import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../shared/money';
import { calculateCasePricing } from './case-pricing';

describe('calculateCasePricing', () => {
  it('prices a case of 12 from the wholesale price per bottle, to the cent', () => {
    const pricing = calculateCasePricing({ price: 26, wholesalePrice: 10.65, caseSize: 12 });
    expect(pricing).toEqual({ bottleCents: 1065, caseCents: 12780 });
    expect(formatCents(pricing.caseCents)).toBe('$127.80');
  });

  it('falls back to the retail price when there is no wholesale price', () => {
    expect(calculateCasePricing({ price: 7.75, wholesalePrice: null, caseSize: 12 })).toEqual({
      bottleCents: 775,
      caseCents: 9300,
    });
  });

  it('avoids floating-point drift on amounts like 4.85 × 12', () => {
    expect(
      formatCents(calculateCasePricing({ price: 10, wholesalePrice: 4.85, caseSize: 12 }).caseCents),
    ).toBe('$58.20');
  });
});
