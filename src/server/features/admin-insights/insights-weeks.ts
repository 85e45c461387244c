import { INSIGHTS_WEEKS } from '../../../shared/schemas/admin-insights';

/*
 * The weeks of Insights (docs/admin.md#insights): weeks start on Monday at 00:00 UTC, as PostgreSQL's
 * date_trunc('week', …) of a UTC time does; the period is the current week, still running, and the ones
 * before it. Weeks are named by their Monday, 'yyyy-MM-dd'.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week `moment` falls in. */
export function startOfUtcWeek(moment: Date): Date {
  const midnight = Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: Sunday 6, Monday 0.
  const sinceMonday = (moment.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

export function weekName(weekStart: Date): string {
  return weekStart.toISOString().slice(0, 10);
}

/** The period's weeks as of `now`, oldest first: `weeks` Mondays ending with the current week's. */
export function periodWeeks(now: Date, weeks = INSIGHTS_WEEKS): Date[] {
  const current = startOfUtcWeek(now).getTime();
  return Array.from({ length: weeks }, (_, index) => new Date(current - (weeks - 1 - index) * WEEK_MS));
}

/**
 * Every week of the period with its figures, a week the database has no row for (no orders) at zero. Rows of
 * weeks outside the period are left out.
 */
export function fillWeeks<Figures extends object>(
  weeks: readonly Date[],
  rows: ReadonlyArray<{ week: string } & Figures>,
  empty: Figures,
): Array<{ week: string } & Figures> {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeks.map((start) => {
    const week = weekName(start);
    return byWeek.get(week) ?? { ...empty, week };
  });
}

/** Whole days from `from` to `to` (0 within the first day, never negative). */
export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
}
