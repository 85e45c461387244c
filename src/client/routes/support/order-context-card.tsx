import type { ReactNode } from 'react';
import type { OrderDetailResponse, OrderItemView } from '../../../shared/schemas/orders';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { OrderCard } from '../../features/orders/order-card';
import { OrderStatusBadge } from '../../features/orders/order-status-badge';
import { formatMoney } from '../../lib/format-money';

/**
 * The order an order-issue message is about (docs/support-and-faq.md#order-issue-links), so the customer sees
 * which order the team will look at. Only ever shown for the customer's own order: GET /api/orders/{id}
 * answers 404 for anyone else's.
 */
export function OrderContextCard({ detail }: { detail: OrderDetailResponse }) {
  const { order, items } = detail;
  return (
    <OrderCard title="Order Context">
      <p className="-mt-2 mb-4 text-sm text-muted-foreground">Your message will be linked to this order.</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {/* The buyer knows the order by its number alone, never a Shopify name (docs/orders.md#order-numbers). */}
        <ContextRow label="Order ID">{order.orderNumber}</ContextRow>
        <ContextRow label="Status">
          {/* A missing status reads as pending (docs/support-and-faq.md#order-issue-links). */}
          <OrderStatusBadge status={order.status} />
        </ContextRow>
        <ContextRow label="Order Date">{formatDate(order.createdAt, DATE_FORMAT)}</ContextRow>
        <ContextRow label="Customer">{order.customerName}</ContextRow>
        <ContextRow label="Email">{order.customerEmail}</ContextRow>
        <ContextRow label="Business">{order.businessName}</ContextRow>
        <ContextRow label="Phone">{order.customerPhone?.trim() || 'Not provided'}</ContextRow>
        <ContextRow label="Notes">
          <span className="whitespace-pre-line">{order.notes?.trim() || 'No notes'}</span>
        </ContextRow>
      </dl>
      <h3 className="mt-5 mb-2 font-sans text-sm font-semibold">Items</h3>
      <ul aria-label={`Items of order ${order.orderNumber}`} className="divide-y divide-border text-sm">
        {items.map((item) => (
          <li key={item.id} className="py-1.5 break-words">
            {itemLine(item)}
          </li>
        ))}
      </ul>
    </OrderCard>
  );
}

/**
 * One line as issue 7 words it, 'name x quantity x price' ('4 oz Bottle x 24 x $10.65'); a line whose name
 * is missing is named by its product id (docs/support-and-faq.md#order-issue-links).
 */
function itemLine(item: OrderItemView): string {
  const name = item.name.trim() || `Product #${item.productId}`;
  return `${name} x ${item.quantity} x ${formatMoney(item.price)}`;
}

function ContextRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
