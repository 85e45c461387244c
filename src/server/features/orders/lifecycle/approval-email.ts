import { formatOrderNumber } from '../../../../shared/orders';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { MailEnv } from '../../../mail/compose';
import { enqueueEmail } from '../../../mail/email.jobs';
import type { OrderRow } from '../../../db/schema';
import {
  orderRecipient,
  orderStatusEmail,
  orderStatusEmailKey,
  withCompanyOwners,
} from './order-status-emails';
import { isApproved } from '../../../../shared/order-rules';
import { findOrderAccount } from './order-writes';
import type { InvoiceJobPayload } from '../shopify/draft-order-definitions';

/*
 * The customer's approval e-mail when a store is connected (docs/orders.md#approval-and-payment,
 * docs/emails.md#order-e-mails). Staff approval leaves it to the invoice job (shopify-sync.ts
 * onOrderStatusChanged) so it can carry the 'Pay now' link; whoever then learns that the invoice went out
 * (that job, or a webhook or the reconciliation that saw it first) queues it with approvalInvoiceEmailKey, so
 * it goes out once.
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
  if (!isApproved(order.status)) return false;
  const account = await findOrderAccount(tx, order.userId);
  const message = orderStatusEmail(
    env,
    orderRecipient(account, order),
    { ...order, orderNumber: formatOrderNumber(order.id) },
    'processing',
  );
  if (!message) return false;
  await enqueueEmail(tx, withCompanyOwners(message, order), { dedupeKey });
  return true;
}

/** How the invoice job ended. 'completed': a free order (the tester alone) is completed instead of invoiced. */
export type InvoiceOutcome = 'invoiced' | 'completed' | 'failed';

/**
 * The key of the approval e-mail: the one that goes with the draft's invoice once the invoice is out
 * (or the job found it done), else the approval's own plain one (null: the job was queued after the
 * customer was told of the approval, shopify-sync.ts onDraftRecorded).
 */
export function approvalEmailKey(
  order: OrderRow,
  payload: InvoiceJobPayload,
  outcome: InvoiceOutcome,
): string | null {
  const invoiced = outcome === 'invoiced' || order.paymentStatus !== 'unpaid';
  if (invoiced && order.shopifyDraftOrderGid) {
    return approvalInvoiceEmailKey(order.id, order.shopifyDraftOrderGid);
  }
  return payload.approvedAt
    ? orderStatusEmailKey(order.id, 'processing', new Date(payload.approvedAt))
    : null;
}
