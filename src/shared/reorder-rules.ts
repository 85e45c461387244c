import { knownOrderStatus } from './orders';
import type { OrderStatus } from './schemas/orders';
import type { REORDER_INTERVAL_SOURCES } from './schemas/reorder-reminders';

/*
 * The reorder reminder's rule, one home (docs/reorder-reminders.md#the-rule): how often a company orders,
 * the margin after it, and when its reminder is due. The scheduled job, admin's 'Due this week' and the
 * company page all read `reorderScheduleOf`, so they never disagree.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Placed orders a company needs before its interval is learned. */
export const REORDER_MIN_ORDERS = 3;
/** The company's most recent placed orders the interval is learned from (so 9 gaps at most). */
export const REORDER_ORDERS_READ = 10;
/** The margin after the interval: 15 % of it, and never less than 2 days. */
export const REORDER_MARGIN_SHARE = 0.15;
export const REORDER_MIN_MARGIN_DAYS = 2;
/** Admin's 'Due this week' looks this far ahead (overdue reminders not yet sent included). */
export const REORDER_DUE_SOON_DAYS = 7;

/**
 * Orders that do not count as placed: cancelled ones, and those staff prepared that the buyer has not
 * confirmed (they were never the buyer's order).
 */
export const NOT_PLACED_ORDER_STATUSES = [
  'cancelled',
  'awaiting_confirmation',
] as const satisfies readonly OrderStatus[];

/** Whether a stored status is a placed order (legacy values read as their status). */
export function isPlacedOrder(storedStatus: string): boolean {
  const status = knownOrderStatus(storedStatus);
  return status !== null && !(NOT_PLACED_ORDER_STATUSES as readonly string[]).includes(status);
}

const timeOf = (value: Date | string) => new Date(value).getTime();

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The company's usual interval in whole days (at least 1): the median of the gaps between consecutive placed
 * orders among its last REORDER_ORDERS_READ, so one unusually early or late order does not move it. Null
 * with fewer than REORDER_MIN_ORDERS. `placedAt` are the placed orders' dates, in any order.
 */
export function learnedIntervalDays(placedAt: ReadonlyArray<Date | string>): number | null {
  const times = placedAt
    .map(timeOf)
    .sort((a, b) => a - b)
    .slice(-REORDER_ORDERS_READ);
  if (times.length < REORDER_MIN_ORDERS) return null;
  const gaps = times.slice(1).map((time, index) => (time - times[index]!) / DAY_MS);
  return Math.max(1, Math.round(median(gaps)));
}

/** The margin after an interval, in days (fractional): max(2 days, 15 % of the interval). */
export function reorderMarginDays(intervalDays: number): number {
  return Math.max(REORDER_MIN_MARGIN_DAYS, intervalDays * REORDER_MARGIN_SHARE);
}

/** What the rule reads of a company. */
export interface ReorderFacts {
  /** Staff's switch (companies.reorder_reminders): false, never due. */
  reminders: boolean;
  /** Staff's fixed interval in days (companies.reorder_interval_days); null: learned. */
  fixedIntervalDays: number | null;
  /** The company has an order on hold: no reminder while it has. */
  onHold: boolean;
  /** When its placed orders were placed (isPlacedOrder), any order; only the newest REORDER_ORDERS_READ count. */
  placedAt: ReadonlyArray<Date | string>;
}

export interface ReorderSchedule {
  intervalDays: number;
  intervalSource: (typeof REORDER_INTERVAL_SOURCES)[number];
  /** The learned interval, whatever staff fixed; null with too few orders. */
  learnedIntervalDays: number | null;
  /** The last placed order's date: the cycle's start. */
  lastOrderAt: Date;
  /** last order + interval + margin. */
  dueAt: Date;
}

/**
 * When the company's next reminder is due, or null when none will be: reminders off, on hold, no order, or
 * (without a fixed interval) fewer than three placed orders. A fixed interval needs one order to count from.
 */
export function reorderScheduleOf(facts: ReorderFacts): ReorderSchedule | null {
  if (!facts.reminders || facts.onHold || facts.placedAt.length === 0) return null;
  const learned = learnedIntervalDays(facts.placedAt);
  const intervalDays = facts.fixedIntervalDays ?? learned;
  if (intervalDays === null) return null;
  const lastOrderAt = new Date(Math.max(...facts.placedAt.map(timeOf)));
  const dueAt = new Date(lastOrderAt.getTime() + (intervalDays + reorderMarginDays(intervalDays)) * DAY_MS);
  return {
    intervalDays,
    intervalSource: facts.fixedIntervalDays === null ? 'learned' : 'fixed',
    learnedIntervalDays: learned,
    lastOrderAt,
    dueAt,
  };
}

/** Due at `now`: the reminder of this cycle should go (if it has not). */
export const isReminderDue = (schedule: ReorderSchedule | null, now: Date): schedule is ReorderSchedule =>
  schedule !== null && schedule.dueAt.getTime() <= now.getTime();

/** Due by the end of the next REORDER_DUE_SOON_DAYS (admin's 'Due this week'), overdue included. */
export const isReminderDueSoon = (schedule: ReorderSchedule | null, now: Date): schedule is ReorderSchedule =>
  schedule !== null && schedule.dueAt.getTime() <= now.getTime() + REORDER_DUE_SOON_DAYS * DAY_MS;
