import { format, parseISO } from 'date-fns';
import { buildCsv, type CsvValue } from '../../../shared/csv';
import { parseDecimalToCents } from '../../../shared/money';
import {
  INSIGHTS_WEEKS,
  TOP_CUSTOMERS_COUNT,
  type InsightsResponse,
} from '../../../shared/schemas/admin-insights';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { pluralize } from '../../lib/format';

/*
 * Each figure of Insights (docs/admin.md#insights) as one table: what its chart draws, what its table
 * alternative shows and what its CSV holds all come from here, so the three cannot disagree. Pure.
 */

export interface FigureCell {
  /** As the table shows it. */
  text: string;
  /** As the CSV holds it: ISO days, plain decimals, no currency sign or thousands separator. */
  csv: CsvValue;
}

export interface FigureTable {
  /** The panel's heading, and the name of its table and CSV. */
  title: string;
  /** The table's caption: the title with its period. */
  caption: string;
  /** e.g. 'insights-orders-per-week-2031-03-05.csv' (the day the figures were taken, UTC). */
  fileName: string;
  columns: ReadonlyArray<{ label: string; numeric?: boolean }>;
  rows: FigureCell[][];
}

export type ChartSeriesKind = 'count' | 'money';

export interface ChartSeries {
  label: string;
  values: number[];
  kind: ChartSeriesKind;
  /** Bars on the left axis, or a line on an axis of its own on the right. */
  style: 'bars' | 'line';
}

export interface ChartSpec {
  /** What the chart shows, for its text alternative (role="img"). */
  description: string;
  /** The categories along the bottom. */
  labels: string[];
  series: ChartSeries[];
}

export interface Figure {
  table: FigureTable;
  chart?: ChartSpec;
}

const PERIOD = `last ${INSIGHTS_WEEKS} weeks`;

const count = (value: number): FigureCell => ({ text: value.toLocaleString('en-US'), csv: value });
const money = (decimal: string): FigureCell => ({ text: formatMoney(decimal), csv: decimal });
const text = (value: string): FigureCell => ({ text: value, csv: value });
/** A day of the API ('yyyy-MM-dd', UTC) as itself: no time zone may move it to the day before. */
const day = (isoDay: string, pattern = DATE_FORMAT): FigureCell => ({
  text: format(parseISO(isoDay), pattern),
  csv: isoDay,
});
/** A moment, as a day in the reader's time zone; the CSV keeps the moment (UTC). */
const moment = (iso: string): FigureCell => ({ text: formatDate(iso, DATE_FORMAT), csv: iso });

const dollars = (decimal: string) => parseDecimalToCents(decimal) / 100;

function fileName(name: string, data: InsightsResponse): string {
  return `insights-${name}-${data.generatedAt.slice(0, 10)}.csv`;
}

export function weeklyFigure(data: InsightsResponse): Figure {
  const title = 'Orders and revenue per week';
  return {
    table: {
      title,
      caption: `${title}, ${PERIOD} (weeks start on Monday, UTC)`,
      fileName: fileName('orders-per-week', data),
      columns: [
        { label: 'Week starting' },
        { label: 'Orders', numeric: true },
        { label: 'Revenue', numeric: true },
      ],
      rows: data.weeks.map((week) => [day(week.weekStart), count(week.orders), money(week.revenue)]),
    },
    chart: {
      description: `${title}, ${PERIOD}: revenue as bars, orders as a line.`,
      labels: data.weeks.map((week) => format(parseISO(week.weekStart), 'MMM d')),
      series: [
        {
          label: 'Revenue',
          values: data.weeks.map((week) => dollars(week.revenue)),
          kind: 'money',
          style: 'bars',
        },
        { label: 'Orders', values: data.weeks.map((week) => week.orders), kind: 'count', style: 'line' },
      ],
    },
  };
}

export function tierFigure(data: InsightsResponse): Figure {
  const title = 'Orders per volume tier';
  return {
    table: {
      title,
      caption: `${title}, ${PERIOD}`,
      fileName: fileName('orders-per-tier', data),
      columns: [
        { label: 'Tier' },
        { label: 'From cases', numeric: true },
        { label: 'Orders', numeric: true },
        { label: 'Revenue', numeric: true },
      ],
      rows: data.tiers.map((tier) => [
        text(tier.name),
        tier.minimumCases === null ? { text: '—', csv: '' } : count(tier.minimumCases),
        count(tier.orders),
        money(tier.revenue),
      ]),
    },
    chart: {
      description: `${title}, ${PERIOD}, as bars.`,
      labels: data.tiers.map((tier) => tier.name),
      series: [
        { label: 'Orders', values: data.tiers.map((tier) => tier.orders), kind: 'count', style: 'bars' },
      ],
    },
  };
}

const PIPELINE_STAGES = ['pending', 'onHold', 'processing', 'shipped', 'delivered'] as const;
type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** A stage in the status's own words: 'On hold' for the held orders (docs/credit.md). */
const stageLabel = (stage: PipelineStage) => ORDER_STATUS_LABELS[stage === 'onHold' ? 'on_hold' : stage];

export function pipelineFigure(data: InsightsResponse): Figure {
  const title = 'Order pipeline';
  const label = (stage: PipelineStage) =>
    stage === 'delivered' ? `${ORDER_STATUS_LABELS.delivered} (${PERIOD})` : stageLabel(stage);
  return {
    table: {
      title,
      caption: `${title}: open orders of any age, delivered orders of the ${PERIOD}`,
      fileName: fileName('order-pipeline', data),
      columns: [{ label: 'Status' }, { label: 'Orders', numeric: true }],
      rows: PIPELINE_STAGES.map((stage) => [text(label(stage)), count(data.pipeline[stage])]),
    },
    chart: {
      description: `${title}: orders in each status, as bars.`,
      labels: PIPELINE_STAGES.map(stageLabel),
      series: [
        {
          label: 'Orders',
          values: PIPELINE_STAGES.map((stage) => data.pipeline[stage]),
          kind: 'count',
          style: 'bars',
        },
      ],
    },
  };
}

export function topCustomersFigure(data: InsightsResponse): Figure {
  const title = `Top ${TOP_CUSTOMERS_COUNT} customers`;
  return {
    table: {
      title,
      caption: `${title} by revenue, ${PERIOD}`,
      fileName: fileName('top-customers', data),
      columns: [
        { label: 'Business' },
        { label: 'Customer' },
        { label: 'Orders', numeric: true },
        { label: 'Revenue', numeric: true },
        { label: 'Last order' },
      ],
      rows: data.topCustomers.map((customer) => [
        text(customer.businessName),
        text(customer.customerName),
        count(customer.orders),
        money(customer.revenue),
        moment(customer.lastOrderAt),
      ]),
    },
  };
}

export function overdueFigure(data: InsightsResponse): Figure {
  const title = 'Overdue payments';
  return {
    table: {
      title,
      caption: `${title}, longest overdue first`,
      fileName: fileName('overdue-payments', data),
      columns: [
        { label: 'Order' },
        { label: 'Business' },
        { label: 'Amount', numeric: true },
        { label: 'Due date' },
        { label: 'Days overdue', numeric: true },
      ],
      rows: data.overdue.orders.map((order) => [
        text(order.orderNumber),
        text(order.businessName),
        money(order.amount),
        moment(order.dueAt),
        count(order.daysOverdue),
      ]),
    },
  };
}

/** The figure's CSV file (RFC 4180, formulas neutralised: shared/csv.ts). */
export function figureCsv(table: FigureTable): string {
  return buildCsv(
    table.columns.map((column) => column.label),
    table.rows.map((row) => row.map((cell) => cell.csv)),
  );
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long something has waited, from `fromIso` to `toIso`: minutes within the first hour, hours within the
 * first two days (a registration is promised a review within 48: docs/accounts-and-roles.md#registration),
 * then days.
 */
export function formatAge(fromIso: string, toIso: string): string {
  const ms = Math.max(0, new Date(toIso).getTime() - new Date(fromIso).getTime());
  if (ms < MINUTE_MS) return 'less than a minute';
  if (ms < HOUR_MS) return pluralize(Math.floor(ms / MINUTE_MS), 'minute');
  if (ms < 2 * DAY_MS) return pluralize(Math.floor(ms / HOUR_MS), 'hour');
  return pluralize(Math.floor(ms / DAY_MS), 'day');
}

/** A registration is reviewed within 48 hours (docs/accounts-and-roles.md#registration). */
export const REGISTRATION_REVIEW_HOURS = 48;

export function isPastReviewTime(createdAtIso: string, nowIso: string): boolean {
  return new Date(nowIso).getTime() - new Date(createdAtIso).getTime() > REGISTRATION_REVIEW_HOURS * HOUR_MS;
}
