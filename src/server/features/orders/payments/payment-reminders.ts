import { reminderRefusal } from '../../../../shared/order-rules';
import { nextPaymentReminderAt } from '../../../../shared/payment-terms';
import {
  PAYMENT_REMINDER_REFUSALS,
  paymentReminderCooldownMessage,
} from '../../../../shared/schemas/admin-orders';
import { recordAudit } from '../../../audit/audit-log';
import type { Database, DatabaseOrTransaction } from '../../../db/client';
import type { OrderRow } from '../../../db/schema';
import { AppError, notFound } from '../../../errors';
import type { ShopifyError } from '../../../integrations/shopify/client';
import type { ShopifyApi } from '../../../integrations/shopify/shopify-api';
import type { MailEnv } from '../../../mail/compose';
import { claimPaymentReminder, findOrderById, releasePaymentReminder } from '../lifecycle/order-records';
import type { StaffActor } from '../lifecycle/order-transitions';
import { queueNotice } from './payment-notices';

/*
 * Staff's 'Send payment reminder' in admin Orders (docs/orders.md#payment-terms): for an overdue order on net
 * terms. With the order in Shopify, Shopify e-mails the reminder of its payment schedule
 * (paymentReminderSend); an order placed in test mode gets the portal's own reminder e-mail. Either way the
 * order records when, and the audit log who. At most one a day per order, on every mode: claimed by a
 * conditional update of the order (claimPaymentReminder) before anything is sent.
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
 * Why `order` cannot be reminded of its payment at `now`, in the 409's words, or null when it can
 * (shared/order-rules.ts reminderRefusal: only an overdue payment is reminded of).
 */
function refusalOf(order: OrderRow, now: Date): string | null {
  const refusal = reminderRefusal(order, now);
  return refusal ? PAYMENT_REMINDER_REFUSALS[refusal] : null;
}

/**
 * The 429 of a reminder asked for within a day of the last one (docs/orders.md#payment-terms): it says when
 * the next may go, in the message, in Retry-After and in `details`.
 */
function cooldown(sentAt: Date | null, now: Date): AppError {
  const nextAt = nextPaymentReminderAt(sentAt ?? now);
  const retryAfterSeconds = Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', paymentReminderCooldownMessage(nextAt), {
    retryAfterSeconds,
    nextReminderAt: nextAt.toISOString(),
  });
}

/**
 * Claims today's reminder of the order, or throws why it cannot be had: 404, the 409 of a rule that no longer
 * holds (it was paid meanwhile, say), or the cooldown's 429.
 */
async function claimOrRefuse(db: DatabaseOrTransaction, orderId: number, now: Date, orderNotFound: string) {
  const claimed = await claimPaymentReminder(db, orderId, now);
  if (claimed) return claimed;
  const current = await findOrderById(db, orderId);
  if (!current) throw notFound(orderNotFound);
  const refusal = refusalOf(current, now);
  if (refusal) throw refuse(refusal);
  // Timed from the moment of the answer: the request that won the claim may have taken its `now` after ours
  // (it waited less for the order's row), and the wait must never read more than a day.
  throw cooldown(current.paymentReminderSentAt, new Date());
}

export async function sendPaymentReminder(
  deps: ReminderDeps,
  actor: StaffActor,
  orderId: number,
  orderNotFound: string,
): Promise<ReminderResult> {
  const { db, env, shopify } = deps;
  const found = await findOrderById(db, orderId);
  if (!found) throw notFound(orderNotFound);
  const refusal = refusalOf(found, new Date());
  if (refusal) throw refuse(refusal);
  if (shopify === null || found.testMode) {
    return { ok: true, order: await remindFromPortal(db, env, actor, orderId, orderNotFound) };
  }

  // The claim commits before Shopify is asked, so requests at once ask Shopify once; a failure gives it back.
  const now = new Date();
  const claimed = await claimOrRefuse(db, orderId, now, orderNotFound);
  const giveBack = () => releasePaymentReminder(db, orderId, now, found.paymentReminderSentAt);
  const result = await remindThroughShopify(shopify, claimed).catch(async (error: unknown) => {
    await giveBack();
    throw error;
  });
  if (!result.sent) {
    await giveBack();
    if ('refusal' in result) throw refuse(result.refusal);
    return { ok: false, error: result.error };
  }
  await recordReminderAudit(db, actor, claimed, 'shopify');
  return { ok: true, order: claimed };
}

/** What Shopify did with the reminder: sent it, or failed; or a refusal of the portal's own. */
type ShopifySend = { sent: true } | { sent: false; refusal: string } | { sent: false; error: ShopifyError };

/**
 * Shopify's paymentReminderSend of the claimed order's payment schedule (the claim held the portal's rules:
 * claimPaymentReminder), once Shopify has invoiced it and its schedule is still open.
 */
async function remindThroughShopify(
  shopify: NonNullable<ReminderDeps['shopify']>,
  order: OrderRow,
): Promise<ShopifySend> {
  if (!order.shopifyOrderGid) return { sent: false, refusal: PAYMENT_REMINDER_REFUSALS.notInvoiced };
  const terms = await shopify.getOrderPaymentTerms(order.shopifyOrderGid);
  if (!terms.ok) return { sent: false, error: terms.error };
  const schedule = terms.data.schedule;
  if (!schedule) return { sent: false, refusal: PAYMENT_REMINDER_REFUSALS.notInvoiced };
  if (schedule.completedAt) return { sent: false, refusal: PAYMENT_REMINDER_REFUSALS.paid };
  const sent = await shopify.sendPaymentReminder(schedule.id);
  if (sent.ok) return { sent: true };
  if (isShopifyDailyLimit(sent.error))
    return { sent: false, refusal: PAYMENT_REMINDER_REFUSALS.shopifyDailyLimit };
  return { sent: false, error: sent.error };
}

/**
 * Shopify's own one-a-day limit (a reminder sent from its admin, which the portal cannot see): said in plain
 * words as a refusal, not as Shopify's raw text. Its only error code is a generic one, so the message tells.
 */
function isShopifyDailyLimit(error: ShopifyError): boolean {
  return (
    error.kind === 'user-errors' &&
    (error.userErrors ?? []).some(({ message }) => /more than 1 payment reminder/i.test(message))
  );
}

/**
 * Test mode: the portal's own reminder e-mail. The claim (which holds the rules), the e-mail and the audit
 * entry commit together, so a refused or failed reminder claims nothing.
 */
async function remindFromPortal(
  db: Database,
  env: MailEnv,
  actor: StaffActor,
  orderId: number,
  orderNotFound: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const claimed = await claimOrRefuse(tx, orderId, now, orderNotFound);
    await queueNotice(tx, env, claimed, 'reminder', now);
    await recordReminderAudit(tx, actor, claimed, 'portal');
    return (await findOrderById(tx, orderId)) ?? claimed;
  });
}

async function recordReminderAudit(
  db: DatabaseOrTransaction,
  actor: StaffActor,
  order: OrderRow,
  via: 'shopify' | 'portal',
) {
  await recordAudit(db, actor, {
    action: 'order.payment-reminder',
    entityType: 'order',
    entityId: order.id,
    after: { via, paymentDueAt: order.paymentDueAt?.toISOString() ?? null },
  });
}
