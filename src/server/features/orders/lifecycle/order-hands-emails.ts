import { formatCents } from '../../../../shared/money';
import { formatOrderNumber } from '../../../../shared/orders';
import type { OrderLineDiff } from '../../../../shared/schemas/orders';
import { composeEmail, type MailEnv } from '../../../mail/compose';
import type { MailMessage } from '../../../mail/mailer';
import { describeLine, describeTotals, type MailCart } from '../placement/order-emails';

/*
 * The e-mails of orders that change hands (docs/emails.md#order-e-mails, docs/orders.md#orders-that-change-hands):
 * a prepared order to its buyer (and the company's owners), its reminder and expiry, a decline to staff, and
 * a change of a pending order's lines to whoever did not make it. Each links to the order page, which needs a
 * signed-in buyer of the company: opening the link changes nothing (a mail scanner can follow it safely).
 */

type Person = { email: string; firstName: string | null };
type OrderRef = { id: number; businessName: string };

const orderLink = (env: MailEnv, orderId: number, label: string) => ({
  url: `${env.APP_ORIGIN}/orders/${orderId}`,
  label,
});

const dateText = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function preparedOrderEmail(
  env: MailEnv,
  to: Person,
  order: OrderRef,
  note: string | null,
  cart: MailCart,
  expiresAt: Date,
): MailMessage {
  const number = formatOrderNumber(order.id);
  return composeEmail(env, to.email, `Order ${number} is waiting for your confirmation`, {
    greeting: to.firstName,
    lines: [
      `Our team prepared order ${number} for ${order.businessName}. Please check it and confirm or decline it by ${dateText(expiresAt)}; nothing is ordered until you confirm.`,
      ...(note ? [`A note from our team: ${note}`] : []),
      ...cart.lines.map(describeLine),
      ...describeTotals(cart),
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: orderLink(env, order.id, 'Review and confirm your order'),
  });
}

export function preparedOrderReminderEmail(env: MailEnv, to: Person, order: OrderRef, expiresAt: Date) {
  const number = formatOrderNumber(order.id);
  return composeEmail(env, to.email, `Reminder: order ${number} is waiting for your confirmation`, {
    greeting: to.firstName,
    lines: [
      `Order ${number}, which our team prepared for ${order.businessName}, is still waiting for your confirmation. Unless it is confirmed by ${dateText(expiresAt)}, it expires.`,
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: orderLink(env, order.id, 'Review and confirm your order'),
  });
}

export function preparedOrderExpiredEmail(env: MailEnv, to: Person, order: OrderRef) {
  const number = formatOrderNumber(order.id);
  return composeEmail(env, to.email, `Order ${number} expired unconfirmed`, {
    greeting: to.firstName,
    lines: [
      `Order ${number}, which our team prepared for ${order.businessName}, was not confirmed in time and has expired. Nothing will be shipped or invoiced.`,
      `If you still want it, contact us at ${env.SUPPORT_EMAIL} or place a new order.`,
    ],
    link: orderLink(env, order.id, 'View the order'),
  });
}

/** To staff: a prepared order expired, or its buyer declined it (with their reason). */
export function preparedOrderEndedStaffEmail(
  env: MailEnv,
  staffEmail: string,
  order: OrderRef,
  outcome: { declinedBy: string; reason: string | null } | 'expired',
) {
  const number = formatOrderNumber(order.id);
  const lines =
    outcome === 'expired'
      ? [`Order ${number}, prepared for ${order.businessName}, expired without being confirmed.`]
      : [
          `${outcome.declinedBy} of ${order.businessName} declined order ${number}, which staff prepared for them.`,
          `Their reason: ${outcome.reason ?? 'none given'}`,
        ];
  const subject =
    outcome === 'expired' ? `Order ${number} expired unconfirmed` : `Order ${number} declined by the buyer`;
  return composeEmail(env, staffEmail, subject, {
    lines: [...lines, 'Nothing needs doing: it will not be invoiced or shipped.'],
    link: { url: `${env.APP_ORIGIN}/admin`, label: 'See it in the admin portal' },
  });
}

/** One line of a change: 'Mist 2 oz: 24 → 36', 'Mist 2 oz: added, 12', 'Mist 2 oz: removed (was 24)'. */
export function describeLineDiff(line: OrderLineDiff): string {
  if (line.before === 0) return `${line.name}: added, ${line.after}`;
  if (line.after === 0) return `${line.name}: removed (was ${line.before})`;
  return `${line.name}: ${line.before} → ${line.after}`;
}

interface ChangeMail {
  order: OrderRef;
  lines: readonly OrderLineDiff[];
  totalBefore: number;
  totalAfter: number;
  reason: string | null;
}

function changeLines(change: ChangeMail): string[] {
  return [
    ...change.lines.map(describeLineDiff),
    `New total: ${formatCents(change.totalAfter)} (was ${formatCents(change.totalBefore)})`,
  ];
}

/** To the buyer (and the company's owners): staff changed their pending order. */
export function orderChangedByStaffEmail(env: MailEnv, to: Person, change: ChangeMail) {
  const number = formatOrderNumber(change.order.id);
  return composeEmail(env, to.email, `Order ${number} was changed by our team`, {
    greeting: to.firstName,
    lines: [
      `Our team changed order ${number} before approving it.`,
      ...(change.reason ? [`Why: ${change.reason}`] : []),
      ...changeLines(change),
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: orderLink(env, change.order.id, 'View your order'),
  });
}

/** To staff: a buyer changed their pending order. */
export function orderChangedByBuyerEmail(
  env: MailEnv,
  staffEmail: string,
  buyer: string,
  change: ChangeMail,
) {
  const number = formatOrderNumber(change.order.id);
  return composeEmail(env, staffEmail, `Order ${number} changed by the buyer`, {
    lines: [
      `${buyer} of ${change.order.businessName} changed order ${number} while it was waiting for approval.`,
      ...changeLines(change),
    ],
    link: { url: `${env.APP_ORIGIN}/admin`, label: 'Review it in the admin portal' },
  });
}
