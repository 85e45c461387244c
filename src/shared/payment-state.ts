import type { PaymentState } from './order-rules';

/*
 * The words of an order's payment state (docs/orders.md#payment-status), the same on every screen, in the
 * CSV, the e-mails and the PDF. The state itself comes from one rule, paymentStateOf (order-rules.ts), which
 * the server applies and sends with every order.
 */

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  unpaid: 'Unpaid',
  invoice_sent: 'Invoice sent',
  payment_due: 'Payment due',
  overdue: 'Overdue',
  paid: 'Paid',
};

/** 'Payment due Dec 29, 2026' with the due date (date only, as `dueDate` is written); else the label. */
export function paymentStateText(state: PaymentState, dueDate: string | null): string {
  const label = PAYMENT_STATE_LABELS[state];
  return state === 'payment_due' && dueDate ? `${label} ${dueDate}` : label;
}
