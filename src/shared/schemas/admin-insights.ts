import { z } from 'zod';
import { creditExposureSchema } from './credit';

/**
 * The contract of GET /api/admin/insights, the figures of the admin Insights section
 * (docs/admin.md#insights): one read-only answer, every figure as of `generatedAt`. Money leaves the server as
 * decimal strings with two decimals ("127.80"), times as ISO strings in UTC.
 */

/** The period of the flow figures: the current week (Monday 00:00 UTC on) and the 11 before it. */
export const INSIGHTS_WEEKS = 12;
export const TOP_CUSTOMERS_COUNT = 10;
/** The overdue list shows at most this many, the longest overdue first; the count and total cover all. */
export const OVERDUE_LIST_LIMIT = 25;

const money = z.string();
const count = z.number().int().min(0);

export const insightsWeekSchema = z.object({
  /** The Monday the week starts on, 'yyyy-MM-dd' (UTC). */
  weekStart: z.string(),
  orders: count,
  revenue: money,
});

export const insightsTierSchema = z.object({
  /** The tier's id; null for the orders that reached no tier ('No tier') or whose tier was deleted. */
  tierId: z.number().int().nullable(),
  name: z.string(),
  /** The tier's minimum cases today; null for the two rows that are not a tier. */
  minimumCases: z.number().int().nullable(),
  orders: count,
  revenue: money,
});
export type InsightsTier = z.infer<typeof insightsTierSchema>;

export const insightsPipelineSchema = z.object({
  pending: count,
  /** Orders on hold (docs/credit.md): waiting for a credit decision. */
  onHold: count,
  processing: count,
  shipped: count,
  /** Delivered orders of the period; the other three count every open order, of any age. */
  delivered: count,
});
export type InsightsPipeline = z.infer<typeof insightsPipelineSchema>;

export const insightsCustomerSchema = z.object({
  userId: z.number().int(),
  businessName: z.string(),
  customerName: z.string(),
  orders: count,
  revenue: money,
  lastOrderAt: z.string(),
});

export const overdueOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  businessName: z.string(),
  amount: money,
  dueAt: z.string(),
  /** Whole days since the due date. */
  daysOverdue: count,
});

export const insightsResponseSchema = z.object({
  /** The moment every figure is taken at: ages and days overdue count to it. */
  generatedAt: z.string(),
  /** The first day of the period ('yyyy-MM-dd', a Monday): the flow figures count orders placed from then. */
  periodStart: z.string(),
  /** When the newest order of all was placed; null when there are no orders at all yet. */
  lastOrderAt: z.string().nullable(),
  /** The period, oldest week first, weeks without orders included. */
  weeks: z.array(insightsWeekSchema),
  /** The period's orders and revenue, and their average (null without orders). */
  totals: z.object({ orders: count, revenue: money, averageOrderValue: money.nullable() }),
  /** The period's orders per volume tier: every tier today, by minimum cases, then 'No tier' and deleted. */
  tiers: z.array(insightsTierSchema),
  pipeline: insightsPipelineSchema,
  oldestPendingOrder: z
    .object({
      id: z.number().int(),
      orderNumber: z.string(),
      businessName: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  oldestPendingRegistration: z
    .object({ userId: z.number().int(), name: z.string(), businessName: z.string(), createdAt: z.string() })
    .nullable(),
  /** The period's customers with the highest revenue, at most TOP_CUSTOMERS_COUNT. */
  topCustomers: z.array(insightsCustomerSchema),
  overdue: z.object({ count, total: money, orders: z.array(overdueOrderSchema) }),
  /** Credit exposure (docs/credit.md#insights): the open balance of all, companies over limit or on hold. */
  credit: creditExposureSchema,
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
