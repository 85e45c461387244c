import { ChevronDown, ClipboardCheck, RotateCcw, TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { PlacedBy, ShipsTo } from '../../features/orders/placed-by';
import { Link } from 'react-router';
import type { OrderSummary } from '../../../shared/schemas/orders';
import { PaymentStateBadge, PayNowLink, safeInvoiceUrl } from '../../components/payment-terms';
import { Button } from '../../components/ui/button';
import { pluralize } from '../../lib/format';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { OrderItemsTable } from '../../features/orders/order-items-table';
import { OrderStatusBadge } from '../../features/orders/order-status-badge';
import { cn } from '../../lib/cn';

interface OrderHistoryRowProps {
  order: OrderSummary;
  expanded: boolean;
  onToggle: () => void;
  /** None for a viewer, who cannot reorder. */
  onReorder: ((orderId: number) => void) | undefined;
  /** An owner or buyer, who confirms or declines an order staff prepared; not a viewer. */
  mayConfirm: boolean;
}

/** One collapsible order of the history (docs/storefront.md#order-history). */
export function OrderHistoryRow({ order, expanded, onToggle, onReorder, mayConfirm }: OrderHistoryRowProps) {
  const titleId = useId();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const invoiceUrl = safeInvoiceUrl(order.invoiceUrl);

  const close = () => {
    onToggle();
    // The panel disappears under the keyboard user's focus: put it back on the toggle.
    toggleRef.current?.focus();
  };

  return (
    <li className="rounded-xl border border-border">
      {/*
       * The expand toggle sits at the row's right edge, level with the order number on a phone (where the
       * other buttons move under the text) and with the buttons from 768 px.
       */}
      <div className="flex items-start gap-2 p-4 md:items-center">
        <div className="flex min-w-0 flex-1 flex-col gap-3 md:flex-row md:items-center">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="font-sans text-base font-semibold">
                <Link to={`/orders/${order.id}`} className="rounded-sm hover:underline">
                  {order.orderNumber}
                </Link>
              </h3>
              <OrderStatusBadge status={order.status} />
              <PaymentStateBadge order={order} />
            </div>
            <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
              <span>Placed on {formatDate(order.createdAt, DATE_FORMAT)}</span>
              <PlacedBy placedBy={order.placedBy} />
              <ShipsTo location={order.location} />
              {order.poNumber ? <span className="wrap-anywhere">PO number: {order.poNumber}</span> : null}
              <span>
                {pluralize(order.totalCases, 'case', 'cases')} · {formatMoney(order.orderTotal)}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {mayConfirm && order.status === 'awaiting_confirmation' ? (
              // Prepared by staff, waiting for the buyer: the order's page has Confirm and Decline.
              <Button asChild size="sm">
                <Link to={`/orders/${order.id}`} aria-describedby={titleId}>
                  <ClipboardCheck aria-hidden="true" />
                  Confirm or decline
                </Link>
              </Button>
            ) : null}
            {invoiceUrl ? <PayNowLink href={invoiceUrl} size="sm" describedBy={titleId} /> : null}
            {onReorder ? (
              <Button size="sm" aria-describedby={titleId} onClick={() => onReorder(order.id)}>
                <RotateCcw aria-hidden="true" />
                Reorder
              </Button>
            ) : null}
            <Button asChild size="sm" variant="outline">
              <Link to={`/support?order=${order.id}&type=order_issue`} aria-describedby={titleId}>
                <TriangleAlert aria-hidden="true" />
                Report Issue
              </Link>
            </Button>
          </div>
        </div>
        <Button
          ref={toggleRef}
          size="icon"
          variant="ghost"
          className="-mt-2 -mr-2 shrink-0 md:m-0"
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-label={`Details of order ${order.orderNumber}`}
          onClick={onToggle}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('transition-transform motion-reduce:transition-none', expanded && 'rotate-180')}
          />
        </Button>
      </div>
      <div
        id={panelId}
        role="region"
        aria-label={`Details of order ${order.orderNumber}`}
        hidden={!expanded}
        className="space-y-4 border-t border-border p-4"
      >
        {expanded ? <OrderRowDetails order={order} onClose={close} onReorder={onReorder} /> : null}
      </div>
    </li>
  );
}

function OrderRowDetails({
  order,
  onClose,
  onReorder,
}: {
  order: OrderSummary;
  onClose: () => void;
  /** None for a viewer, who cannot reorder. */
  onReorder: ((orderId: number) => void) | undefined;
}) {
  return (
    <>
      <OrderItemsTable items={order.items} label={`Items of order ${order.orderNumber}`} />
      <dl className="grid grid-cols-3 gap-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-muted-foreground">Cases</dt>
          <dd className="font-semibold tabular-nums">{order.totalCases}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Units</dt>
          <dd className="font-semibold tabular-nums">{order.totalUnits}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Total</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(order.orderTotal)}</dd>
        </div>
      </dl>
      <div className="text-sm">
        <p className="font-medium">Order Notes</p>
        <p className="whitespace-pre-line text-muted-foreground">
          {order.notes?.trim() || 'No notes were added to this order.'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onClose}>
          Close Details
        </Button>
        {onReorder ? (
          <Button onClick={() => onReorder(order.id)}>
            <RotateCcw aria-hidden="true" />
            Reorder All Items
          </Button>
        ) : null}
        <Button asChild variant="link">
          <Link to={`/orders/${order.id}`}>View Order Details</Link>
        </Button>
      </div>
    </>
  );
}
