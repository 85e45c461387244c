import { describe, expect, it } from 'vitest';
import { DETAIL_DATE_FORMAT, formatOrderDate, HISTORY_DATE_FORMAT } from './format';
import { parsePageParam } from './orders-queries';

describe('order formatting', () => {
  it("formats dates as 'MMM d, yyyy' in the history and 'MMM d, yyyy h:mm a' on the detail (spec 000 §9)", () => {
    // Local time, as the buyer reads it.
    const local = new Date(2031, 2, 4, 15, 5).toISOString();
    expect(formatOrderDate(local, HISTORY_DATE_FORMAT)).toBe('Mar 4, 2031');
    expect(formatOrderDate(local, DETAIL_DATE_FORMAT)).toBe('Mar 4, 2031 3:05 PM');
  });

  it('shows a dash for a missing or unreadable date instead of breaking the page', () => {
    expect(formatOrderDate(null, HISTORY_DATE_FORMAT)).toBe('—');
    expect(formatOrderDate('soon', HISTORY_DATE_FORMAT)).toBe('—');
  });
});

describe('route parameters', () => {
  it('reads ?page= as a page from 1 on, else page 1', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-2')).toBe(1);
    expect(parsePageParam('two')).toBe(1);
  });
});
