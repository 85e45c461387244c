import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { adminOrderPdfPath } from '../../../shared/orders';
import { ViewButton } from '../../components/admin/view-button';
import { DownloadPdfLink } from '../../components/download-pdf-link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useIsMobile } from '../../lib/use-media-query';
import { formatMoney } from '../../lib/format-money';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { AdminOrderStatusBadge } from './order-status-badge';
import { OrderPaymentTerms, PaymentReminderButton } from './order-payment';
import { PaymentStateBadge } from '../../components/payment-terms';
import { OrderStatusSelect } from './order-status-select';
import { ShopifySyncBadge } from './shopify-sync-badge';
import { SupportMessagesLink } from './support-messages-link';

interface AdminOrdersTableProps {
  orders: readonly AdminOrder[];
  onViewItems: (order: AdminOrder) => void;
}

/**
 * The orders of one page: number (with the buyer's PO number), date, customer and e-mail, business, total,
 * status (a held order's with its hold reason) with where its money stands (PaymentStateBadge: 'Unpaid',
 * 'Invoice sent', 'Payment due <date>', 'Overdue', 'Paid'), and 'Awaiting Shopify sync' or 'Shopify sync failed' when the order is not in Shopify
 * yet, over the payment terms and last reminder, the status dropdown, 'View Items',
 * 'Download PDF', 'Send payment reminder' on an overdue order and, when the customer wrote about the order, a
 * link to those support messages. Under 768 px a stacked list, as eight columns do not fit a phone.
 */
export function AdminOrdersTable(props: AdminOrdersTableProps) {
  return useIsMobile() ? <AdminOrdersList {...props} /> : <AdminOrdersGrid {...props} />;
}

function ViewItemsButton({
  order,
  onViewItems,
}: {
  order: AdminOrder;
  onViewItems: (order: AdminOrder) => void;
}) {
  return (
    <ViewButton label={`View Items of order ${order.orderNumber}`} onClick={() => onViewItems(order)}>
      View Items
    </ViewButton>
  );
}

/** The order's PDF (docs/orders.md#order-pdf), named for the row: 'Download PDF of WO-1001'. */
function OrderPdfLink({ order }: { order: AdminOrder }) {
  return (
    <DownloadPdfLink
      href={adminOrderPdfPath(order.id)}
      label={`Download PDF of ${order.orderNumber}`}
      size="sm"
    />
  );
}

/**
 * The buyer's PO number under the order number (issue 20), when they gave one. It breaks between its words
 * and, only when one is longer than the column allows (up to 60 characters), inside it.
 */
function PoNumber({ order }: { order: AdminOrder }) {
  if (!order.poNumber) return null;
  return (
    <span className="block max-w-40 text-xs break-words text-muted-foreground">PO: {order.poNumber}</span>
  );
}

/**
 * The order's company as it is named now, under the business name it was placed under, when the two differ
 * (the company was renamed, or merged into another: docs/companies.md#admin-companies).
 */
function CompanyName({ order }: { order: AdminOrder }) {
  if (!order.company || order.company.name === order.businessName) return null;
  return (
    <span className="block text-xs wrap-anywhere text-muted-foreground">Company: {order.company.name}</span>
  );
}

/** Why a held order is on hold, as its buyer reads it (docs/credit.md#credit-hold-at-approval). */
function HoldReason({ order }: { order: AdminOrder }) {
  if (order.status !== 'on_hold' || !order.holdReason) return null;
  return (
    <span className="block max-w-52 text-xs wrap-anywhere text-muted-foreground">
      Hold reason: {order.holdReason}
    </span>
  );
}

function AdminOrdersGrid({ orders, onViewItems }: AdminOrdersTableProps) {
  return (
    <Table aria-label="Orders">
      <TableHeader>
        <TableRow>
          <TableHead>Order</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Business</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id}>
            <TableCell>
              <span className="block font-medium whitespace-nowrap">{order.orderNumber}</span>
              <PoNumber order={order} />
            </TableCell>
            {/* Wraps between date and time: with a Shopify badge the row must still fit beside the sidebar. */}
            <TableCell className="min-w-28">{formatDate(order.createdAt, DATE_TIME_FORMAT)}</TableCell>
            <TableCell className="max-w-60 min-w-40">
              <span className="block wrap-anywhere">{order.customerName}</span>
              <span className="block text-xs wrap-anywhere text-muted-foreground">{order.customerEmail}</span>
            </TableCell>
            <TableCell className="max-w-52 min-w-32 wrap-anywhere">
              {order.businessName}
              <CompanyName order={order} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(order.orderTotal)}
            </TableCell>
            <TableCell>
              <div className="flex flex-col items-start gap-1">
                <AdminOrderStatusBadge status={order.status} />
                <HoldReason order={order} />
                <PaymentStateBadge order={order} />
                <ShopifySyncBadge order={order} />
                <OrderPaymentTerms order={order} />
              </div>
            </TableCell>
            <TableCell>
              {/* Stacked, so the row fits beside the sidebar without scrolling sideways. */}
              <div className="flex w-36 flex-col gap-2">
                <OrderStatusSelect order={order} />
                <ViewItemsButton order={order} onViewItems={onViewItems} />
                <OrderPdfLink order={order} />
                <PaymentReminderButton order={order} />
                <SupportMessagesLink order={order} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AdminOrdersList({ orders, onViewItems }: AdminOrdersTableProps) {
  return (
    <ul aria-label="Orders" className="divide-y divide-border rounded-lg border border-border">
      {orders.map((order) => (
        <li key={order.id} className="space-y-3 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-medium">{order.orderNumber}</p>
              <PoNumber order={order} />
              <p className="text-xs text-muted-foreground">{formatDate(order.createdAt, DATE_TIME_FORMAT)}</p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <AdminOrderStatusBadge status={order.status} />
              <PaymentStateBadge order={order} />
              <ShopifySyncBadge order={order} />
            </div>
          </div>
          <div className="min-w-0">
            <p className="wrap-anywhere">{order.customerName}</p>
            <p className="text-xs wrap-anywhere text-muted-foreground">{order.customerEmail}</p>
            <p className="wrap-anywhere">{order.businessName}</p>
            <CompanyName order={order} />
            <HoldReason order={order} />
          </div>
          <div>
            <p className="font-medium tabular-nums">{formatMoney(order.orderTotal)}</p>
            <OrderPaymentTerms order={order} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusSelect order={order} className="min-w-36" />
            <ViewItemsButton order={order} onViewItems={onViewItems} />
            <OrderPdfLink order={order} />
            <PaymentReminderButton order={order} />
            <SupportMessagesLink order={order} />
          </div>
        </li>
      ))}
    </ul>
  );
}
