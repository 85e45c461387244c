import { formatCents, parseDecimalToCents } from '../../../shared/money';
import {
  SUPPORT_PRIORITY_OPTIONS,
  supportSubjectLabel,
  type SupportOrderDetails,
  type SupportPriority,
  type SupportRecentOrder,
  type SupportUserInfo,
} from '../../../shared/schemas/support';
import { shopifyNameLabel } from '../../../shared/orders';
import { composeEmail, type MailEnv } from '../../mail/compose';
import { mailMessageSchema, type MailMessage } from '../../mail/mailer';

/**
 * The support message e-mail (docs/emails.md#support-e-mail): to the support inbox, Reply-To the customer.
 */

export interface SupportEmailContent {
  subject: string;
  priority: SupportPriority;
  message: string;
  userInfo: SupportUserInfo;
  recentOrders: readonly SupportRecentOrder[];
  orderDetails: SupportOrderDetails | null;
}

/**
 * The subject line's parts fit the mail schema's 300 characters with STORE_NAME (at most 80, env.ts) in
 * front: 'Support [MEDIUM] ' (17) + subject (an option or an order-issue subject, at most 110) + ' - ' +
 * business (at most 80).
 */
const SUBJECT_BUSINESS_MAX = 80;
const SUBJECT_LABEL_MAX = 110;

/**
 * Text that came from a person, made safe for one header line: control characters (CR/LF among them),
 * line and paragraph separators and bidirectional overrides become spaces, runs of space collapse.
 */
export function toHeaderText(value: string, max: number): string {
  const clean = value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...clean];
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : clean;
}

const day = (iso: string) => iso.slice(0, 10);

function priorityText(priority: SupportPriority): string {
  const option = SUPPORT_PRIORITY_OPTIONS.find((candidate) => candidate.value === priority);
  return option ? `${option.label} (${option.description})` : priority;
}

function describeOrder(order: SupportRecentOrder): string {
  return `${order.orderNumber} · ${day(order.date)} · ${order.status} · ${formatCents(parseDecimalToCents(order.total))}`;
}

function orderContextLines(order: SupportOrderDetails): string[] {
  return [
    `About order ${order.orderNumber} (id ${order.id}), ${order.status}, placed ${day(order.createdAt)}.`,
    ...(order.shopifyOrderId ? [shopifyNameLabel(order.shopifyOrderId)] : []),
    `Ordered by: ${order.customerName} <${order.customerEmail}>, ${order.businessName}`,
    `Order notes: ${order.notes || 'none'}`,
  ];
}

export function supportMessageEmail(env: MailEnv, content: SupportEmailContent): MailMessage {
  const { userInfo, orderDetails } = content;
  const business = toHeaderText(userInfo.businessName || userInfo.name, SUBJECT_BUSINESS_MAX);
  const priorityLabel = content.priority.toUpperCase();
  const subjectLabel = toHeaderText(supportSubjectLabel(content.subject), SUBJECT_LABEL_MAX);
  const subject = `Support [${priorityLabel}] ${subjectLabel}${business ? ` - ${business}` : ''}`;

  const adminLink = orderDetails
    ? `${env.APP_ORIGIN}/admin?section=support&order=${orderDetails.id}`
    : `${env.APP_ORIGIN}/admin?section=support`;
  const message = composeEmail(env, env.SUPPORT_EMAIL, subject, {
    lines: [
      `${userInfo.name} of ${userInfo.businessName || 'no business name'} sent a support message.`,
      `Subject: ${supportSubjectLabel(content.subject)}`,
      `Priority: ${priorityText(content.priority)}`,
      `Customer: ${userInfo.name} <${userInfo.email}>, phone ${userInfo.phone}, customer #${userInfo.id}, account created ${day(userInfo.accountCreated)}`,
      ...(orderDetails ? orderContextLines(orderDetails) : ['Not about a specific order.']),
      content.recentOrders.length > 0
        ? `Recent orders: ${content.recentOrders.map(describeOrder).join('; ')}`
        : 'Recent orders: none',
      'Message:',
      // One paragraph per line, so the HTML body keeps the customer's line breaks too.
      ...content.message.split(/\r?\n/).filter((line) => line.trim() !== ''),
      `Reply to this e-mail to answer ${userInfo.email}.`,
    ],
    link: { url: adminLink, label: 'Open it in the admin Support section' },
  });
  // An address the mail schema would refuse (an odd legacy account) must not stop the message reaching staff.
  const replyTo = mailMessageSchema.shape.replyTo.safeParse(userInfo.email);
  return replyTo.success && replyTo.data ? { ...message, replyTo: replyTo.data } : message;
}
