import { formatOrderNumber } from '../../../shared/orders';
import type { DatabaseOrTransaction } from '../../db/client';
import type { MailEnv } from '../../mail/compose';
import { enqueueEmail } from '../../mail/send-email-job';
import { findOrderAccount } from '../admin-orders/admin-orders.repository';
import { orderRecipient, orderStatusEmail } from '../admin-orders/order-status-emails';
import { isApprovedOrder } from '../orders/order-view';
import type { OrderRow } from '../../db/schema';

/*
 * The customer's approval e-mail when a store is connected (DECISIONS §1 step 4, §6). Staff approval leaves
 * it to the invoice job (shopify-order-jobs.ts onOrderStatusChanged) so it can carry the 'Pay now' link;
 * whoever then learns that the invoice went out (that job, or a webhook or the reconciliation that saw it
 * first) queues it with approvalInvoiceEmailKey, so it goes out once.
 */

/** The dedupe key of the approval e-mail that goes with a draft's invoice: one per draft. */
export function approvalInvoiceEmailKey(orderId: number, draftGid: string): string {
  return `order-approved-invoice:${orderId}:${draftGid}`;
}

/**
 * Queues the approval e-mail for the order as it stands (the caller holds its row lock, in the transaction
 * that recorded what it learnt): with the 'Pay now' link while its invoice is out and unpaid, plain
 * otherwise (orderStatusEmail decides); nothing unless the order is approved (processing, shipped or
 * delivered). Returns whether an e-mail was queued (a key already used queues nothing, and says true).
 */
export async function enqueueApprovalEmail(
  tx: DatabaseOrTransaction,
  env: MailEnv,
  order: OrderRow,
  dedupeKey: string,
): Promise<boolean> {
  if (!isApprovedOrder(order.status)) return false;
  const account = await findOrderAccount(tx, order.userId);
  const message = orderStatusEmail(
    env,
    orderRecipient(account, order),
    { ...order, orderNumber: formatOrderNumber(order.id) },
    'processing',
  );
  if (!message) return false;
  await enqueueEmail(tx, message, { dedupeKey });
  return true;
}
