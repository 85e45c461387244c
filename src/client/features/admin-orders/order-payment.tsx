import { BellRing } from 'lucide-react';
import { useRef } from 'react';
import { PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { useSendPaymentReminder } from './admin-orders-queries';

export const PAYMENT_REMINDER_LABEL = 'Send payment reminder';

/**
 * The order's payment terms under its status (docs/admin.md#orders): 'Net 30', and when staff last sent a
 * reminder. Its due date is in the payment badge (PaymentStateBadge).
 */
export function OrderPaymentTerms({ order }: { order: AdminOrder }) {
  return (
    <span className="block text-xs text-muted-foreground">
      <span className="block">{PAYMENT_TERMS_LABELS[order.paymentTerms]}</span>
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
 * (docs/orders.md#payment-terms), so staff see when before the server's 429 tells them. The server says when.
 */
function NextReminderAt({ order }: { order: AdminOrder }) {
  if (!order.nextPaymentReminderAt) return null;
  return (
    <span className="block">
      Next reminder after {formatDate(order.nextPaymentReminderAt, DATE_TIME_FORMAT)}
    </span>
  );
}

/**
 * 'Send payment reminder' on an order the server says may be reminded (`canSendReminder`: approved, unpaid,
 * on net terms, past its due date; docs/orders.md#payment-terms): the buyer is e-mailed (Shopify's reminder
 * when the order is in the store, else the portal's). Disabled, with a spinner, while it is sent; the focus
 * then comes back to it, since the button stays through the day until the next reminder may go.
 */
export function PaymentReminderButton({ order }: { order: AdminOrder }) {
  const send = useSendPaymentReminder();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useFocusBackAfter(send.isPending, buttonRef);
  if (!order.canSendReminder) return null;
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
