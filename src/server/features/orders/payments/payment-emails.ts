import { formatCents } from '../../../../shared/money';
import { formatDueDate } from '../../../../shared/payment-terms';
import { composeEmail, type MailEnv } from '../../../mail/compose';
import type { MailMessage } from '../../../mail/mailer';
import {
  paymentLinkOf,
  paymentStatusLines,
  type StatusMailOrder,
  type StatusMailRecipient,
} from '../lifecycle/order-status-emails';

/*
 * The buyer's e-mails about an order on net terms (docs/emails.md#payment-e-mails): 3 days before the due
 * date, the day after it when still unpaid, and the reminder staff send from admin Orders in test mode (with
 * the store connected Shopify sends that one). Each carries the Pay link while an invoice is out.
 */

export type PaymentNotice = 'due-soon' | 'overdue' | 'reminder';

export interface PaymentMailOrder extends StatusMailOrder {
  paymentDueAt: Date;
}

export function paymentNoticeEmail(
  env: MailEnv,
  to: StatusMailRecipient,
  order: PaymentMailOrder,
  notice: PaymentNotice,
  now = new Date(),
): MailMessage {
  const number = order.orderNumber;
  const due = formatDueDate(order.paymentDueAt);
  const amount = formatCents(order.orderTotal);
  const pay = paymentLinkOf(env, order);
  const orderLink = { url: `${env.APP_ORIGIN}/orders/${order.id}`, label: 'View your order' };
  const link = pay ? { url: pay, label: 'Pay now' } : orderLink;
  const howToPay = pay
    ? `You can follow your order at ${orderLink.url}.`
    : `Please pay ${amount} as agreed on your account.`;
  const { subject, opening } = NOTICE_TEXT[notice](number, due, amount);
  return composeEmail(env, to.email, subject, {
    greeting: to.name,
    lines: [
      opening,
      ...paymentStatusLines(order, now),
      howToPay,
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link,
  });
}

const NOTICE_TEXT: Record<
  PaymentNotice,
  (number: string, due: string, amount: string) => { subject: string; opening: string }
> = {
  'due-soon': (number, due, amount) => ({
    subject: `Payment for order ${number} due ${due}`,
    opening: `A friendly reminder: payment of ${amount} for your order ${number} is due ${due}.`,
  }),
  overdue: (number, due, amount) => ({
    subject: `Payment for order ${number} is overdue`,
    opening: `Payment of ${amount} for your order ${number} was due ${due} and we have not received it yet. If you have already paid, thank you, and please ignore this message.`,
  }),
  reminder: (number, due, amount) => ({
    subject: `Payment reminder for order ${number}`,
    opening: `This is a reminder that payment of ${amount} for your order ${number} was due ${due}. If you have already paid, thank you, and please ignore this message.`,
  }),
};
