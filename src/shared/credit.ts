import { formatCents, type Cents } from './money';
import { isNetTerms, type PaymentTerms } from './payment-terms';
import { owesPayment, type OrderPaymentState } from './order-rules';

/*
 * The credit rules, one home each (docs/credit.md): what a company owes at once, and whether an approval
 * must stop for staff. The server's approval, the buyer's 'Credit available' and Insights read these; the
 * open balance's SQL twin is openBalanceSql (server/features/orders/rules/order-rules.sql.ts), held to
 * openBalanceOf by a property test.
 */

/** At this share of the limit staff and the company's owners get one notice (docs/credit.md#the-80-notice). */
export const CREDIT_NOTICE_PERCENT = 80;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A company's open balance: the total of its approved orders on net terms not yet paid (owesPayment: a due
 * date counts only on net terms). Cancelling or paying an order lowers it, approving one on terms raises it.
 */
export function openBalanceOf(orders: ReadonlyArray<OrderPaymentState & { orderTotal: Cents }>): Cents {
  return orders.reduce((sum, order) => (owesPayment(order) ? sum + order.orderTotal : sum), 0);
}

/** What is left of the limit (never below zero): 'Credit available'. */
export function creditAvailable(limit: Cents, openBalance: Cents): Cents {
  return Math.max(0, limit - openBalance);
}

/** Whole days between a due date and `now` (0 on the day itself). */
export function daysOverdue(dueAt: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(dueAt).getTime()) / DAY_MS));
}

/** What an approval would do to the company's credit (docs/credit.md#credit-hold-at-approval). */
export interface CreditCheckInput {
  /** The company's limit in cents; null: none. */
  limit: Cents | null;
  /** The open balance without the order being approved. */
  openBalance: Cents;
  orderTotal: Cents;
  /** The order's own terms: only an order on net terms adds to the balance. */
  paymentTerms: PaymentTerms;
  /** Already paid (Shopify can record a payment before approval): it adds nothing. */
  paid?: boolean;
  /** The due date of the company's oldest overdue order, if any. */
  oldestOverdueDueAt: Date | string | null;
}

export interface CreditProblem {
  /** By how much the approval would take the balance over the limit, in cents; null when it would not. */
  overByCents: Cents | null;
  /** How many days the company's oldest overdue payment is late; null when none is. */
  overdueDays: number | null;
}

/**
 * Why approving the order needs staff to decide, or null when nothing stands in its way: the order (on net
 * terms, unpaid) would take the open balance over the limit, or the company has a payment at least a whole
 * day overdue (whatever this order's terms). A company without a limit is only held for an overdue payment.
 */
export function creditProblem(input: CreditCheckInput, now: Date): CreditProblem | null {
  const adds = isNetTerms(input.paymentTerms) && !input.paid;
  const after = input.openBalance + (adds ? input.orderTotal : 0);
  const overBy = input.limit !== null && adds && after > input.limit ? after - input.limit : null;
  // Overdue counts from a whole day late, as the overdue e-mail does: never '0 days overdue'.
  const days = input.oldestOverdueDueAt === null ? 0 : daysOverdue(input.oldestOverdueDueAt, now);
  const overdue = days >= 1 ? days : null;
  return overBy === null && overdue === null ? null : { overByCents: overBy, overdueDays: overdue };
}

const dayWord = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * How staff read the problem, in the words: 'over the limit by $234.00 · 12 days overdue' (the admin
 * dialog puts it after 'Credit check: ').
 */
export function creditProblemForStaff(problem: CreditProblem): string {
  const parts = [
    problem.overByCents !== null ? `over the limit by ${formatCents(problem.overByCents)}` : null,
    problem.overdueDays !== null ? `${dayWord(problem.overdueDays)} overdue` : null,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}

/** How the buyer reads why their order is on hold (the order page): one or two sentences. */
export function creditProblemForBuyer(problem: CreditProblem): string {
  const parts = [
    problem.overByCents !== null
      ? `This order would take your account over its credit limit by ${formatCents(problem.overByCents)}.`
      : null,
    problem.overdueDays !== null
      ? `A payment on your account is ${dayWord(problem.overdueDays)} overdue.`
      : null,
  ];
  return parts.filter((part) => part !== null).join(' ');
}

/**
 * The 80 % notice is owed by an approval that took the balance from below CREDIT_NOTICE_PERCENT of the limit
 * (or from a crossing not yet told) to at or above it. `noticeSent`: the company's mark of the last notice,
 * cleared when a later approval finds the balance below again.
 */
export function creditNoticeOwed(
  limit: Cents | null,
  before: Cents,
  after: Cents,
  noticeSent: boolean,
): boolean {
  if (!reachesNoticeLine(limit, after)) return false;
  return !noticeSent || !reachesNoticeLine(limit, before);
}

/** The balance is at or above CREDIT_NOTICE_PERCENT of the limit (never, without a limit or with a limit of 0). */
export function reachesNoticeLine(limit: Cents | null, balance: Cents): boolean {
  return limit !== null && limit > 0 && balance * 100 >= limit * CREDIT_NOTICE_PERCENT;
}
