import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('formats API money strings as en-US dollars with two decimals', () => {
    expect(formatMoney('127.80')).toBe('$127.80');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
  });
});
