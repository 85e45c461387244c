import { CircleCheck, CreditCard, ExternalLink, TriangleAlert } from 'lucide-react';
import { owesPayment as owesPaymentRule, type PaymentState } from '../../shared/order-rules';
import { paymentStateText } from '../../shared/payment-state';
import { safeExternalUrl } from '../../shared/external-url';
import { formatDueDate, PAYMENT_TERMS_DAYS, type PaymentTerms } from '../../shared/payment-terms';
import type { OrderStatus, PaymentStatus } from '../../shared/schemas/orders';
import { Badge, type BadgeVariant } from './ui/badge';
import { Button } from './ui/button';

/*
 * Payment terms wherever an order is shown (docs/orders.md#payment-terms): the buyer's history and detail
 * and the admin Orders section. The terms' names are PAYMENT_TERMS_LABELS (shared/payment-terms.ts).
 */

/** One line on what the terms mean for the buyer: /confirm and the success page. */
export function paymentTermsExplanation(terms: PaymentTerms): string {
  const days = PAYMENT_TERMS_DAYS[terms];
  return days === null
    ? 'Pay by invoice once we approve the order.'
    : `Pay within ${days} days of approval; your invoice with the due date is e-mailed to you.`;
}

/**
 * What reaches the buyer once the order is approved, to finish 'Once … approved, …' on /confirm and the
 * success page (docs/storefront.md#review-page): on net terms the invoice, due so many days after approval;
 * else (or terms not known) the payment link.
 */
export function afterApprovalText(terms: PaymentTerms | null | undefined): string {
  const days = terms ? PAYMENT_TERMS_DAYS[terms] : null;
  return days === null
    ? 'you will receive a payment link by email'
    : `your invoice is e-mailed to you, due ${days} days after approval`;
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

const PAYMENT_STATE_VARIANTS: Readonly<Record<PaymentState, BadgeVariant>> = {
  unpaid: 'outline',
  invoice_sent: 'secondary',
  payment_due: 'warning',
  overdue: 'destructive',
  paid: 'success',
};

/**
 * Where the order's money stands, as the server says (docs/orders.md#payment-status): 'Unpaid', 'Invoice
 * sent', 'Payment due Dec 29, 2026' (the date only, the UTC day the e-mails, the PDF and the CSV give), 'Overdue' or 'Paid'; in words, with an
 * icon for the two that matter most. Nothing on a cancelled order that was never paid.
 */
export function PaymentStateBadge({
  order,
}: {
  order: { paymentState: PaymentState | null; paymentDueAt: string | null };
}) {
  const state = order.paymentState;
  if (!state) return null;
  const dueDate = order.paymentDueAt ? formatDueDate(order.paymentDueAt) : null;
  return (
    <Badge variant={PAYMENT_STATE_VARIANTS[state]} data-payment-state={state}>
      {state === 'overdue' ? <TriangleAlert aria-hidden="true" /> : null}
      {state === 'paid' ? <CircleCheck aria-hidden="true" /> : null}
      {paymentStateText(state, dueDate)}
    </Badge>
  );
}

/** The buyer's Shopify invoice ('Pay now'), opening in a new tab; `url` is the server's, checked once more. */
export function safeInvoiceUrl(url: string | null): string | null {
  return safeExternalUrl(url, window.location.origin);
}

/** 'Pay now' to a checked invoice address (safeInvoiceUrl). */
export function PayNowLink({
  href,
  size,
  describedBy,
}: {
  href: string;
  size?: 'sm' | 'default';
  describedBy?: string;
}) {
  return (
    <Button asChild size={size}>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={describedBy}>
        <CreditCard aria-hidden="true" />
        Pay now
        <ExternalLink aria-hidden="true" />
      </a>
    </Button>
  );
}
