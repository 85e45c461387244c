import { ArrowRight, CircleCheck, Gift, Mail, PackageCheck, TriangleAlert, Truck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import type { OrderDetailResponse } from '../../../shared/schemas/orders';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { ApiError } from '../../lib/api';
import { FreeShippingValue } from '../../components/free-shipping';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { clearCart } from '../../lib/cart/cart-store';
import { parseOrderId } from '../../lib/orders';
import { orderDetailQueryOptions } from '../../features/orders/orders-queries';

/** 'Tester success 0.5 s' before Continue Shopping leaves (docs/storefront.md#timings-and-limits). */
export const CONTINUE_SHOPPING_DELAY_MS = 500;

const CART_NOT_CLEARED_TITLE = 'Your cart could not be cleared';
const CART_NOT_CLEARED_DESCRIPTION =
  'Please remove the tester from your order form before you place a new order.';

/** Orders whose confirmation has already emptied the cart in this tab's session. */
const CLEARED_ORDERS_KEY = 'wholesale-tester-cart-cleared';

function readClearedOrders(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(CLEARED_ORDERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** Clears the cart the first time an order's confirmation shows; false when the cart could not be cleared. */
function clearCartOnceForOrder(orderId: number): boolean {
  if (readClearedOrders().includes(orderId)) return true;
  if (!clearCart()) return false;
  try {
    const recent = [...readClearedOrders(), orderId].slice(-20);
    window.sessionStorage.setItem(CLEARED_ORDERS_KEY, JSON.stringify(recent));
  } catch {
    // Blocked storage: the next visit clears again, as the spec's page does every time.
  }
  return true;
}

/**
 * /tester-confirmation?orderId=.. (docs/storefront.md#tester-order-success): only for a tester-only order of
 * the signed-in customer; any other order (or one that is not theirs) goes to its own page, which says what
 * it is.
 */
export function TesterConfirmationPage() {
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('orderId'));
  return orderId ? <TesterOrder orderId={orderId} /> : <MissingOrderReference />;
}

function TesterOrder({ orderId }: { orderId: number }) {
  const detail = useQuery(orderDetailQueryOptions(orderId));
  if (detail.isPending) return <PageSpinner label="Loading your order…" />;
  if (detail.data) {
    if (isTesterOnly(detail.data)) return <TesterOrderSuccess order={detail.data.order} />;
    return <Navigate to={`/orders/${orderId}`} replace />;
  }
  // No such order of this customer: its own page says so. Anything else (network, server) may pass: Retry.
  const notTheirs = detail.error instanceof ApiError && [403, 404].includes(detail.error.status);
  if (notTheirs) return <Navigate to={`/orders/${orderId}`} replace />;
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <PageTitle>Tester Order</PageTitle>
      <h1 className="text-center text-3xl font-semibold tracking-tight">Tester Order</h1>
      <LoadError onRetry={() => void detail.refetch()} retrying={detail.isFetching}>
        <p>Your tester order could not be loaded. Please try again.</p>
      </LoadError>
    </section>
  );
}

/** Honest about where the free order stands: nothing is paid, and nothing ships before approval. */
function describeTesterOrder(status: OrderDetailResponse['order']['status']): string {
  if (status === 'pending') {
    return 'Your free in-store tester order has been submitted. It ships once our team approves it, and there is nothing to pay.';
  }
  if (status === 'cancelled') return 'This tester order was cancelled.';
  return 'Your free in-store tester order has been approved; its page shows how far it has come.';
}

function isTesterOnly({ items }: OrderDetailResponse): boolean {
  return items.length > 0 && items.every((item) => item.unit === 'tester');
}

function MissingOrderReference() {
  return (
    <section className="mx-auto max-w-2xl space-y-6 rounded-2xl border border-border bg-card px-5 py-10 shadow-sm sm:px-10">
      <PageTitle>Order Reference Missing</PageTitle>
      <h1 className="text-center text-3xl font-semibold tracking-tight">Order Reference Missing</h1>
      <div
        role="alert"
        className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-muted px-4 py-3"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="space-y-1 text-sm">
          <p className="font-semibold">Missing Order Information</p>
          <p>
            We could not find the reference of your tester order. If you just placed one, you can find it in
            your order history.
          </p>
        </div>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant="outline" size="lg">
          <Link to="/orders">View Order History</Link>
        </Button>
        <Button asChild size="lg">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </div>
    </section>
  );
}

function TesterOrderSuccess({ order }: { order: OrderDetailResponse['order'] }) {
  const orderId = order.id;
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The order is placed, so the cart that made it is done with (docs/storefront.md#tester-order-success).
  // Once per order only: coming Back to this page later must not empty the next cart. The toast id keeps the
  // warning to one.
  useEffect(() => {
    if (!clearCartOnceForOrder(orderId)) {
      toast.warning(CART_NOT_CLEARED_TITLE, {
        id: 'tester-cart-not-cleared',
        description: CART_NOT_CLEARED_DESCRIPTION,
      });
    }
  }, [orderId]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function continueShopping() {
    if (leaving) return;
    setLeaving(true);
    timer.current = setTimeout(() => void navigate('/'), CONTINUE_SHOPPING_DELAY_MS);
  }

  return (
    <section className="mx-auto max-w-2xl space-y-8 rounded-2xl border border-border bg-card px-5 py-10 shadow-sm sm:px-10">
      <PageTitle>Tester Order Successful!</PageTitle>
      <div className="space-y-3 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-accent text-primary">
          <CircleCheck aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">Tester Order Successful!</h1>
        <p className="text-muted-foreground">
          {describeTesterOrder(order.status)} Order reference:{' '}
          <strong className="font-semibold text-foreground">{order.orderNumber}</strong>
        </p>
        {order.poNumber ? (
          <p className="wrap-anywhere text-muted-foreground">
            PO number: <strong className="font-semibold text-foreground">{order.poNumber}</strong>
          </p>
        ) : null}
      </div>
      <dl className="space-y-2 rounded-xl bg-muted/60 px-5 py-4 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="flex items-center gap-2">
            <Gift aria-hidden="true" className="size-4 text-primary" />
            Free in-store tester × 1
          </dt>
          <dd className="font-semibold text-primary">Free</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="flex items-center gap-2">
            <Truck aria-hidden="true" className="size-4 text-primary" />
            Shipping
          </dt>
          <FreeShippingValue />
        </div>
      </dl>
      <div>
        <h2 id="next-steps-title" className="mb-3 text-lg font-semibold">
          What happens next?
        </h2>
        <ol aria-labelledby="next-steps-title" className="space-y-3 text-sm">
          <li className="flex items-start gap-3">
            <PackageCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>Your tester order will be processed within 1-2 business days.</span>
          </li>
          <li className="flex items-start gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>You will receive a shipping confirmation email once it ships.</span>
          </li>
          <li className="flex items-start gap-3">
            <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>Your tester should arrive in 3-5 business days.</span>
          </li>
        </ol>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant="outline" size="lg">
          <Link to={`/orders/${orderId}`}>View Order Details</Link>
        </Button>
        <Button size="lg" onClick={continueShopping} aria-busy={leaving || undefined}>
          {leaving ? <Spinner className="text-primary-foreground" /> : null}
          Continue Shopping
          {leaving ? null : <ArrowRight aria-hidden="true" />}
        </Button>
      </div>
    </section>
  );
}
