import { formatCents } from '../../../shared/money';
import { formatDueDate } from '../../../shared/payment-terms';
import type { PricedLine } from '../../../shared/pricing';
import {
  REORDER_LINK_PATH,
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PATH,
} from '../../../shared/schemas/reorder-reminders';
import { composeEmail, type MailEnv } from '../../mail/compose';
import type { MailMessage } from '../../mail/mailer';
import { describeLine } from '../orders';

/*
 * The reorder reminder (docs/emails.md#reorder-reminders, docs/reorder-reminders.md#the-e-mail): the last
 * order's lines at today's prices, the one-click link that signs in and opens the order form with them, and
 * the unsubscribe link, also as RFC 8058 one-click headers.
 */

export const REORDER_REMINDER_SUBJECT = 'Time to reorder?';
/** How long the e-mail's one-click link works. */
export const REORDER_LINK_DAYS = 14;

export interface ReminderMail {
  to: { email: string; firstName: string | null };
  order: { orderNumber: string; createdAt: Date };
  intervalDays: number;
  /** The last order's lines as the Reorder button prices them today. */
  lines: readonly Pick<
    PricedLine,
    'name' | 'kind' | 'quantity' | 'cases' | 'units' | 'unitPrice' | 'lineTotal'
  >[];
  orderTotal: number;
  /** Lines whose product is no longer sold, left out. */
  unavailable: readonly string[];
  /** The link's secret and the unsubscribe secret, made just before the e-mail is handed to the mail server. */
  linkToken: string;
  unsubscribeToken: string;
}

export const reorderLinkUrl = (env: MailEnv, token: string) =>
  `${env.APP_ORIGIN}${REORDER_LINK_PATH}?token=${token}`;
export const unsubscribePageUrl = (env: MailEnv, token: string) =>
  `${env.APP_ORIGIN}${UNSUBSCRIBE_PATH}?token=${token}`;
/** The List-Unsubscribe URL mail clients POST to (RFC 8058). */
export const unsubscribeApiUrl = (env: MailEnv, token: string) =>
  `${env.APP_ORIGIN}${UNSUBSCRIBE_API_PATH}?token=${token}`;

export function reorderReminderEmail(env: MailEnv, mail: ReminderMail): MailMessage {
  const placed = formatDueDate(mail.order.createdAt);
  const lines =
    mail.lines.length > 0
      ? [
          `Your last order ${mail.order.orderNumber} at today's prices:`,
          ...mail.lines.map(describeLine),
          `Total at today's prices: ${formatCents(mail.orderTotal)} (shipping free)`,
        ]
      : [`None of the products of your last order ${mail.order.orderNumber} is available any more.`];
  if (mail.unavailable.length > 0) {
    lines.push(`No longer available, so left out: ${mail.unavailable.join(', ')}.`);
  }
  const message = composeEmail(env, mail.to.email, REORDER_REMINDER_SUBJECT, {
    greeting: mail.to.firstName,
    lines: [
      `You usually order about every ${mail.intervalDays === 1 ? 'day' : `${mail.intervalDays} days`}, and your last order ${mail.order.orderNumber} was placed on ${placed}. Ready for the next one?`,
      ...lines,
      `The link signs you in and opens the order form with these lines, so you can change anything before you submit. It works once, for ${REORDER_LINK_DAYS} days.`,
      `You receive this because you placed your company's last order. You can stop these reminders with the link below or in My Account.`,
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: { url: reorderLinkUrl(env, mail.linkToken), label: 'Reorder now' },
    footerLink: { url: unsubscribePageUrl(env, mail.unsubscribeToken), label: 'Stop reorder reminders' },
  });
  return { ...message, unsubscribeUrl: unsubscribeApiUrl(env, mail.unsubscribeToken) };
}
