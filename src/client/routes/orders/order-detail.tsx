import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { LoadError } from '../../components/load-error';
import { PageTitle } from '../../components/page-title';
import { PageSpinner } from '../../components/page-spinner';
import { Button } from '../../components/ui/button';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { OrderCard } from '../../features/orders/order-card';
import { OrderItemsTable } from '../../features/orders/order-items-table';
import { OrderStatusBadge } from '../../features/orders/order-status-badge';
import { PaymentStateBadge } from '../../components/payment-terms';
import { orderDetailQueryOptions } from '../../features/orders/orders-queries';
import { parseOrderId } from '../../lib/orders';
import { useMayPlaceOrders } from '../../lib/session';
import { PlacedBy, ShipsTo } from '../../features/orders/placed-by';
import { useReorderClick } from '../../features/orders/reorder-click';
import { CancelOrderButton } from '../../features/orders/cancel-order';
import { EditOrderButton } from '../../features/orders/edit-order-button';
import { OrderChangesCard } from '../../features/orders/order-changes-card';
import { OrderEditBanner } from '../../features/orders/order-edit-banner';
import { OrderHoldNotice } from '../../features/orders/order-hold-notice';
import { PreparedOrderPanel } from '../../features/orders/prepared-order-panel';
import { ApiError } from '../../lib/api';
import type { OrderDetail, OrderItemView } from '../../../shared/schemas/orders';
import { CustomerInformationCard, OrderStatusCard, OrderSummaryCard } from './order-detail-cards';

/** /orders/{id} (docs/storefront.md#order-detail). */
export function OrderDetailPage() {
  const orderId = parseOrderId(useParams().id);
  if (orderId === null) return <OrderNotFound />;
  // Keyed, so moving from one order to another starts from a clean state.
  return <OrderDetailView key={orderId} orderId={orderId} />;
}

function OrderDetailView({ orderId }: { orderId: number }) {
  const detail = useQuery(orderDetailQueryOptions(orderId));
  const { startReorder, dialog: reorderDialog } = useReorderClick();
  const mayOrder = useMayPlaceOrders();
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  useLoadErrorToast(detail.isError && !notFound ? detail.errorUpdatedAt : null);

  if (notFound) return <OrderNotFound />;
  if (!detail.data) {
    if (detail.isError) {
      return <OrderLoadError onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
    }
    return <PageSpinner label="Loading order details…" />;
  }

  const { order, items, orderTotal } = detail.data;
  return (
    <div className="space-y-6">
      <PageTitle>{`Order ${order.orderNumber}`}</PageTitle>
      {reorderDialog}
      <BackToAccount />
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">Order {order.orderNumber}</h1>
          <OrderStatusBadge status={order.status} />
          <PaymentStateBadge order={order} />
        </div>
        <p className="flex flex-wrap gap-x-4 text-muted-foreground">
          <span>Placed on {formatDate(order.createdAt, DATE_TIME_FORMAT)}</span>
          <PlacedBy placedBy={order.placedBy} />
          <ShipsTo location={order.location} />
          {order.poNumber ? <span className="wrap-anywhere">PO number: {order.poNumber}</span> : null}
        </p>
      </header>
      <OrderEditBanner continueLink />
      {/* On hold: why, and that the team will be in touch (docs/storefront.md#order-on-hold). */}
      <OrderHoldNotice order={order} />
      {/* Staff prepared it: their note and, while it waits for the buyer, Confirm and Decline. */}
      <PreparedOrderPanel order={order} orderTotal={orderTotal} mayChange={mayOrder} />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
        <div className="min-w-0 space-y-6">
          <OrderStatusCard order={order} />
          <OrderChangesCard changes={order.changes} />
          <OrderCard title="Order Items">
            <OrderItemsTable
              items={items}
              label={`Items of order ${order.orderNumber}`}
              className="max-h-60"
            />
          </OrderCard>
        </div>
        <div className="min-w-0 space-y-6">
          <OrderSummaryCard
            order={order}
            items={items}
            orderTotal={orderTotal}
            onReorder={mayOrder ? () => startReorder(order.id) : undefined}
            pendingActions={buyerActions(order, items, mayOrder)}
          />
          <CustomerInformationCard order={order} />
        </div>
      </div>
    </div>
  );
}

/**
 * What an owner or buyer may do with an order waiting for staff: a pending one may be edited or cancelled,
 * one on hold only cancelled (docs/credit.md#on-hold); null otherwise (Report Issue instead).
 */
function buyerActions(order: OrderDetail, items: readonly OrderItemView[], mayOrder: boolean): ReactNode {
  if (!mayOrder) return null;
  if (order.status === 'on_hold') return <CancelOrderButton order={order} />;
  if (order.status !== 'pending') return null;
  return (
    <>
      <EditOrderButton order={order} items={items} />
      <CancelOrderButton order={order} />
    </>
  );
}

/**
 * The toast 'Error' once per failed load, not again for the same failure on a re-render
 * (docs/storefront.md#order-detail).
 */
function useLoadErrorToast(failedAt: number | null) {
  const toasted = useRef<number | null>(null);
  useEffect(() => {
    if (failedAt === null || toasted.current === failedAt) return;
    toasted.current = failedAt;
    toast.error('Error', { description: 'Could not load order details. Please try again.' });
  }, [failedAt]);
}

function BackToAccount() {
  return (
    <Button asChild variant="ghost" className="-ml-2">
      <Link to="/account">
        <ArrowLeft aria-hidden="true" />
        Back to My Account
      </Link>
    </Button>
  );
}

function OrderNotFound() {
  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm">
      <PageTitle>Order Not Found</PageTitle>
      <SearchX aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h1 className="mt-4 text-2xl font-semibold">Order Not Found</h1>
      <p className="mt-2 text-muted-foreground">
        The order you're looking for doesn't exist or you don't have permission to view it
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/account">
          <ArrowLeft aria-hidden="true" />
          Back to My Account
        </Link>
      </Button>
    </section>
  );
}

function OrderLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="space-y-6">
      <PageTitle>Order Details</PageTitle>
      <BackToAccount />
      <LoadError onRetry={onRetry} retrying={retrying}>
        <h1 className="text-xl font-semibold">Error</h1>
        <p>Failed to load order details. Please try again.</p>
      </LoadError>
    </div>
  );
}
