import { describe, expect, it } from 'vitest';
import { fillWeeks, periodWeeks, startOfUtcWeek, weekName, wholeDaysBetween } from './insights-weeks';

describe('Insights weeks (docs/admin.md#insights)', () => {
  it.each([
    ['2031-03-03T00:00:00.000Z', '2031-03-03'], // Monday midnight starts its own week
    ['2031-03-05T13:45:00.000Z', '2031-03-03'], // Wednesday
    ['2031-03-09T23:59:59.999Z', '2031-03-03'], // Sunday's last moment
    ['2031-03-10T00:00:00.000Z', '2031-03-10'], // the next Monday
    ['2031-01-01T08:00:00.000Z', '2030-12-30'], // a week across the new year
  ])('%s falls in the week of Monday %s (UTC)', (moment, monday) => {
    expect(weekName(startOfUtcWeek(new Date(moment)))).toBe(monday);
  });

  it('names the 12 weeks of the period, oldest first, ending with the current one', () => {
    const weeks = periodWeeks(new Date('2031-03-05T13:45:00Z')).map(weekName);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2030-12-16');
    expect(weeks[11]).toBe('2031-03-03');
    expect(new Set(weeks.map((week) => new Date(week).getUTCDay()))).toEqual(new Set([1]));
  });

  it('keeps weeks apart across a change to summer time (UTC has none)', () => {
    // The United States moved their clocks on 2031-03-09; the weeks stay exactly 7 days apart.
    expect(periodWeeks(new Date('2031-03-12T12:00:00Z'), 2).map(weekName)).toEqual([
      '2031-03-03',
      '2031-03-10',
    ]);
  });

  it('fills the weeks without orders with zeros and drops rows outside the period', () => {
    const weeks = periodWeeks(new Date('2031-03-05T13:45:00Z'), 3);
    const filled = fillWeeks(
      weeks,
      [
        { week: '2031-02-24', orders: 2, revenueCents: 1500 },
        { week: '2031-01-06', orders: 9, revenueCents: 9900 },
      ],
      { orders: 0, revenueCents: 0 },
    );
    expect(filled).toEqual([
      { week: '2031-02-17', orders: 0, revenueCents: 0 },
      { week: '2031-02-24', orders: 2, revenueCents: 1500 },
      { week: '2031-03-03', orders: 0, revenueCents: 0 },
    ]);
  });

  it('counts whole days, never below zero', () => {
    const due = new Date('2031-03-01T12:00:00Z');
    expect(wholeDaysBetween(due, new Date('2031-03-01T23:59:00Z'))).toBe(0);
    expect(wholeDaysBetween(due, new Date('2031-03-02T12:00:00Z'))).toBe(1);
    expect(wholeDaysBetween(due, new Date('2031-03-11T11:59:00Z'))).toBe(9);
    expect(wholeDaysBetween(due, new Date('2031-02-27T12:00:00Z'))).toBe(0);
  });
});
