import { formatOrderNumber } from '../../../shared/orders';
import type { DatabaseOrTransaction } from '../../jobs/queue';
import type { MailEnv } from '../../mail/compose';
import { enqueueEmail } from '../../mail/send-email-job';
import { findOrderAccount, lockOrderById, updateOrder } from '../admin-orders/admin-orders.repository';
import { orderStatusEmail, orderStatusEmailKey } from '../admin-orders/order-status-emails';
import { planOrderChanges, type ShopifyOrderFacts } from './order-state';

export interface AppliedFacts {
  changed: boolean;
  /** The Shopify order this portal order was just linked to, or null. */
  linkedOrderGid: string | null;
  conflictingOrderGid: string | null;
}

/**
 * Applies what Shopify reported to one portal order, in the caller's transaction: the order row is locked
 * (so a webhook, the reconciliation and a staff change of the same order run one after the other), the
 * rules of order-state.ts decide, and when the order moved to shipped or delivered the customer's e-mail is
 * queued with it, the same e-mail and key a staff change sends (a status already reached sends nothing).
 */
export async function applyShopifyFacts(
  tx: DatabaseOrTransaction,
  env: MailEnv,
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
  const updated = await updateOrder(tx, order.id, plan.changes);
  if (plan.movedTo) {
    const account = await findOrderAccount(tx, updated.userId);
    const message = orderStatusEmail(
      env,
      { email: account?.email ?? updated.customerEmail, name: account?.firstName || updated.customerName },
      { ...updated, orderNumber: formatOrderNumber(updated.id) },
      plan.movedTo,
    );
    if (message) {
      await enqueueEmail(tx, message, { dedupeKey: orderStatusEmailKey(order.id, plan.movedTo, now) });
    }
  }
  return {
    changed: true,
    linkedOrderGid: plan.changes.shopifyOrderGid ?? null,
    conflictingOrderGid: null,
  };
}
