import { toOrderStatus } from './orders';
import {
  DUE_SOON_NOTICE_DAYS,
  isNetTerms,
  PAYMENT_REMINDER_COOLDOWN_MS,
  type PaymentTerms,
} from './payment-terms';
import type { OrderStatus } from './schemas/orders';

/*
 * The rules of an order's state, one home each (docs/orders.md#payment-terms, #approval-and-payment): pure
 * predicates that the server's transitions, jobs and answers and the client's pages read. The server's
 * queries use their SQL twins (server/features/orders/rules/order-rules.sql.ts); a property test holds each
 * pair to the same answer for every order.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Staff approved the order and it still stands (docs/orders.md#approval-and-payment). */
export const APPROVED_ORDER_STATUSES = [
  'processing',
  'shipped',
  'delivered',
] as const satisfies readonly OrderStatus[];

/** The 'payment due soon' e-mail goes this long before the due date, the 'overdue' one this long after it. */
export const DUE_SOON_NOTICE_MS = DUE_SOON_NOTICE_DAYS * DAY_MS;
export const OVERDUE_NOTICE_MS = DAY_MS;

/** What the payment rules read of an order: a database row, or an answer with ISO dates. */
export interface OrderPaymentState {
  status: string;
  paymentStatus: string;
  paymentDueAt: Date | string | null;
}

const timeOf = (value: Date | string) => new Date(value).getTime();

/**
 * Staff approved the order and it still stands: processing, shipped or delivered (legacy `completed`
 * included). Only then may the customer pay (never before approval), and only then does a due date count.
 */
export function isApproved(status: string | null | undefined): boolean {
  return (APPROVED_ORDER_STATUSES as readonly OrderStatus[]).includes(toOrderStatus(status));
}

/**
 * The order's due date still matters: it is approved (so not pending or cancelled), has a due date and is not
 * paid.
 */
export function owesPayment(order: OrderPaymentState): boolean {
  return isApproved(order.status) && order.paymentDueAt !== null && order.paymentStatus !== 'paid';
}

/** Owes payment and its due date has passed at `now` (docs/orders.md#payment-terms: Overdue). */
export function isOverdue(order: OrderPaymentState, now: Date): boolean {
  return owesPayment(order) && order.paymentDueAt !== null && timeOf(order.paymentDueAt) < now.getTime();
}

export type PaymentNoticeKind = 'due-soon' | 'overdue';

/**
 * Which payment e-mail the order is owed at `now`, if any (docs/orders.md#payment-terms): 'due-soon' within
 * DUE_SOON_NOTICE_DAYS before the due date, 'overdue' from a day after it; each once (the `...EmailedAt`
 * marks), and overdue wins (a due-soon notice is pointless by then). Only while it owes payment.
 */
export function paymentNoticeOwed(
  order: OrderPaymentState & {
    paymentDueSoonEmailedAt: Date | string | null;
    paymentOverdueEmailedAt: Date | string | null;
  },
  now: Date,
): PaymentNoticeKind | null {
  if (!owesPayment(order) || order.paymentDueAt === null) return null;
  const due = timeOf(order.paymentDueAt);
  const at = now.getTime();
  if (order.paymentOverdueEmailedAt === null && at >= due + OVERDUE_NOTICE_MS) return 'overdue';
  const soon = at >= due - DUE_SOON_NOTICE_MS && at < due;
  return order.paymentDueSoonEmailedAt === null && soon ? 'due-soon' : null;
}

/** Why staff may not remind the buyer of the order's payment; the server words each (PAYMENT_REMINDER_REFUSALS). */
export type ReminderRefusal = 'notOnTerms' | 'cancelled' | 'notApproved' | 'paid' | 'notOverdue';

/**
 * Why the order cannot be reminded of its payment at `now`, or null when it can (docs/orders.md#payment-terms:
 * an approved, unpaid order on net terms past its due date; Shopify refuses a reminder before the due date
 * and the portal keeps the same rule in test mode). The one-a-day limit is apart: reminderCooldownOver.
 */
export function reminderRefusal(
  order: OrderPaymentState & { paymentTerms: PaymentTerms },
  now: Date,
): ReminderRefusal | null {
  if (!isNetTerms(order.paymentTerms)) return 'notOnTerms';
  if (toOrderStatus(order.status) === 'cancelled') return 'cancelled';
  if (!isApproved(order.status)) return 'notApproved';
  if (order.paymentStatus === 'paid') return 'paid';
  if (!isOverdue(order, now)) return 'notOverdue';
  return null;
}

/** A day has passed since the last payment reminder, or none was sent (one a day per order). */
export function reminderCooldownOver(
  order: { paymentReminderSentAt: Date | string | null },
  now: Date,
): boolean {
  const sentAt = order.paymentReminderSentAt;
  return sentAt === null || timeOf(sentAt) + PAYMENT_REMINDER_COOLDOWN_MS <= now.getTime();
}

/** A payment reminder of the order would go out at `now`: nothing refuses it and the day since the last is over. */
export function canRemind(
  order: OrderPaymentState & { paymentTerms: PaymentTerms; paymentReminderSentAt: Date | string | null },
  now: Date,
): boolean {
  return reminderRefusal(order, now) === null && reminderCooldownOver(order, now);
}

/**
 * Not final: neither cancelled nor both delivered and paid, so Shopify may still change it (the
 * reconciliation reads back the open orders: docs/shopify.md#reconciliation).
 */
export function isOpen(order: { status: string; paymentStatus: string }): boolean {
  const status = toOrderStatus(order.status);
  return status !== 'cancelled' && !(status === 'delivered' && order.paymentStatus === 'paid');
}

/**
 * Where the order's money stands, as buyers and staff read it everywhere an order appears
 * (docs/orders.md#payment-status): 'paid' once paid; else, for an order not cancelled, 'overdue' past its due
 * date, 'payment_due' while a due date counts (approved on net terms), 'invoice_sent' while Shopify's
 * invoice is out, and 'unpaid' otherwise (a pending order, or approved without an invoice yet). A cancelled
 * order that was never paid has none (null): nothing is owed.
 */
export const PAYMENT_STATES = ['unpaid', 'invoice_sent', 'payment_due', 'overdue', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Money is still to come for the order: not paid and not cancelled (admin Orders' 'Unpaid' filter; every
 * payment state but 'paid' and none).
 */
export function isUnpaid(order: { status: string; paymentStatus: string }): boolean {
  return order.paymentStatus !== 'paid' && toOrderStatus(order.status) !== 'cancelled';
}

export function paymentStateOf(order: OrderPaymentState, now: Date): PaymentState | null {
  if (order.paymentStatus === 'paid') return 'paid';
  if (!isUnpaid(order)) return null;
  if (isOverdue(order, now)) return 'overdue';
  if (owesPayment(order)) return 'payment_due';
  return order.paymentStatus === 'invoice_sent' ? 'invoice_sent' : 'unpaid';
}
