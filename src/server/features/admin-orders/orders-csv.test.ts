import { describe, expect, it } from 'vitest';
import { formatCsvDate } from './orders-csv';

describe('the orders export', () => {
  it("formats dates as 'yyyy-MM-dd HH:mm' in UTC", () => {
    expect(formatCsvDate(new Date('2031-03-04T05:07:59.999Z'))).toBe('2031-03-04 05:07');
  });
});
