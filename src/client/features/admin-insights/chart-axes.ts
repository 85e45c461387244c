import { formatCents } from '../../../shared/money';
import type { ChartSeriesKind } from './insights-figures';

/*
 * How a chart's value axes count and read (docs/admin.md#insights): orders are whole things, so a count axis
 * steps by 1, 2, 5, 10, 20, 50… and never shows 0.5 of an order; money steps by whole dollars and every tick
 * is the exact amount at that line ($1,250, not $1.3K), compact only from $100,000 and still exact ($125K).
 * The figure under the pointer is exact to the cent (formatChartValue).
 */

/** 1, 2, 5 × 10^0…10^9: the steps uPlot may choose between ticks; all whole numbers. */
export const WHOLE_STEPS: readonly number[] = Array.from({ length: 10 }, (_, exponent) =>
  [1, 2, 5].map((step) => step * 10 ** exponent),
).flat();

const COMPACT_FROM = 100_000;
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compactDollars = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  style: 'currency',
  currency: 'USD',
  // Ticks are multiples of a 1-2-5 step, so three digits always say them exactly ($125K, $2.5M).
  maximumSignificantDigits: 3,
});
const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/** The label of a tick at `value` on an axis of `kind`. */
export function formatTick(kind: ChartSeriesKind, value: number): string {
  const big = Math.abs(value) >= COMPACT_FROM;
  if (kind === 'money') return big ? compactDollars.format(value) : `$${wholeNumber.format(value)}`;
  return big ? compactCount.format(value) : wholeNumber.format(value);
}

/** The exact figure of a point, as the readout above the chart writes it: $1,250.50, 1,234. */
export function formatChartValue(kind: ChartSeriesKind, value: number): string {
  return kind === 'money' ? formatCents(Math.round(value * 100)) : value.toLocaleString('en-US');
}
