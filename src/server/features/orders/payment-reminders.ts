import { isNetTerms, isPaymentOverdue } from '../../../shared/payment-terms';
import { PAYMENT_REMINDER_REFUSALS } from '../../../shared/schemas/admin-orders';
import { recordAudit } from '../../audit/audit-log';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { ShopifyError } from '../../integrations/shopify/client';
import type { ShopifyApi } from '../../integrations/shopify/shopify-api';
import type { MailEnv } from '../../mail/compose';
import { lockOrderById, updateOrder } from './order-writes';
import { isApprovedOrder } from './order-rules';
import type { StaffActor } from './order-transitions';
import { queueNotice } from './payment-notices';

/*
 * Staff's 'Send payment reminder' in admin Orders (docs/orders.md#payment-terms): for an overdue order on net
 * terms. With the order in Shopify, Shopify e-mails the reminder of its payment schedule
 * (paymentReminderSend); an order placed in test mode gets the portal's own reminder e-mail. Either way the
 * order records when, and the audit log who.
 */

export interface ReminderDeps {
  db: Database;
  env: MailEnv;
  /** The store's API, or null in test mode. */
  shopify: Pick<ShopifyApi, 'getOrderPaymentTerms' | 'sendPaymentReminder'> | null;
}

export type ReminderResult = { ok: true; order: OrderRow } | { ok: false; error: ShopifyError };

const refuse = (message: string) => new AppError('CONFLICT', message);

/**
 * Why `order` cannot be reminded of its payment at `now`, or null when it can: only an overdue payment is
 * reminded of (Shopify refuses a reminder before the due date; the portal keeps the same rule in test mode).
 */
export function reminderRefusal(order: OrderRow, now: Date): string | null {
  if (!isNetTerms(order.paymentTerms)) return PAYMENT_REMINDER_REFUSALS.notOnTerms;
  if (order.status === 'cancelled') return PAYMENT_REMINDER_REFUSALS.cancelled;
  if (!isApprovedOrder(order.status)) return PAYMENT_REMINDER_REFUSALS.notApproved;
  if (order.paymentStatus === 'paid') return PAYMENT_REMINDER_REFUSALS.paid;
  if (!isPaymentOverdue(order, now)) return PAYMENT_REMINDER_REFUSALS.notOverdue;
  return null;
}

export async function sendPaymentReminder(
  deps: ReminderDeps,
  actor: StaffActor,
  orderId: number,
  orderNotFound: string,
): Promise<ReminderResult> {
  const { db, env, shopify } = deps;
  const found = await db.transaction((tx) => lockOrderById(tx, orderId));
  if (!found) throw notFound(orderNotFound);
  const refusal = reminderRefusal(found, new Date());
  if (refusal) throw refuse(refusal);

  const viaShopify = shopify !== null && !found.testMode;
  if (viaShopify) {
    if (!found.shopifyOrderGid) throw refuse(PAYMENT_REMINDER_REFUSALS.notInvoiced);
    const terms = await shopify.getOrderPaymentTerms(found.shopifyOrderGid);
    if (!terms.ok) return { ok: false, error: terms.error };
    const schedule = terms.data.schedule;
    if (!schedule) throw refuse(PAYMENT_REMINDER_REFUSALS.notInvoiced);
    if (schedule.completedAt) throw refuse(PAYMENT_REMINDER_REFUSALS.paid);
    const sent = await shopify.sendPaymentReminder(schedule.id);
    if (!sent.ok) return { ok: false, error: sent.error };
  }

  const order = await db.transaction(async (tx) => {
    const locked = await lockOrderById(tx, orderId);
    if (!locked) throw notFound(orderNotFound);
    const now = new Date();
    const updated = viaShopify
      ? await updateOrder(tx, locked.id, { paymentReminderSentAt: now, updatedAt: now })
      : await remindFromPortal(tx, env, locked, now);
    await recordAudit(tx, actor, {
      action: 'order.payment-reminder',
      entityType: 'order',
      entityId: locked.id,
      after: {
        via: viaShopify ? 'shopify' : 'portal',
        paymentDueAt: locked.paymentDueAt?.toISOString() ?? null,
      },
    });
    return updated;
  });
  return { ok: true, order };
}

/** Test mode: the portal's own reminder e-mail, checked again under the lock. */
async function remindFromPortal(
  tx: DatabaseOrTransaction,
  env: MailEnv,
  order: OrderRow,
  now: Date,
): Promise<OrderRow> {
  const refusal = reminderRefusal(order, now);
  if (refusal) throw refuse(refusal);
  await queueNotice(tx, env, order, 'reminder', now);
  return (await lockOrderById(tx, order.id)) ?? order;
}
