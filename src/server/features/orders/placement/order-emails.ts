import { shippingAddressText, type ShippingFields } from '../../../../shared/addresses';
import { formatCents } from '../../../../shared/money';
import type { PricedLine } from '../../../../shared/pricing';
import { composeEmail, type MailEnv } from '../../../mail/compose';
import { describePaymentTerms, isNetTerms, type PaymentTerms } from '../../../../shared/payment-terms';

/** The order e-mails sent at submission, to the customer and to staff (docs/emails.md#order-e-mails). */

export interface SubmittedOrder extends ShippingFields {
  id: number;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  businessName: string;
  notes: string | null;
  poNumber: string | null;
  paymentTerms: PaymentTerms;
}

/**
 * What the order e-mails show of the lines and totals: a cart just priced, or an order's stored lines
 * (stored-cart.ts) when an order staff prepared is confirmed.
 */
export type MailLine = Pick<
  PricedLine,
  'name' | 'kind' | 'quantity' | 'cases' | 'units' | 'unitPrice' | 'lineTotal'
>;
export interface MailCart {
  lines: readonly MailLine[];
  orderTotal: number;
  savings: number;
}

/** The buyer's PO number, when they gave one (issue 20). */
const describePoNumber = (order: SubmittedOrder): string[] =>
  order.poNumber ? [`PO number: ${order.poNumber}`] : [];

export function describeLine(line: MailLine): string {
  if (line.kind === 'tester') return `${line.name}: 1 free tester`;
  const amount =
    line.kind === 'bundle'
      ? `${line.quantity} × ${formatCents(line.unitPrice)} per case`
      : `${line.cases} ${line.cases === 1 ? 'case' : 'cases'} (${line.units} bottles) × ${formatCents(line.unitPrice)} per bottle`;
  return `${line.name}: ${amount} = ${formatCents(line.lineTotal)}`;
}

export function describeTotals(cart: MailCart): string[] {
  const lines = [`Order total: ${formatCents(cart.orderTotal)} (shipping free)`];
  if (cart.savings > 0) lines.push(`Volume savings: ${formatCents(cart.savings)}`);
  return lines;
}

export const orderSubmittedEmail = (
  env: MailEnv,
  to: { email: string; firstName: string | null },
  order: SubmittedOrder,
  cart: MailCart,
) =>
  composeEmail(env, to.email, `Order ${order.orderNumber} submitted for approval`, {
    greeting: to.firstName,
    lines: [
      `Thank you for your order ${order.orderNumber}. It has been submitted for approval; no payment has been taken.`,
      ...describePoNumber(order),
      describePaymentTerms(order.paymentTerms),
      ...cart.lines.map(describeLine),
      ...describeTotals(cart),
      isNetTerms(order.paymentTerms)
        ? 'Our team reviews orders within 1-2 business days. Once your order is approved you will receive an invoice with its due date by e-mail.'
        : 'Our team reviews orders within 1-2 business days. Once your order is approved you will receive a payment link by e-mail.',
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: { url: `${env.APP_ORIGIN}/orders/${order.id}`, label: 'View your order' },
  });

export const newOrderStaffEmail = (env: MailEnv, staffEmail: string, order: SubmittedOrder, cart: MailCart) =>
  composeEmail(env, staffEmail, `New order ${order.orderNumber} waiting for approval`, {
    lines: [
      `${order.businessName} submitted order ${order.orderNumber} for approval.`,
      ...describePoNumber(order),
      describePaymentTerms(order.paymentTerms),
      `Customer: ${order.customerName} <${order.customerEmail}>${order.customerPhone ? `, ${order.customerPhone}` : ''}`,
      `Ship to: ${shippingAddressText(order) || 'no address given'}`,
      ...cart.lines.map(describeLine),
      ...describeTotals(cart),
      `Notes: ${order.notes ?? 'none'}`,
    ],
    link: { url: `${env.APP_ORIGIN}/admin`, label: 'Review it in the admin portal' },
  });
