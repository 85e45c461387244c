import { TriangleAlert } from 'lucide-react';
import { owesPayment as owesPaymentRule } from '../../shared/order-rules';
import { PAYMENT_TERMS_DAYS, type PaymentTerms } from '../../shared/payment-terms';
import type { OrderStatus, PaymentStatus } from '../../shared/schemas/orders';
import { cn } from '../lib/cn';
import { formatDate } from '../lib/format-date';
import { Badge } from './ui/badge';

/*
 * Payment terms wherever an order is shown (docs/orders.md#payment-terms): the buyer's history and detail
 * and the admin Orders section. The terms' names are PAYMENT_TERMS_LABELS (shared/payment-terms.ts).
 */

export const OVERDUE_LABEL = 'Overdue';

/** One line on what the terms mean for the buyer: /confirm and the success page. */
export function paymentTermsExplanation(terms: PaymentTerms): string {
  const days = PAYMENT_TERMS_DAYS[terms];
  return days === null
    ? 'Pay by invoice once we approve the order.'
    : `Pay within ${days} days of approval; your invoice with the due date is e-mailed to you.`;
}

interface PaymentDueFields {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentDueAt: string | null;
  paymentOverdue: boolean;
}

/** An approved order with a due date, not paid: its due date still matters (shared/order-rules.ts). */
export function owesPayment<T extends PaymentDueFields>(order: T): order is T & { paymentDueAt: string } {
  return owesPaymentRule(order);
}

/** 'Payment due Apr 3, 2031', in the date pattern of the page it is on. */
export function paymentDueText(dueAt: string, pattern: string): string {
  return `Payment due ${formatDate(dueAt, pattern)}`;
}

/** 'Overdue' in red, with an icon: said in words, not by colour alone. */
export function OverdueBadge() {
  return (
    <Badge variant="destructive">
      <TriangleAlert aria-hidden="true" />
      {OVERDUE_LABEL}
    </Badge>
  );
}

/**
 * 'Payment due <date>' and, once it has passed unpaid, 'Overdue'. Nothing for an order without a due date,
 * a paid one or a cancelled one.
 */
export function PaymentDue({
  order,
  pattern,
  className,
}: {
  order: PaymentDueFields;
  pattern: string;
  className?: string;
}) {
  if (!owesPayment(order)) return null;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <span>{paymentDueText(order.paymentDueAt, pattern)}</span>
      {order.paymentOverdue ? <OverdueBadge /> : null}
    </span>
  );
}
