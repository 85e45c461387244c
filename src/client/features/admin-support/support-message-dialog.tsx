import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  supportSubjectLabel,
  type SupportOrderDetails,
  type SupportRecentOrder,
} from '../../../shared/schemas/support';
import { type AdminSupportMessage } from '../../../shared/schemas/admin-support';
import { shopifyNameLabel } from '../../../shared/orders';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatMoney } from '../../lib/format-money';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { DATE_FORMAT } from '../../lib/format-date';
import { formatSupportDate, replyMailto } from './format';
import { SupportPriorityBadge } from './support-priority-badge';
import { SupportStatusButtons } from './support-status-buttons';

interface SupportMessageDialogProps {
  message: AdminSupportMessage;
  onUpdated: (message: AdminSupportMessage) => void;
  onClose: () => void;
}

/**
 * One message in full, with what the customer's account and orders looked like when it was sent
 * (docs/support-and-faq.md#staff-support-inbox): who sent it, the order it is about and their recent orders.
 */
export function SupportMessageDialog({ message, onUpdated, onClose }: SupportMessageDialogProps) {
  const subject = supportSubjectLabel(message.subject);
  const { customer } = message;
  return (
    <Dialog
      open
      onClose={onClose}
      title={subject}
      description={`${customer.name} · ${customer.businessName} · ${formatSupportDate(message.createdAt)}`}
      className="max-w-2xl"
      footer={
        <Button asChild variant="outline">
          <a href={replyMailto(customer.email, subject)}>
            <Mail aria-hidden="true" />
            Reply by e-mail
          </a>
        </Button>
      }
    >
      <div className="space-y-5 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2">
            <span className="text-muted-foreground">Priority</span>
            <SupportPriorityBadge priority={message.priority} />
          </p>
          <SupportStatusButtons message={message} onUpdated={onUpdated} />
        </div>

        <DialogPart title="Message">
          <p className="rounded-lg bg-muted/50 p-3 whitespace-pre-wrap break-words">{message.message}</p>
        </DialogPart>

        <DialogPart title="Customer">
          <Details>
            <Detail label="Name">
              {customer.name}
              {customer.id === null ? (
                <span className="text-muted-foreground"> (account deleted)</span>
              ) : null}
            </Detail>
            <Detail label="E-mail">
              <a
                href={replyMailto(customer.email, subject)}
                className="text-primary underline-offset-4 hover:underline"
              >
                {customer.email}
              </a>
            </Detail>
            <Detail label="Phone">{customer.phone}</Detail>
            <Detail label="Business">{customer.businessName}</Detail>
            <Detail label="Customer since">{formatSupportDate(customer.accountCreated, DATE_FORMAT)}</Detail>
          </Details>
        </DialogPart>

        {message.order ? <OrderContext order={message.order} /> : null}

        <DialogPart title="Recent orders">
          <RecentOrders orders={message.recentOrders} />
        </DialogPart>
      </div>
    </Dialog>
  );
}

function DialogPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Details({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">{children}</dl>;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </>
  );
}

/** The order the message is about, as it stood when the message was sent. */
function OrderContext({ order }: { order: SupportOrderDetails }) {
  return (
    <DialogPart title={`Order ${order.orderNumber}`}>
      <Details>
        <Detail label="Status">{ORDER_STATUS_LABELS[order.status]}</Detail>
        <Detail label="Placed">{formatSupportDate(order.createdAt)}</Detail>
        <Detail label="Customer">
          {order.customerName} · {order.customerEmail}
        </Detail>
        <Detail label="Business">{order.businessName}</Detail>
        {order.shopifyOrderId ? (
          <Detail label="Shopify">{shopifyNameLabel(order.shopifyOrderId)}</Detail>
        ) : null}
        {order.notes ? (
          <Detail label="Notes">
            <span className="whitespace-pre-wrap">{order.notes}</span>
          </Detail>
        ) : null}
      </Details>
    </DialogPart>
  );
}

function RecentOrders({ orders }: { orders: readonly SupportRecentOrder[] }) {
  if (orders.length === 0) return <p className="text-muted-foreground">No orders yet.</p>;
  return (
    <ul aria-label="Recent orders" className="divide-y divide-border rounded-lg border border-border">
      {orders.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
          <span className="font-medium">{order.orderNumber}</span>
          <span className="text-muted-foreground">{formatSupportDate(order.date, DATE_FORMAT)}</span>
          <span>{ORDER_STATUS_LABELS[order.status]}</span>
          <span className="tabular-nums">{formatMoney(order.total)}</span>
        </li>
      ))}
    </ul>
  );
}
