import { describe, expect, it } from 'vitest';
import { pluralize } from './pluralize';

describe('pluralize', () => {
  it('writes the count with its noun, singular for exactly 1', () => {
    expect(pluralize(1, 'case', 'cases')).toBe('1 case');
    expect(pluralize(0, 'case', 'cases')).toBe('0 cases');
    expect(pluralize(3, 'bottle', 'bottles')).toBe('3 bottles');
  });

  it("adds an s when no plural is given, and takes the one given ('custom product prices')", () => {
    expect(pluralize(1, 'day')).toBe('1 day');
    expect(pluralize(2, 'day')).toBe('2 days');
    expect(pluralize(2, 'box', 'boxes')).toBe('2 boxes');
  });

  it('writes thousands with a comma only when grouped (the admin portal)', () => {
    expect(pluralize(1200, 'bottle', 'bottles')).toBe('1200 bottles');
    expect(pluralize(1200, 'bottle', 'bottles', { grouped: true })).toBe('1,200 bottles');
    expect(pluralize(1, 'tester', 'testers', { grouped: true })).toBe('1 tester');
  });
});
