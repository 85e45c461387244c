import { safeExternalUrl } from '../../../../shared/external-url';
import { formatCents } from '../../../../shared/money';
import { isApproved, paymentStateOf } from '../../../../shared/order-rules';
import { ORDER_STATUS_LABELS } from '../../../../shared/orders';
import { paymentStateText } from '../../../../shared/payment-state';
import type { OrderStatus } from '../../../../shared/schemas/orders';
import { composeEmail, type MailEnv } from '../../../mail/compose';
import {
  formatDueDate,
  isNetTerms,
  PAYMENT_TERMS_LABELS,
  type PaymentTerms,
} from '../../../../shared/payment-terms';
import type { MailMessage } from '../../../mail/mailer';

/**
 * The customer's e-mails when staff move an order on (docs/emails.md#order-e-mails: 'order approved (with
 * payment link when there is one)', 'order shipped (with tracking when known)'; delivered and cancelled get a
 * short notice). Moving an order back to pending sends nothing.
 */

export interface StatusMailOrder {
  id: number;
  orderNumber: string;
  /** The stored status as it is now (the payment status line is only for an approved order). */
  status: string;
  paymentStatus: string;
  paymentTerms: PaymentTerms;
  /** Net terms: when payment falls due (docs/orders.md#payment-terms). */
  paymentDueAt: Date | null;
  /** Cents. */
  orderTotal: number;
  shopifyCheckoutUrl: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  trackingCompany: string | null;
  /** Why it is on hold (docs/credit.md#credit-hold-at-approval), when it is. */
  holdReason: string | null;
}

export interface StatusMailRecipient {
  email: string;
  name: string | null;
}

/**
 * Who the customer's e-mails about an order go to: the account that placed it (its address and first name),
 * else the contact typed into the order (an order whose account is gone).
 */
/**
 * An e-mail about an order goes to the person who placed it and, as copies, to the owners of its company
 * (docs/companies.md#order-e-mails), who are looked up when it is sent.
 */
export function withCompanyOwners<Message extends MailMessage>(
  message: Message,
  order: { companyId: number | null },
): Message {
  return order.companyId === null ? message : { ...message, alsoToOwnersOf: order.companyId };
}

export function orderRecipient(
  account: { email: string; firstName: string | null } | null,
  order: { customerEmail: string; customerName: string },
): StatusMailRecipient {
  return { email: account?.email ?? order.customerEmail, name: account?.firstName || order.customerName };
}

/**
 * One e-mail per change of status: the key names the change (order, status and when it was made), so a
 * retried job never sends twice, while a real later change (a mistake corrected, then the order really
 * approved) still tells the customer. Setting the status an order already has changes nothing and sends
 * nothing.
 */
export function orderStatusEmailKey(orderId: number, status: OrderStatus, changedAt: Date): string {
  return `order-status:${orderId}:${status}:${changedAt.getTime()}`;
}

/**
 * The invoice link while one is out and unpaid (docs/orders.md#approval-and-payment), else null (test mode).
 */
export function paymentLinkOf(env: Pick<MailEnv, 'APP_ORIGIN'>, order: StatusMailOrder): string | null {
  return order.paymentStatus === 'invoice_sent'
    ? safeExternalUrl(order.shopifyCheckoutUrl, env.APP_ORIGIN)
    : null;
}

/**
 * Where the money of an approved order stands, in the words of every screen (docs/orders.md#payment-status):
 * 'Payment status: Payment due Dec 29, 2026.', 'Payment status: Overdue (due Dec 29, 2026).', 'Payment
 * status: Paid.'; nothing for an order that is not approved (pending, cancelled).
 */
export function paymentStatusLines(order: StatusMailOrder, now = new Date()): string[] {
  if (!isApproved(order.status)) return [];
  const state = paymentStateOf(order, now);
  if (!state) return [];
  const due = order.paymentDueAt ? formatDueDate(order.paymentDueAt) : null;
  const wasDue = state === 'overdue' && due ? ` (due ${due})` : '';
  return [`Payment status: ${paymentStateText(state, due)}${wasDue}.`];
}

/**
 * What the buyer owes, amount first (docs/emails.md#order-e-mails): on net terms '$1,234.56 is due by Dec 29,
 * 2026 (Net 30).', else with a Pay link 'Please pay $1,234.56 with the link below.'; nothing otherwise.
 */
function amountOwed(order: StatusMailOrder, payLink: string | null): string | null {
  const amount = formatCents(order.orderTotal);
  if (order.paymentDueAt && isNetTerms(order.paymentTerms)) {
    const terms = PAYMENT_TERMS_LABELS[order.paymentTerms];
    return `${amount} is due by ${formatDueDate(order.paymentDueAt)} (${terms}).`;
  }
  return payLink ? `Please pay ${amount} with the link below.` : null;
}

export function orderStatusEmail(
  env: MailEnv,
  to: StatusMailRecipient,
  order: StatusMailOrder,
  status: OrderStatus,
): MailMessage | null {
  const orderLink = { url: `${env.APP_ORIGIN}/orders/${order.id}`, label: 'View your order' };
  const questions = `Questions? Contact us at ${env.SUPPORT_EMAIL}.`;
  const number = order.orderNumber;
  const paymentStatus = paymentStatusLines(order);
  // The order vocabulary (docs/orders.md#order-vocabulary): approval is the move to Processing, the word
  // the buyer's badge and tracker use.
  const approvedStatusLine = `In your order history it now shows as ${ORDER_STATUS_LABELS.processing}.`;
  switch (status) {
    // Prepared for the buyer: its own e-mail (lifecycle/prepared-order-emails.ts), not a status e-mail.
    case 'awaiting_confirmation':
      return null;
    case 'processing': {
      const payment = paymentLinkOf(env, order);
      const owed = amountOwed(order, payment);
      if (payment) {
        // The amount and the due date lead, the Pay link follows them (composeEmail puts the link after
        // the first paragraph).
        return composeEmail(env, to.email, `Order ${number} approved: payment link inside`, {
          greeting: to.name,
          lines: [
            `Good news: your order ${number} has been approved. ${owed ?? ''}`.trim(),
            ...paymentStatus,
            approvedStatusLine,
            `You can follow your order at ${orderLink.url}.`,
            questions,
          ],
          link: { url: payment, label: 'Pay now' },
        });
      }
      return composeEmail(env, to.email, `Order ${number} approved`, {
        greeting: to.name,
        lines: [
          `Good news: your order ${number} has been approved and is being prepared.`,
          ...(owed ? [owed] : []),
          ...paymentStatus,
          approvedStatusLine,
          "We'll e-mail you again when it ships.",
          questions,
        ],
        link: orderLink,
      });
    }
    case 'shipped': {
      const tracking = [
        order.trackingCompany ? `Carrier: ${order.trackingCompany}` : null,
        order.trackingNumber ? `Tracking number: ${order.trackingNumber}` : null,
      ].filter((line): line is string => line !== null);
      const trackingUrl = safeExternalUrl(order.trackingUrl, env.APP_ORIGIN);
      if (trackingUrl) tracking.push(`Track your package: ${trackingUrl}`);
      return composeEmail(env, to.email, `Order ${number} shipped`, {
        greeting: to.name,
        lines: [`Your order ${number} is on its way.`, ...tracking, ...paymentStatus, questions],
        link: orderLink,
      });
    }
    case 'delivered':
      return composeEmail(env, to.email, `Order ${number} delivered`, {
        greeting: to.name,
        lines: [
          `Your order ${number} has been delivered. Thank you for your business.`,
          ...paymentStatus,
          questions,
        ],
        link: orderLink,
      });
    case 'cancelled':
      return composeEmail(env, to.email, `Order ${number} cancelled`, {
        greeting: to.name,
        lines: [
          `Your order ${number} has been cancelled.`,
          `If you did not expect this, please contact us at ${env.SUPPORT_EMAIL}.`,
        ],
        link: orderLink,
      });
    case 'on_hold':
      return composeEmail(env, to.email, `Order ${number} is on hold`, {
        greeting: to.name,
        lines: [
          `Your order ${number} is on hold and has not been approved yet.`,
          ...(order.holdReason ? [order.holdReason] : []),
          `Our team will be in touch. ${questions}`,
        ],
        link: orderLink,
      });
    case 'pending':
      return null;
  }
}

/**
 * Once per order: the tracking e-mail is sent the first time tracking reaches an order already shipped,
 * whichever of a webhook and the reconciliation writes it (shopify-events/apply-facts.ts).
 */
export function orderTrackingEmailKey(orderId: number): string {
  return `order-tracking:${orderId}`;
}

/**
 * The tracking of an order that shipped without it: Shopify lets a merchant fulfil first and add tracking
 * later, after the 'shipped' e-mail went out. Null when there is no number or link to follow.
 */
export function orderTrackingEmail(
  env: MailEnv,
  to: StatusMailRecipient,
  order: StatusMailOrder,
): MailMessage | null {
  const trackingUrl = safeExternalUrl(order.trackingUrl, env.APP_ORIGIN);
  if (!order.trackingNumber && !trackingUrl) return null;
  const number = order.orderNumber;
  const lines = [
    `Your order ${number} is on its way, and you can now follow it.`,
    order.trackingCompany ? `Carrier: ${order.trackingCompany}` : null,
    order.trackingNumber ? `Tracking number: ${order.trackingNumber}` : null,
    trackingUrl ? `Track your package: ${trackingUrl}` : null,
    ...paymentStatusLines(order),
    `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
  ].filter((line): line is string => line !== null);
  return composeEmail(env, to.email, `Order ${number}: tracking details`, {
    greeting: to.name,
    lines,
    link: { url: `${env.APP_ORIGIN}/orders/${order.id}`, label: 'View your order' },
  });
}
