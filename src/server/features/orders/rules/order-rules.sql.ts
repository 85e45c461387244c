import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  APPROVED_ORDER_STATUSES,
  DUE_SOON_NOTICE_MS,
  OVERDUE_NOTICE_MS,
  type OrderPaymentState,
} from '../../../../shared/order-rules';
import { STORED_ORDER_STATUSES } from '../../../../shared/orders';
import { isNetTerms, PAYMENT_REMINDER_COOLDOWN_MS, PAYMENT_TERMS } from '../../../../shared/payment-terms';
import type { OrderStatus } from '../../../../shared/schemas/orders';
import { orders, unpaidWithDueDate } from '../../../db/schema';
import { sqlLiteralList } from '../../../db/sql-literals';

/*
 * The SQL twins of the order rules (shared/order-rules.ts): every query of the orders by one of those rules
 * builds its WHERE from these, and order-rules.integration.test.ts holds each to its TypeScript rule's answer
 * for generated orders. Constants are SQL literals (sqlLiteralList), so that PostgreSQL sees that the owed
 * payments' reads imply the predicate of orders_unpaid_due_idx. Each takes the orders table or an alias of it
 * (`alias(orders, 'o')` for a raw query), and is parenthesised, so they compose.
 */

/** The columns of `orders` the rules read: the table itself or an alias of it. */
export type OrderRuleColumns = Record<
  | keyof OrderPaymentState
  | 'paymentTerms'
  | 'paymentReminderSentAt'
  | 'paymentDueSoonEmailedAt'
  | 'paymentOverdueEmailedAt',
  AnyPgColumn
>;

const storedValues = (statuses: readonly OrderStatus[]) =>
  statuses.flatMap((status) => STORED_ORDER_STATUSES[status]);
const at = (time: number) => sql`${new Date(time).toISOString()}::timestamptz`;
const NET_TERMS = sqlLiteralList(PAYMENT_TERMS.filter(isNetTerms));

/** isApproved: processing, shipped or delivered, legacy values included. */
export function approvedSql(o: Pick<OrderRuleColumns, 'status'> = orders): SQL {
  return sql`(${o.status} in (${sqlLiteralList(storedValues(APPROVED_ORDER_STATUSES))}))`;
}

/** owesPayment: approved, with a due date, not paid. Its first terms are orders_unpaid_due_idx's predicate. */
export function owesPaymentSql(o: OrderRuleColumns = orders): SQL {
  return sql`(${unpaidWithDueDate(o)} and ${approvedSql(o)})`;
}

/** isOverdue at `now`: owes payment, due before now. */
export function isOverdueSql(now: Date, o: OrderRuleColumns = orders): SQL {
  return sql`(${owesPaymentSql(o)} and ${o.paymentDueAt} < ${at(now.getTime())})`;
}

/** reminderCooldownOver at `now`: no reminder yet, or the last a full day ago. */
export function reminderCooldownOverSql(now: Date, o: OrderRuleColumns = orders): SQL {
  const lastAllowed = at(now.getTime() - PAYMENT_REMINDER_COOLDOWN_MS);
  return sql`(${o.paymentReminderSentAt} is null or ${o.paymentReminderSentAt} <= ${lastAllowed})`;
}

/** canRemind at `now`: on net terms, overdue, and the day since the last reminder over. */
export function canRemindSql(now: Date, o: OrderRuleColumns = orders): SQL {
  return sql`(${o.paymentTerms} in (${NET_TERMS}) and ${isOverdueSql(now, o)} and ${reminderCooldownOverSql(now, o)})`;
}

/** paymentNoticeOwed(...) === 'overdue' at `now`: owes payment, due a day ago or more, not e-mailed yet. */
export function overdueNoticeOwedSql(now: Date, o: OrderRuleColumns = orders): SQL {
  return sql`(${owesPaymentSql(o)} and ${o.paymentOverdueEmailedAt} is null
    and ${o.paymentDueAt} <= ${at(now.getTime() - OVERDUE_NOTICE_MS)})`;
}

/**
 * A 'due-soon' notice is owed at `now` unless an overdue one is (paymentNoticeOwed): owes payment, due within
 * the next DUE_SOON_NOTICE_DAYS, not e-mailed yet.
 */
export function dueSoonNoticeOwedSql(now: Date, o: OrderRuleColumns = orders): SQL {
  return sql`(${owesPaymentSql(o)} and ${o.paymentDueSoonEmailedAt} is null
    and ${o.paymentDueAt} <= ${at(now.getTime() + DUE_SOON_NOTICE_MS)} and ${o.paymentDueAt} > ${at(now.getTime())})`;
}

/** paymentNoticeOwed(...) !== null at `now`: the orders the hourly payment-notices job e-mails. */
export function paymentNoticeOwedSql(now: Date, o: OrderRuleColumns = orders): SQL {
  return sql`(${overdueNoticeOwedSql(now, o)} or ${dueSoonNoticeOwedSql(now, o)})`;
}

/** isOpen: neither cancelled nor both delivered and paid. */
export function isOpenSql(o: Pick<OrderRuleColumns, 'status' | 'paymentStatus'> = orders): SQL {
  const cancelled = sqlLiteralList(STORED_ORDER_STATUSES.cancelled);
  const delivered = sqlLiteralList(STORED_ORDER_STATUSES.delivered);
  return sql`(not (${o.status} in (${cancelled}) or (${o.status} in (${delivered}) and ${o.paymentStatus} = 'paid')))`;
}

/** isUnpaid: not paid and not cancelled. */
export function isUnpaidSql(o: Pick<OrderRuleColumns, 'status' | 'paymentStatus'> = orders): SQL {
  const cancelled = sqlLiteralList(STORED_ORDER_STATUSES.cancelled);
  return sql`(${o.paymentStatus} <> 'paid' and ${o.status} not in (${cancelled}))`;
}

/**
 * openBalanceOf (shared/credit.ts) as an aggregate, in cents: the total of the rows that owe payment
 * (approved, a due date, unpaid), 0 for none. The caller's WHERE picks the company's orders.
 */
export function openBalanceSql(o: OrderRuleColumns & { orderTotal: AnyPgColumn } = orders): SQL<number> {
  return sql<number>`coalesce((sum(${o.orderTotal}) filter (where ${owesPaymentSql(o)}) * 100)::bigint, 0)::float8`;
}
