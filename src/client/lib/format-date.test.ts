import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDate } from './format-date';

describe('formatDate', () => {
  it("formats days as 'MMM d, yyyy' and times as 'MMM d, yyyy h:mm a' (docs/storefront.md#timings-and-limits, docs/admin.md#dashboard)", () => {
    // Local time, as the reader sees it.
    const local = new Date(2031, 2, 4, 15, 5).toISOString();
    expect(formatDate(local, DATE_FORMAT)).toBe('Mar 4, 2031');
    expect(formatDate(local, DATE_TIME_FORMAT)).toBe('Mar 4, 2031 3:05 PM');
  });

  it('shows a dash for a missing or unreadable date instead of breaking the page, or what it is told', () => {
    expect(formatDate(null, DATE_FORMAT)).toBe('—');
    expect(formatDate(undefined, DATE_TIME_FORMAT)).toBe('—');
    expect(formatDate('soon', DATE_FORMAT)).toBe('—');
    expect(formatDate('soon', DATE_FORMAT, 'soon')).toBe('soon');
  });
});
