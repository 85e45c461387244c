import { describe, expect, it } from 'vitest';
import { formatChartValue, formatTick, WHOLE_STEPS } from './chart-axes';

describe('Insights chart axes (docs/admin.md#insights)', () => {
  it('steps only by whole numbers, so a count axis never shows part of an order', () => {
    expect(WHOLE_STEPS.slice(0, 6)).toEqual([1, 2, 5, 10, 20, 50]);
    expect(WHOLE_STEPS.every((step) => Number.isInteger(step) && step >= 1)).toBe(true);
  });

  it('writes money ticks as the exact amount, compact only for large ones', () => {
    expect(formatTick('money', 0)).toBe('$0');
    expect(formatTick('money', 1250)).toBe('$1,250');
    expect(formatTick('money', 45_000)).toBe('$45,000');
    expect(formatTick('money', 125_000)).toBe('$125K');
    expect(formatTick('money', 2_500_000)).toBe('$2.5M');
  });

  it('writes count ticks as whole numbers', () => {
    expect(formatTick('count', 2)).toBe('2');
    expect(formatTick('count', 1500)).toBe('1,500');
    expect(formatTick('count', 250_000)).toBe('250K');
  });

  it('writes the figure under the pointer to the cent', () => {
    expect(formatChartValue('money', 1250)).toBe('$1,250.00');
    expect(formatChartValue('money', 1200.5)).toBe('$1,200.50');
    expect(formatChartValue('count', 1234)).toBe('1,234');
  });
});
