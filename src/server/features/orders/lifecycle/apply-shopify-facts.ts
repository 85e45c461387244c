import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { MailEnv } from '../../../mail/compose';
import { enqueueEmail } from '../../../mail/email.jobs';
import { findOrderAccount, lockOrderById, updateOrder } from './order-writes';
import {
  orderRecipient,
  orderStatusEmail,
  orderStatusEmailKey,
  orderTrackingEmail,
  orderTrackingEmailKey,
  withCompanyOwners,
} from './order-status-emails';

import { approvalInvoiceEmailKey, enqueueApprovalEmail } from './approval-email';
import { planOrderChanges, type ShopifyOrderFacts } from './shopify-facts';
import { endHoldInShopify, releaseHeldOrders, type CreditEnv } from './credit-holds';
import type { OrderRow } from '../../../db/schema';

export interface AppliedFacts {
  changed: boolean;
  /** The Shopify order this portal order was just linked to, or null. */
  linkedOrderGid: string | null;
  conflictingOrderGid: string | null;
}

/** Who hears about the order: the same recipient as a staff change's e-mails (orderRecipient). */
async function recipientOf(tx: DatabaseOrTransaction, order: OrderRow) {
  return orderRecipient(await findOrderAccount(tx, order.userId), order);
}

const mailOrder = (order: OrderRow) => ({ ...order, orderNumber: formatOrderNumber(order.id) });

async function queueStatusEmail(
  tx: DatabaseOrTransaction,
  env: MailEnv,
  order: OrderRow,
  status: 'shipped' | 'delivered',
  dedupeKey: string,
): Promise<void> {
  const message = orderStatusEmail(env, await recipientOf(tx, order), mailOrder(order), status);
  if (message) await enqueueEmail(tx, withCompanyOwners(message, order), { dedupeKey });
}

async function queueTrackingEmail(tx: DatabaseOrTransaction, env: MailEnv, order: OrderRow): Promise<void> {
  const message = orderTrackingEmail(env, await recipientOf(tx, order), mailOrder(order));
  if (message) {
    await enqueueEmail(tx, withCompanyOwners(message, order), { dedupeKey: orderTrackingEmailKey(order.id) });
  }
}

/**
 * Applies what Shopify reported to one portal order, in the caller's transaction: the order row is locked
 * (so a webhook, the reconciliation and a staff change of the same order run one after the other), the
 * rules of shopify-facts.ts decide, and the customer's e-mail is queued with the change:
 * - moved to shipped or delivered: the same e-mail and key a staff change sends (a status already reached
 *   sends nothing);
 * - a shipped order's first tracking number or link (it shipped without): the tracking, once per order
 *   (`order-tracking:{id}`), whichever of a webhook and the reconciliation writes it first;
 * - an approved order whose invoice Shopify reports before the invoice job recorded it: the approval e-mail
 *   with 'Pay now', under the invoice job's own key (approval-email.ts), so the customer gets
 *   it once whichever of them learns first that the invoice went out.
 */
export async function applyShopifyFacts(
  tx: DatabaseOrTransaction,
  env: CreditEnv,
  orderId: number,
  facts: ShopifyOrderFacts,
  now: Date = new Date(),
): Promise<AppliedFacts> {
  const order = await lockOrderById(tx, orderId);
  if (!order) return { changed: false, linkedOrderGid: null, conflictingOrderGid: null };
  const plan = planOrderChanges(order, facts, now);
  if (Object.keys(plan.changes).length === 0) {
    return { changed: false, linkedOrderGid: null, conflictingOrderGid: plan.conflictingOrderGid };
  }
  const applied = await updateOrder(tx, order.id, plan.changes);
  // A held order moved on in Shopify leaves the hold without the portal's credit decision: staff are told.
  const updated =
    plan.movedTo && toOrderStatus(order.status) === 'on_hold'
      ? await endHoldInShopify(tx, env, order, applied, now)
      : applied;
  const invoiceRecorded = order.paymentStatus === 'unpaid' && updated.paymentStatus === 'invoice_sent';
  if (invoiceRecorded && toOrderStatus(updated.status) === 'processing' && updated.shopifyDraftOrderGid) {
    await enqueueApprovalEmail(
      tx,
      env,
      updated,
      approvalInvoiceEmailKey(order.id, updated.shopifyDraftOrderGid),
    );
  }
  if (plan.movedTo) {
    const key = orderStatusEmailKey(order.id, plan.movedTo, now);
    await queueStatusEmail(tx, env, updated, plan.movedTo, key);
  }
  if (plan.trackingAdded) await queueTrackingEmail(tx, env, updated);
  // A payment frees credit: the company's orders on hold go back to pending (docs/credit.md#release).
  if (order.paymentStatus !== 'paid' && updated.paymentStatus === 'paid') {
    await releaseHeldOrders(tx, env, updated, now);
  }
  return {
    changed: true,
    linkedOrderGid: plan.changes.shopifyOrderGid ?? null,
    conflictingOrderGid: null,
  };
}
