import { ExternalLink, RotateCcw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDetail, OrderItemView } from '../../../shared/schemas/orders';
import { formatDueDate, PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import { DownloadPdfLink } from '../../components/download-pdf-link';
import { owesPayment, PaymentStateBadge, PayNowLink, safeInvoiceUrl } from '../../components/payment-terms';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDiscount } from '../../lib/format';
import { formatMoney } from '../../lib/format-money';
import { formatMoneyOff } from '../../../shared/money';
import { OrderCard } from '../../features/orders/order-card';
import { OrderProgressBar } from '../../features/orders/order-progress-bar';
import { safeExternalUrl } from '../../../shared/external-url';
import { OrderTimelineList } from '../../features/orders/order-timeline-list';
import { shippingAddressLines } from '../../../shared/addresses';
import { orderPdfPath } from '../../../shared/orders';

/**
 * Progress (docs/storefront.md#order-detail), the timeline and, once the invoice is out, 'Pay now'
 * (docs/orders.md#order-timeline); on net terms with 'Payment due <date>', and 'Overdue' once it has passed
 * (docs/orders.md#payment-terms).
 */
export function OrderStatusCard({ order }: { order: OrderDetail }) {
  const invoiceUrl = safeInvoiceUrl(order.invoiceUrl);
  const due = owesPayment(order);
  return (
    <OrderCard title="Order Status">
      <div className="space-y-6">
        <OrderProgressBar status={order.status} />
        {invoiceUrl || due ? (
          <div
            className={cn(
              'flex flex-col gap-3 rounded-xl p-4 sm:flex-row sm:items-center',
              due && order.paymentOverdue ? 'border border-destructive/30 bg-destructive-muted' : 'bg-accent',
            )}
          >
            <div className="flex-1 space-y-1 text-sm">
              {due ? <PaymentStateBadge order={order} /> : null}
              {due && order.paymentOverdue ? (
                <p>Payment was due {formatDueDate(order.paymentDueAt)}</p>
              ) : null}
              <p>{paymentNote(order, invoiceUrl !== null)}</p>
            </div>
            {invoiceUrl ? <PayNowLink href={invoiceUrl} /> : null}
          </div>
        ) : null}
        <OrderTimelineList order={order} />
      </div>
    </OrderCard>
  );
}

/** The sentence beside 'Pay now' or under the due date. */
function paymentNote(order: OrderDetail, canPayHere: boolean): string {
  const pay = canPayHere ? ' Pay securely on the Shopify checkout, which opens in a new tab.' : '';
  if (!owesPayment(order)) return `Your order is approved.${pay}`;
  if (order.paymentOverdue) return `Your payment is past its due date: please pay as soon as you can.${pay}`;
  return `Your order is approved on ${PAYMENT_TERMS_LABELS[order.paymentTerms]} terms.${pay}`;
}

interface OrderSummaryCardProps {
  order: OrderDetail;
  items: readonly OrderItemView[];
  orderTotal: string;
  /** None for a viewer, who cannot reorder. */
  onReorder: (() => void) | undefined;
  /**
   * While the order waits for approval, what its buyer may do with it ('Edit order', 'Cancel order') in place
   * of Report Issue (docs/orders.md#buyers-cancel-a-pending-order,
   * docs/storefront.md#editing-a-pending-order); null otherwise.
   */
  pendingActions: ReactNode;
}

/**
 * Case count and unit count (the tester excluded, docs/storefront.md#order-detail), total, Reorder, Report
 * Issue (or, while pending, the buyer's own actions) and Download PDF.
 */
export function OrderSummaryCard({
  order,
  items,
  orderTotal,
  onReorder,
  pendingActions,
}: OrderSummaryCardProps) {
  const hasTester = items.some((item) => item.unit === 'tester');
  const savings = Number(order.savings) > 0;
  return (
    <OrderCard title="Order Summary">
      <dl className="space-y-2 text-sm">
        <SummaryRow label="Cases" value={String(order.totalCases)} />
        <SummaryRow label="Units" value={String(order.totalUnits)} />
        {hasTester ? <SummaryRow label="Free tester" value="Included" /> : null}
        {savings ? (
          <>
            <SummaryRow label="Standard Total" value={formatMoney(order.standardTotal)} />
            <SummaryRow
              label={`Savings (${formatDiscount(order.discountPercentage)})`}
              value={formatMoneyOff(order.savings)}
            />
          </>
        ) : null}
        <SummaryRow label="Shipping" value="Free" />
        <SummaryRow label="Payment terms" value={PAYMENT_TERMS_LABELS[order.paymentTerms]} />
        <div className="flex justify-between gap-3 border-t border-border pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(orderTotal)}</dd>
        </div>
      </dl>
      <div className="mt-5 flex flex-col gap-2">
        {onReorder ? (
          <Button onClick={onReorder}>
            <RotateCcw aria-hidden="true" />
            Reorder
          </Button>
        ) : null}
        {pendingActions ?? (
          <Button asChild variant="outline">
            <Link to={`/support?order=${order.id}&type=order_issue`}>
              <TriangleAlert aria-hidden="true" />
              Report Issue
            </Link>
          </Button>
        )}
        <DownloadPdfLink href={orderPdfPath(order.id)} />
      </div>
    </OrderCard>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Name, business, e-mail, phone if present, notes or a note that there are none; address and tracking. */
export function CustomerInformationCard({ order }: { order: OrderDetail }) {
  const address = shippingAddressLines(order);
  const trackingUrl = safeExternalUrl(order.trackingUrl, window.location.origin);
  const hasTracking = Boolean(order.trackingNumber || trackingUrl);
  return (
    <OrderCard title="Customer Information">
      <dl className="space-y-3 text-sm">
        <InfoRow label="Name" value={order.customerName} />
        <InfoRow label="Business" value={order.businessName} />
        <InfoRow label="Email" value={order.customerEmail} />
        {order.customerPhone ? <InfoRow label="Phone" value={order.customerPhone} /> : null}
        {address.length > 0 ? (
          <div>
            <dt className="text-muted-foreground">Shipping Address</dt>
            <dd>
              {address.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {hasTracking ? (
          <div>
            <dt className="text-muted-foreground">Tracking</dt>
            <dd className="space-y-0.5">
              {order.trackingNumber ? (
                <span className="block">
                  {[order.trackingCompany, order.trackingNumber].filter(Boolean).join(' ')}
                </span>
              ) : null}
              {trackingUrl ? (
                <a
                  href={trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-primary underline underline-offset-2"
                >
                  Track your shipment
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted-foreground">Order Notes</dt>
          <dd className="whitespace-pre-line">
            {order.notes?.trim() || 'No notes were added to this order.'}
          </dd>
        </div>
      </dl>
    </OrderCard>
  );
}

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
