import { formatCents, type Cents } from '../../../../shared/money';
import { CREDIT_NOTICE_PERCENT } from '../../../../shared/credit';
import { composeEmail, type MailEnv } from '../../../mail/compose';
import type { MailMessage } from '../../../mail/mailer';

/*
 * The credit e-mails (docs/emails.md#credit-e-mails): the 80 % notice to staff and the company's owners, and
 * staff's note that a payment released the company's held orders.
 */

export interface CreditNoticeCompany {
  id: number;
  name: string;
  limit: Cents;
  openBalance: Cents;
}

const usedLine = (company: CreditNoticeCompany) =>
  `The open balance is ${formatCents(company.openBalance)} of a ${formatCents(company.limit)} credit limit (${Math.floor(
    (company.openBalance * 100) / company.limit,
  )} %).`;

/** To staff: the company reached CREDIT_NOTICE_PERCENT of its limit. */
export function creditNoticeStaffEmail(env: MailEnv, to: string, company: CreditNoticeCompany): MailMessage {
  return composeEmail(env, to, `${company.name} has used ${CREDIT_NOTICE_PERCENT} % of its credit limit`, {
    lines: [
      `${company.name} has reached ${CREDIT_NOTICE_PERCENT} % of its credit limit.`,
      usedLine(company),
      'Approvals that would take it over the limit will ask for a credit decision.',
    ],
    link: { url: `${env.APP_ORIGIN}/admin/companies/${company.id}`, label: 'View the company' },
  });
}

/** To each owner: their account reached CREDIT_NOTICE_PERCENT of its limit. */
export function creditNoticeOwnerEmail(env: MailEnv, to: string, company: CreditNoticeCompany): MailMessage {
  return composeEmail(env, to, `Your account has used ${CREDIT_NOTICE_PERCENT} % of its credit limit`, {
    lines: [
      `${company.name} has reached ${CREDIT_NOTICE_PERCENT} % of its credit limit with us.`,
      usedLine(company),
      `Credit available: ${formatCents(Math.max(0, company.limit - company.openBalance))}. Paying open invoices frees credit for new orders.`,
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: { url: `${env.APP_ORIGIN}/account`, label: 'View your account' },
  });
}

/** To staff: a payment released the company's orders on hold back to pending. */
export function holdsReleasedEmail(
  env: MailEnv,
  to: string,
  company: { id: number; name: string },
  paidOrderNumber: string,
  released: readonly string[],
): MailMessage {
  return composeEmail(env, to, `Orders released from hold: ${company.name}`, {
    lines: [
      `${company.name} paid order ${paidOrderNumber}, so its orders on hold are back to Pending: ${released.join(', ')}.`,
      'Approving them runs the credit check again.',
    ],
    link: { url: `${env.APP_ORIGIN}/admin/orders?status=pending`, label: 'Review pending orders' },
  });
}

/**
 * To staff: a held order was moved on in Shopify (its draft completed and fulfilled in Shopify's admin), so it
 * left 'On hold' without the credit check's decision; what the check says now, if anything.
 */
export function holdEndedInShopifyEmail(
  env: MailEnv,
  to: string,
  orderNumber: string,
  status: string,
  creditSummary: string | null,
): MailMessage {
  return composeEmail(env, to, `Order ${orderNumber} left 'On hold' in Shopify`, {
    lines: [
      `Order ${orderNumber} was on hold, and Shopify now reports it ${status}: it left the hold without a credit decision in the portal.`,
      creditSummary ? `Credit check: ${creditSummary}.` : 'The credit check finds nothing against it now.',
    ],
    link: { url: `${env.APP_ORIGIN}/admin/orders?search=${orderNumber}`, label: 'View the order' },
  });
}
