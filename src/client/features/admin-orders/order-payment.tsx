import { BellRing } from 'lucide-react';
import { useRef, useState } from 'react';
import { isNetTerms, nextPaymentReminderAt, PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { OverdueBadge, owesPayment, paymentDueText } from '../../components/payment-terms';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { useSendPaymentReminder } from './admin-orders-queries';

export const PAYMENT_REMINDER_LABEL = 'Send payment reminder';

/** 'Overdue' beside the status badge: unpaid past the due date of its terms. */
export function AdminOverdueBadge({ order }: { order: AdminOrder }) {
  return owesPayment(order) && order.paymentOverdue ? <OverdueBadge /> : null;
}

/**
 * The order's payment terms under its status (docs/admin.md#orders): 'Net 30', then, while it is unpaid,
 * 'Payment due <date>' and when staff last sent a reminder.
 */
export function OrderPaymentTerms({ order }: { order: AdminOrder }) {
  return (
    <span className="block text-xs text-muted-foreground">
      <span className="block">{PAYMENT_TERMS_LABELS[order.paymentTerms]}</span>
      {owesPayment(order) ? (
        <span className="block">{paymentDueText(order.paymentDueAt, DATE_TIME_FORMAT)}</span>
      ) : null}
      {order.paymentReminderSentAt ? (
        <span className="block">
          Reminder sent {formatDate(order.paymentReminderSentAt, DATE_TIME_FORMAT)}
        </span>
      ) : null}
      <NextReminderAt order={order} />
    </span>
  );
}

/**
 * 'Next reminder after <date>' while the last reminder is less than a day old: one a day per order
 * (docs/orders.md#payment-terms), so staff see when before the server's 429 tells them.
 */
function NextReminderAt({ order }: { order: AdminOrder }) {
  // The time the row was drawn; the list refetches after every change, so it does not go stale for long.
  const [now] = useState(() => Date.now());
  if (!order.paymentReminderSentAt || !owesPayment(order)) return null;
  const nextAt = nextPaymentReminderAt(order.paymentReminderSentAt);
  if (nextAt.getTime() <= now) return null;
  return (
    <span className="block">Next reminder after {formatDate(nextAt.toISOString(), DATE_TIME_FORMAT)}</span>
  );
}

const APPROVED_STATUSES: ReadonlySet<AdminOrder['status']> = new Set(['processing', 'shipped', 'delivered']);

/**
 * An approved, unpaid order on net terms past its due date: the ones the server reminds
 * (docs/orders.md#payment-terms; Shopify refuses a reminder before the due date, and the portal keeps the
 * same rule in test mode).
 */
export function canSendPaymentReminder(order: AdminOrder): boolean {
  return (
    isNetTerms(order.paymentTerms) &&
    APPROVED_STATUSES.has(order.status) &&
    order.paymentStatus !== 'paid' &&
    order.paymentOverdue
  );
}

/**
 * 'Send payment reminder' on an overdue order: the buyer is e-mailed (Shopify's reminder when the order is in
 * the store, else the portal's). Disabled, with a spinner, while it is sent; the focus then comes back to it.
 */
export function PaymentReminderButton({ order }: { order: AdminOrder }) {
  const send = useSendPaymentReminder();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useFocusBackAfter(send.isPending, buttonRef);
  if (!canSendPaymentReminder(order)) return null;
  return (
    <Button
      ref={buttonRef}
      variant="outline"
      size="sm"
      // Two lines in the narrow actions column, rather than wider than it.
      className="h-auto min-h-9 py-1.5"
      aria-label={`${PAYMENT_REMINDER_LABEL} for ${order.orderNumber}`}
      disabled={send.isPending}
      aria-busy={send.isPending || undefined}
      onClick={() => send.mutate(order.id)}
    >
      {send.isPending ? <Spinner className="size-4 text-current" /> : <BellRing aria-hidden="true" />}
      <span className="whitespace-normal">{PAYMENT_REMINDER_LABEL}</span>
    </Button>
  );
}
