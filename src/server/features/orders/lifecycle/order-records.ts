import { asc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { orderChanges, orders, type OrderRow } from '../../../db/schema';
import { updateOrder } from './order-writes';

/*
 * What the other rooms of the orders module record on an order, each a named change in the caller's
 * transaction (payments the notices it sent and its reminder claim, shopify the draft's sync state), and the
 * reads that go with them. The generic writer (order-writes.ts updateOrder) stays inside lifecycle/: the
 * boundary lint refuses order-writes.ts to every other room (docs/architecture.md#the-orders-module).
 */

export {
  claimPaymentReminder,
  findOrderAccount,
  findOrderById,
  lockOrderById,
  releasePaymentReminder,
} from './order-writes';

/** The order's column that records each payment e-mail (docs/orders.md#payment-terms). */
const PAYMENT_NOTICE_COLUMN = {
  'due-soon': 'paymentDueSoonEmailedAt',
  overdue: 'paymentOverdueEmailedAt',
  reminder: 'paymentReminderSentAt',
} as const satisfies Record<string, keyof OrderRow>;

export type SentPaymentNotice = keyof typeof PAYMENT_NOTICE_COLUMN;

/** A payment e-mail of the order was queued at `now`: it is recorded so that it is never sent twice. */
export async function recordPaymentNoticeSent(
  tx: DatabaseOrTransaction,
  orderId: number,
  notice: SentPaymentNotice,
  now: Date,
): Promise<void> {
  await updateOrder(tx, orderId, { [PAYMENT_NOTICE_COLUMN[notice]]: now, updatedAt: now });
}

/** A create job for the order's Shopify draft was queued: staff see 'Awaiting Shopify sync' until it ends. */
export function recordShopifyDraftRequested(
  tx: DatabaseOrTransaction,
  orderId: number,
  now: Date,
): Promise<OrderRow> {
  return updateOrder(tx, orderId, { shopifySyncStatus: 'pending', updatedAt: now });
}

/**
 * The order's Shopify draft is gone (deleted, or found missing): the order forgets it, and an invoice
 * recorded for it, so nothing points at a dead link.
 */
export function recordShopifyDraftForgotten(
  tx: DatabaseOrTransaction,
  order: OrderRow,
  now: Date,
): Promise<OrderRow> {
  return updateOrder(tx, order.id, {
    shopifyDraftOrderGid: null,
    shopifyOrderId: null,
    shopifyCheckoutUrl: null,
    shopifySyncStatus: 'not_required',
    ...(order.paymentStatus === 'invoice_sent' ? { paymentStatus: 'unpaid', invoiceSentAt: null } : {}),
    updatedAt: now,
  });
}

/**
 * Every order of company `fromId` becomes one of `intoId` (admin Companies' merge,
 * docs/companies.md#admin-companies): who placed each, its status, terms and snapshots stay as they are.
 * How many moved.
 */
/**
 * Locks every order of the company, in id order. A move of all its orders (a merge) takes these before the
 * company's row, as an approval locks its order before the company's row (docs/credit.md): the same order of
 * locks, so the two wait for each other instead of deadlocking.
 */
export async function lockOrdersOfCompany(tx: DatabaseOrTransaction, companyId: number): Promise<void> {
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .orderBy(asc(orders.id))
    .for('update');
}

export async function moveOrdersBetweenCompanies(
  tx: DatabaseOrTransaction,
  fromId: number,
  intoId: number,
): Promise<number> {
  const moved = await tx
    .update(orders)
    .set({ companyId: intoId, updatedAt: new Date() })
    .where(eq(orders.companyId, fromId))
    .returning({ id: orders.id });
  return moved.length;
}

/** Whether the order's lines were ever changed after it was placed (docs/orders.md#changing-a-pending-order). */
export async function orderLinesChanged(db: DatabaseOrTransaction, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderChanges.id })
    .from(orderChanges)
    .where(eq(orderChanges.orderId, orderId))
    .limit(1);
  return row !== undefined;
}
