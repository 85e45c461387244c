import { centsToDecimal } from '../../../shared/money';
import { formatOrderNumber, knownOrderStatus } from '../../../shared/orders';
import {
  OVERDUE_LIST_LIMIT,
  TOP_CUSTOMERS_COUNT,
  type InsightsPipeline,
  type InsightsResponse,
  type InsightsTier,
} from '../../../shared/schemas/admin-insights';
import type { AdminDeps } from '../admin';
import { readCreditExposure } from '../orders';
import {
  countOrdersPerTier,
  countOrdersPerWeek,
  countPipeline,
  findLastOrderAt,
  findOldestPendingOrder,
  findOldestPendingRegistration,
  findOverdueOrders,
  findTiers,
  findTopCustomers,
} from './admin-insights.repository';
import { fillWeeks, periodWeeks, weekName, wholeDaysBetween } from './insights-weeks';

/** The names of the tier rows that are not a tier today (docs/admin.md#insights). */
export const NO_TIER = 'No tier';
export const DELETED_TIER = 'Deleted tier';

/**
 * Every tier of today with the period's orders at it (zero included), then 'No tier' (orders below the
 * first tier: the tester alone) and 'Deleted tier' (orders at a tier since deleted), each only when it has
 * orders.
 */
export function tierRows(
  tiers: ReadonlyArray<{ id: number; name: string; minimumCases: number }>,
  counts: ReadonlyArray<{ tierId: number | null; orders: number; revenueCents: number }>,
): InsightsTier[] {
  const byTier = new Map(counts.map((row) => [row.tierId, row]));
  const known = new Set(tiers.map((tier) => tier.id));
  const others = (name: string, rows: typeof counts): InsightsTier[] => {
    const orders = rows.reduce((sum, row) => sum + row.orders, 0);
    const revenueCents = rows.reduce((sum, row) => sum + row.revenueCents, 0);
    return orders === 0
      ? []
      : [{ tierId: null, name, minimumCases: null, orders, revenue: centsToDecimal(revenueCents) }];
  };
  return [
    ...tiers.map((tier) => {
      const row = byTier.get(tier.id);
      return {
        tierId: tier.id,
        name: tier.name,
        minimumCases: tier.minimumCases,
        orders: row?.orders ?? 0,
        revenue: centsToDecimal(row?.revenueCents ?? 0),
      };
    }),
    ...others(
      NO_TIER,
      counts.filter((row) => row.tierId === null),
    ),
    ...others(
      DELETED_TIER,
      counts.filter((row) => row.tierId !== null && !known.has(row.tierId)),
    ),
  ];
}

/** Stored statuses summed into the pipeline's four (legacy values read as the status they mean). */
export function pipelineOf(rows: ReadonlyArray<{ status: string; orders: number }>): InsightsPipeline {
  const pipeline: InsightsPipeline = { pending: 0, onHold: 0, processing: 0, shipped: 0, delivered: 0 };
  for (const row of rows) {
    const status = knownOrderStatus(row.status);
    // A prepared order still awaiting its buyer is not in the pipeline until confirmed.
    if (!status || status === 'cancelled' || status === 'awaiting_confirmation') continue;
    pipeline[status === 'on_hold' ? 'onHold' : status] += row.orders;
  }
  return pipeline;
}

/**
 * The Insights figures (docs/admin.md#insights, ADR 0033): one read-only transaction at REPEATABLE READ, so
 * every figure comes from the same snapshot and agrees with the others, taken at one `now`. On PGlite (one
 * connection, ADR 0020) the statements run one after another whatever the transaction; on PostgreSQL they
 * hold one pooled connection, not one each, so staff looking at Insights never starve the customers' orders.
 */
export function createAdminInsightsService({ db }: Pick<AdminDeps, 'db'>) {
  return {
    async read(now = new Date()): Promise<InsightsResponse> {
      const weeks = periodWeeks(now);
      const since = weeks[0] ?? now;
      const figures = await db.transaction(
        async (tx) => ({
          lastOrderAt: await findLastOrderAt(tx),
          perWeek: await countOrdersPerWeek(tx, since),
          perTier: await countOrdersPerTier(tx, since),
          tiers: await findTiers(tx),
          pipeline: await countPipeline(tx, since),
          oldestOrder: await findOldestPendingOrder(tx),
          oldestRegistration: await findOldestPendingRegistration(tx),
          topCustomers: await findTopCustomers(tx, since, TOP_CUSTOMERS_COUNT),
          overdue: await findOverdueOrders(tx, now, OVERDUE_LIST_LIMIT),
          credit: await readCreditExposure(tx),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const week = fillWeeks(weeks, figures.perWeek, { orders: 0, revenueCents: 0 });
      const orders = week.reduce((sum, row) => sum + row.orders, 0);
      const revenueCents = week.reduce((sum, row) => sum + row.revenueCents, 0);
      const { oldestOrder, oldestRegistration } = figures;
      return {
        generatedAt: now.toISOString(),
        periodStart: weekName(since),
        lastOrderAt: figures.lastOrderAt,
        weeks: week.map((row) => ({
          weekStart: row.week,
          orders: row.orders,
          revenue: centsToDecimal(row.revenueCents),
        })),
        totals: {
          orders,
          revenue: centsToDecimal(revenueCents),
          averageOrderValue: orders === 0 ? null : centsToDecimal(Math.round(revenueCents / orders)),
        },
        tiers: tierRows(figures.tiers, figures.perTier),
        pipeline: pipelineOf(figures.pipeline),
        oldestPendingOrder: oldestOrder && {
          id: oldestOrder.id,
          orderNumber: formatOrderNumber(oldestOrder.id),
          businessName: oldestOrder.businessName,
          createdAt: oldestOrder.createdAt,
        },
        oldestPendingRegistration: oldestRegistration && {
          userId: oldestRegistration.userId,
          name: oldestRegistration.name || oldestRegistration.email,
          businessName: oldestRegistration.businessName ?? '',
          createdAt: oldestRegistration.createdAt,
        },
        topCustomers: figures.topCustomers.map((customer) => ({
          userId: customer.userId,
          businessName: customer.businessName ?? '',
          customerName: customer.customerName,
          orders: customer.orders,
          revenue: centsToDecimal(customer.revenueCents),
          lastOrderAt: customer.lastOrderAt,
        })),
        overdue: {
          count: figures.overdue[0]?.count ?? 0,
          total: centsToDecimal(figures.overdue[0]?.totalCents ?? 0),
          orders: figures.overdue.map((order) => ({
            id: order.id,
            orderNumber: formatOrderNumber(order.id),
            businessName: order.businessName,
            amount: centsToDecimal(order.amountCents),
            dueAt: order.dueAt,
            daysOverdue: wholeDaysBetween(new Date(order.dueAt), now),
          })),
        },
        credit: figures.credit,
      };
    },
  };
}
