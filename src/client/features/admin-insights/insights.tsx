import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import {
  INSIGHTS_WEEKS,
  OVERDUE_LIST_LIMIT,
  type InsightsResponse,
} from '../../../shared/schemas/admin-insights';
import { ListState } from '../../components/admin/list-state';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { pluralize } from '../../lib/format';
import { CreditExposure } from './credit-exposure';
import { FigurePanel } from './figure-panel';
import { INSIGHTS_LOAD_FALLBACK, insightsQueryOptions } from './insights-api';
import {
  formatAge,
  isPastReviewTime,
  overdueFigure,
  pipelineFigure,
  tierFigure,
  topCustomersFigure,
  weeklyFigure,
} from './insights-figures';

const PERIOD = `last ${INSIGHTS_WEEKS} weeks`;

/**
 * The Insights figures (docs/admin.md#insights): loading, an error block with Retry, then the figures as of
 * the moment the server took them, with Refresh, and the credit exposure. Without any order yet, only what
 * does not need one.
 */
export function Insights() {
  const query = useQuery(insightsQueryOptions);
  const data = query.data;
  return (
    <ListState
      query={query}
      isEmpty={false}
      loadingText="Loading insights..."
      emptyText=""
      errorPrefix={`${INSIGHTS_LOAD_FALLBACK}: `}
    >
      {data ? (
        <div className="space-y-6" aria-busy={query.isFetching || undefined}>
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <p>
              As of {formatDate(data.generatedAt, DATE_TIME_FORMAT)}; the {PERIOD} start on{' '}
              {formatDate(`${data.periodStart}T00:00:00`, 'MMM d, yyyy')} (weeks start on Monday, UTC).
            </p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <RotateCw aria-hidden="true" />
              Refresh
            </Button>
          </div>
          <InsightsFigures data={data} />
        </div>
      ) : null}
    </ListState>
  );
}

function InsightsFigures({ data }: { data: InsightsResponse }) {
  const figures = useMemo(
    () => ({
      weekly: weeklyFigure(data),
      tiers: tierFigure(data),
      pipeline: pipelineFigure(data),
      top: topCustomersFigure(data),
      overdue: overdueFigure(data),
    }),
    [data],
  );
  const noOrders = data.lastOrderAt === null;
  return (
    <>
      <Stats data={data} />
      {noOrders ? (
        <div className="rounded-lg border border-border bg-card py-10 text-center">
          <p className="font-medium">No orders yet</p>
          <p className="mt-1 text-sm text-muted-foreground">
            The charts appear here once customers place orders.
          </p>
        </div>
      ) : (
        <>
          <FigurePanel figure={figures.weekly} emptyText="" />
          <div className="grid gap-6 lg:grid-cols-2">
            <FigurePanel figure={figures.tiers} emptyText="There are no volume tiers." />
            <FigurePanel figure={figures.pipeline} emptyText="" />
          </div>
          <FigurePanel figure={figures.top} emptyText={`No orders in the ${PERIOD}.`} />
          <FigurePanel figure={figures.overdue} emptyText="No payment is overdue.">
            {data.overdue.count > OVERDUE_LIST_LIMIT ? (
              <p className="text-sm text-muted-foreground">
                The {OVERDUE_LIST_LIMIT} longest overdue of {data.overdue.count.toLocaleString('en-US')}.
              </p>
            ) : null}
          </FigurePanel>
        </>
      )}
      <CreditExposure credit={data.credit} />
    </>
  );
}

function Stats({ data }: { data: InsightsResponse }) {
  const { totals, oldestPendingOrder: order, oldestPendingRegistration: registration, overdue } = data;
  const lateRegistration =
    registration !== null && isPastReviewTime(registration.createdAt, data.generatedAt);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Stat label="Orders" value={totals.orders.toLocaleString('en-US')}>
        {`${PERIOD}, cancelled ones left out`}
      </Stat>
      <Stat label="Revenue" value={formatMoney(totals.revenue)}>
        {`order totals of the ${PERIOD}`}
      </Stat>
      <Stat
        label="Average order value"
        value={totals.averageOrderValue === null ? '—' : formatMoney(totals.averageOrderValue)}
      >
        {totals.averageOrderValue === null ? `no orders in the ${PERIOD}` : 'revenue ÷ orders'}
      </Stat>
      <Stat label="Oldest pending order" value={order ? formatAge(order.createdAt, data.generatedAt) : '—'}>
        {order ? `${order.orderNumber}, ${order.businessName}` : 'No order is waiting for approval.'}
      </Stat>
      <Stat
        label="Oldest pending registration"
        value={registration ? formatAge(registration.createdAt, data.generatedAt) : '—'}
        warn={lateRegistration}
      >
        {registration
          ? `${registration.businessName || registration.name}${lateRegistration ? ': past the 48-hour review' : ''}`
          : 'No registration is waiting for review.'}
      </Stat>
      <Stat label="Overdue payments" value={overdue.count.toLocaleString('en-US')} warn={overdue.count > 0}>
        {overdue.count > 0
          ? `${formatMoney(overdue.total)} in ${pluralize(overdue.count, 'order', 'orders', { grouped: true })}`
          : 'Nothing is overdue.'}
      </Stat>
    </dl>
  );
}

function Stat({
  label,
  value,
  warn = false,
  children,
}: {
  label: string;
  value: string;
  warn?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', warn && 'text-destructive')}>{value}</dd>
      <dd className="mt-1 text-sm text-muted-foreground">{children}</dd>
    </div>
  );
}
