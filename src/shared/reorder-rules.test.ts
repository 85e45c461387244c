import { describe, expect, it } from 'vitest';
import {
  isPlacedOrder,
  isReminderDue,
  isReminderDueSoon,
  learnedIntervalDays,
  reorderMarginDays,
  reorderScheduleOf,
  type ReorderFacts,
} from './reorder-rules';

const DAY_MS = 24 * 60 * 60 * 1000;
const start = new Date('2026-01-05T10:00:00Z');
const day = (n: number) => new Date(start.getTime() + n * DAY_MS);
const facts = (placedAt: Date[], over: Partial<ReorderFacts> = {}): ReorderFacts => ({
  reminders: true,
  fixedIntervalDays: null,
  onHold: false,
  placedAt,
  ...over,
});

describe('learnedIntervalDays', () => {
  it('needs three orders', () => {
    expect(learnedIntervalDays([])).toBeNull();
    expect(learnedIntervalDays([day(0), day(30)])).toBeNull();
    expect(learnedIntervalDays([day(0), day(30), day(60)])).toBe(30);
  });

  it('is the median gap, so one odd order does not move it', () => {
    expect(learnedIntervalDays([day(0), day(20), day(40), day(100)])).toBe(20);
    // Even number of gaps: the mean of the middle two.
    expect(learnedIntervalDays([day(0), day(10), day(30), day(60), day(100)])).toBe(25);
  });

  it('reads the dates in any order and only the last ten', () => {
    const old = [0, 100, 200, 300].map(day);
    const recent = Array.from({ length: 10 }, (_, index) => day(1000 + index * 14));
    expect(learnedIntervalDays([...recent.reverse(), ...old])).toBe(14);
  });

  it('rounds to whole days, at least one', () => {
    expect(learnedIntervalDays([day(0), day(0.2), day(0.4)])).toBe(1);
    expect(learnedIntervalDays([day(0), day(10.6), day(21.2)])).toBe(11);
  });
});

describe('reorderMarginDays', () => {
  it('is 15 % of the interval, at least 2 days', () => {
    expect(reorderMarginDays(7)).toBe(2);
    expect(reorderMarginDays(13)).toBe(2);
    expect(reorderMarginDays(30)).toBeCloseTo(4.5);
    expect(reorderMarginDays(100)).toBeCloseTo(15);
  });
});

describe('reorderScheduleOf', () => {
  it('is due at last order + interval + margin', () => {
    const schedule = reorderScheduleOf(facts([day(0), day(30), day(60)]));
    expect(schedule).toMatchObject({ intervalDays: 30, intervalSource: 'learned', learnedIntervalDays: 30 });
    expect(schedule?.lastOrderAt).toEqual(day(60));
    expect(schedule?.dueAt).toEqual(day(94.5));
    expect(isReminderDue(schedule, day(94.4))).toBe(false);
    expect(isReminderDue(schedule, day(94.5))).toBe(true);
  });

  it('takes staff’s fixed interval instead, from a single order', () => {
    expect(reorderScheduleOf(facts([day(0)], { fixedIntervalDays: 10 }))).toMatchObject({
      intervalDays: 10,
      intervalSource: 'fixed',
      learnedIntervalDays: null,
      dueAt: day(12),
    });
    const fixed = reorderScheduleOf(facts([day(0), day(30), day(60)], { fixedIntervalDays: 20 }));
    expect(fixed).toMatchObject({ intervalDays: 20, learnedIntervalDays: 30, dueAt: day(83) });
  });

  it('is never due when off, on hold, without orders or with too few to learn from', () => {
    const three = [day(0), day(30), day(60)];
    expect(reorderScheduleOf(facts(three, { reminders: false }))).toBeNull();
    expect(reorderScheduleOf(facts(three, { reminders: false, fixedIntervalDays: 5 }))).toBeNull();
    expect(reorderScheduleOf(facts(three, { onHold: true }))).toBeNull();
    expect(reorderScheduleOf(facts([], { fixedIntervalDays: 5 }))).toBeNull();
    expect(reorderScheduleOf(facts([day(0), day(30)]))).toBeNull();
    expect(isReminderDue(null, day(1000))).toBe(false);
  });

  it('counts as due this week what falls within 7 days, overdue included', () => {
    const schedule = reorderScheduleOf(facts([day(0), day(30), day(60)]));
    expect(isReminderDueSoon(schedule, day(87.4))).toBe(false);
    expect(isReminderDueSoon(schedule, day(87.5))).toBe(true);
    expect(isReminderDueSoon(schedule, day(200))).toBe(true);
  });
});

describe('isPlacedOrder', () => {
  it('leaves out cancelled orders and those awaiting the buyer’s confirmation', () => {
    expect(
      ['pending', 'submitted', 'on_hold', 'processing', 'shipped', 'completed'].map(isPlacedOrder),
    ).toEqual([true, true, true, true, true, true]);
    expect(['cancelled', 'awaiting_confirmation', 'nonsense'].map(isPlacedOrder)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
