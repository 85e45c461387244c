import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { paymentNoticeOwed } from '../../../../shared/order-rules';
import { formatOrderNumber } from '../../../../shared/orders';
import type { Database, DatabaseOrTransaction } from '../../../db/client';
import { orders, type OrderRow } from '../../../db/schema';
import { bindJob, defineJob, type BoundJob } from '../../../jobs/job-definition';
import { startSlotJob } from '../../../jobs/slot-schedule';
import type { JobLogger } from '../../../jobs/worker';
import type { MailEnv } from '../../../mail/compose';
import { enqueueEmail } from '../../../mail/email.jobs';
import { orderRecipient, withCompanyOwners } from '../lifecycle/order-status-emails';
import { findOrderAccount, recordPaymentNoticeSent } from '../lifecycle/order-records';
import { paymentNoticeOwedSql } from '../rules/order-rules.sql';
import { paymentNoticeEmail, type PaymentNotice } from './payment-emails';

/*
 * The buyer's payment e-mails of orders on net terms (docs/orders.md#payment-terms): 3 days before the due
 * date and the day after it, once each, while the order owes payment (shared/order-rules.ts paymentNoticeOwed).
 * An hourly job finds the orders due a notice (through the partial index orders_unpaid_due_idx), queues each
 * e-mail through the outbox and records it on the order in the same transaction, so a notice is never sent
 * twice, by any instance.
 */

export const PAYMENT_NOTICES_JOB = 'orders.payment-notices';
export const PAYMENT_NOTICES_INTERVAL_MS = 60 * 60_000;
/** Orders handled per run; more wait for the next run (an hour later). */
export const PAYMENT_NOTICES_BATCH = 500;

export const paymentNoticesJob = defineJob({
  type: PAYMENT_NOTICES_JOB,
  label: 'Payment e-mails',
  payload: z.object({ slot: z.string() }),
  maxAttempts: 3,
});

/** Queues every notice owed at `now` (up to a batch); returns how many were queued. */
export async function sendPaymentNotices(db: Database, env: MailEnv, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const owing = await tx
      .select()
      .from(orders)
      .where(paymentNoticeOwedSql(now))
      .orderBy(asc(orders.paymentDueAt))
      .limit(PAYMENT_NOTICES_BATCH)
      .for('update', { skipLocked: true });
    let queued = 0;
    for (const order of owing) {
      const notice = paymentNoticeOwed(order, now);
      if (notice && (await queueNotice(tx, env, order, notice, now))) queued += 1;
    }
    return queued;
  });
}

/** The notice's e-mail and its mark on the order, in the caller's transaction. */
export async function queueNotice(
  tx: DatabaseOrTransaction,
  env: MailEnv,
  order: OrderRow,
  notice: PaymentNotice,
  now: Date,
): Promise<boolean> {
  if (!order.paymentDueAt) return false;
  const account = await findOrderAccount(tx, order.userId);
  const message = paymentNoticeEmail(
    env,
    orderRecipient(account, order),
    { ...order, paymentDueAt: order.paymentDueAt, orderNumber: formatOrderNumber(order.id) },
    notice,
    now,
  );
  // Once per due date: a new one (approved again after a move back to pending, or moved later in Shopify)
  // owes the buyer its own notices.
  const key = `${notice}:${(notice === 'reminder' ? now : order.paymentDueAt).getTime()}`;
  await enqueueEmail(tx, withCompanyOwners(message, order), { dedupeKey: `payment-${key}:${order.id}` });
  await recordPaymentNoticeSent(tx, order.id, notice, now);
  return true;
}

/** The orders feature's scheduled job, bound for the worker's table (jobs/registry.ts). */
export function paymentNoticesJobs(deps: { db: Database; env: MailEnv; log: JobLogger }): BoundJob[] {
  return [
    bindJob(paymentNoticesJob, async () => {
      const queued = await sendPaymentNotices(deps.db, deps.env, new Date());
      if (queued > 0) deps.log.info({ queued }, 'payment notices queued');
    }),
  ];
}

/** Queues the notices job now and every hour, once per hour over all instances (jobs/slot-schedule.ts). */
export function startPaymentNotices(db: Database, log: JobLogger, intervalMs = PAYMENT_NOTICES_INTERVAL_MS) {
  return startSlotJob(db, log, paymentNoticesJob, intervalMs);
}
