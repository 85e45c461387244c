import { BellRing } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatDueDate, PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
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
    </span>
  );
}

/**
 * 'Send payment reminder' on an order the server says may be reminded (`canSendReminder`: approved, unpaid,
 * on net terms, past its due date; docs/orders.md#payment-terms). Staff confirm first: the buyer is e-mailed
 * (Shopify's reminder when the order is in the store, else the portal's). Disabled, with a spinner, while it
 * is sent; then, while the last reminder is less than a day old (one a day per order), it reads 'Next
 * reminder possible <date>' and does nothing, but keeps the keyboard's focus, which comes back to it.
 */
export function PaymentReminderButton({ order }: { order: AdminOrder }) {
  const send = useSendPaymentReminder();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  useFocusBackAfter(send.isPending, buttonRef);
  if (!order.canSendReminder) return null;
  const nextAt = order.nextPaymentReminderAt;
  const label = nextAt
    ? `Next reminder possible ${formatDate(nextAt, DATE_TIME_FORMAT)}`
    : PAYMENT_REMINDER_LABEL;
  const due = order.paymentDueAt ? `, due ${formatDueDate(order.paymentDueAt)}` : '';
  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        // Two lines in the narrow actions column, rather than wider than it.
        className="h-auto min-h-9 py-1.5 aria-disabled:opacity-50"
        aria-label={`${label} for ${order.orderNumber}`}
        disabled={send.isPending}
        aria-disabled={nextAt ? true : undefined}
        aria-busy={send.isPending || undefined}
        onClick={() => {
          if (!nextAt) setConfirming(true);
        }}
      >
        {send.isPending ? <Spinner className="size-4 text-current" /> : <BellRing aria-hidden="true" />}
        <span className="whitespace-normal">{label}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Send a payment reminder for ${order.orderNumber}?`}
        description={`${order.customerEmail} is e-mailed a reminder to pay ${formatMoney(order.orderTotal)}${due}. One reminder can go out a day.`}
        confirmLabel="Send reminder"
        destructive={false}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          send.mutate(order.id);
        }}
      />
    </>
  );
}
