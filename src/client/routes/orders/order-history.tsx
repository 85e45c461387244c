import { useQuery } from '@tanstack/react-query';
import { PackageOpen, ShoppingBag } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ORDERS_PAGE_SIZE } from '../../../shared/schemas/orders';
import { pluralize } from '../../lib/format';
import { OrderCard } from '../../features/orders/order-card';
import { orderListQueryOptions, parsePageParam } from '../../features/orders/orders-queries';
import { OrdersPagination } from '../../features/orders/orders-pagination';
import { useCurrentUser, useMayPlaceOrders } from '../../lib/session';
import { SelectField } from '../../components/ui/select-field';
import { useReorderClick } from '../../features/orders/reorder-click';
import { OrderHistoryRow } from './order-history-row';

/** /orders (docs/storefront.md#order-history): the customer's orders, 5 a page, the page kept in ?page=. */
export function OrderHistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const locations = useCurrentUser().data?.locations ?? [];
  // ?location= narrows the list to one location, one the reader orders for (else ignored).
  const location =
    locations.find((candidate) => String(candidate.id) === searchParams.get('location'))?.id ?? null;
  const orders = useQuery(orderListQueryOptions(page, location));
  const { startReorder, dialog: reorderDialog } = useReorderClick();
  const mayOrder = useMayPlaceOrders();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const goToPage = (next: number) => setSearchParams((current) => withPage(current, next));

  // An old link past the last page (there were more orders then) lands on the last page, not an empty one.
  const lastPage = orders.data && !orders.isPlaceholderData ? orders.data.totalPages : null;
  useEffect(() => {
    if (lastPage !== null && lastPage > 0 && page > lastPage) {
      setSearchParams((current) => withPage(current, lastPage), { replace: true });
    }
  }, [lastPage, page, setSearchParams]);

  const toggle = (orderId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(orderId)) next.add(orderId);
      return next;
    });

  // The rows are the page's biggest render: deferred, React draws them as a transition, in slices, so the
  // answer's arrival never holds the main thread for long (the loading state, or the last page, stays until then).
  const shown = useDeferredValue(orders.data);

  let content;
  if (shown) {
    const { orders: list, total, totalPages } = shown;
    content =
      total === 0 && location !== null ? (
        <p className="py-10 text-center text-muted-foreground">No orders for this location yet.</p>
      ) : total === 0 ? (
        <EmptyOrders />
      ) : (
        <div className="space-y-6">
          <ul aria-label="Orders" aria-busy={orders.isPlaceholderData} className="space-y-3">
            {list.map((order) => (
              <OrderHistoryRow
                key={order.id}
                order={order}
                expanded={expanded.has(order.id)}
                onToggle={() => toggle(order.id)}
                onReorder={mayOrder ? startReorder : undefined}
                mayConfirm={mayOrder}
              />
            ))}
          </ul>
          <OrdersPagination page={page} totalPages={totalPages} onPageChange={goToPage} />
        </div>
      );
  } else if (orders.isError) {
    content = <OrdersError onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  } else {
    content = <OrdersLoading />;
  }

  return (
    <div className="space-y-6">
      <PageTitle>Order History</PageTitle>
      {reorderDialog}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-3xl font-semibold tracking-tight">Order History</h1>
        <Button asChild variant="outline">
          <Link to="/">
            <ShoppingBag aria-hidden="true" />
            Continue Shopping
          </Link>
        </Button>
      </div>
      <OrderCard
        title="Your Orders"
        aside={
          <div className="flex flex-wrap items-center gap-3">
            {locations.length > 1 ? (
              <SelectField
                label="Location"
                hideLabel
                value={location === null ? '' : String(location)}
                options={[
                  { value: '', label: 'All locations' },
                  ...locations.map((option) => ({ value: String(option.id), label: option.name })),
                ]}
                onChange={(event) =>
                  setSearchParams((current) => withLocation(current, event.target.value || null))
                }
              />
            ) : null}
            {orders.data && orders.data.total > 0 ? (
              <span className="text-sm text-muted-foreground">
                {pluralize(orders.data.total, 'order', 'orders')}
              </span>
            ) : null}
          </div>
        }
      >
        {content}
      </OrderCard>
    </div>
  );
}

/** Another location (null: all) starts again at page 1. */
function withLocation(params: URLSearchParams, location: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (location === null) next.delete('location');
  else next.set('location', location);
  return next;
}

function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next;
}

function EmptyOrders() {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <PackageOpen aria-hidden="true" className="size-10 text-primary" />
      <p className="font-medium">You haven't placed any orders yet</p>
      <Button asChild>
        <Link to="/">Browse Products</Link>
      </Button>
    </div>
  );
}

/** The list while it loads, in the rows' own layout (a full page of them), so nothing shifts after. */
function OrdersLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading your orders…</span>
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: ORDERS_PAGE_SIZE }, (_, index) => (
          <li key={index} className="rounded-xl border border-border">
            <div className="flex items-start gap-2 p-4 md:items-center">
              <div className="flex min-w-0 flex-1 flex-col gap-3 md:flex-row md:items-center">
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex h-6 items-center gap-2">
                    <Skeleton className="h-4 w-24" />
                    <Skeleton className="h-5 w-16 rounded-full" />
                  </div>
                  <div className="flex h-5 items-center">
                    <Skeleton className="h-3 w-3/5" />
                  </div>
                </div>
                <div className="flex items-center gap-2">
                  <Skeleton className="h-9 w-26" />
                  <Skeleton className="h-9 w-32" />
                </div>
              </div>
              <Skeleton className="-mt-2 -mr-2 size-10 shrink-0 md:m-0" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OrdersError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <LoadError onRetry={onRetry} retrying={retrying}>
      <p className="font-semibold">Your orders could not be loaded. Please try again.</p>
    </LoadError>
  );
}
