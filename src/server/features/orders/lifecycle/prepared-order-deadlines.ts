import { z } from 'zod';
import { toOrderStatus } from '../../../../shared/orders';
import { PREPARED_ORDER_REMINDER_DAYS } from '../../../../shared/schemas/order-changes';
import { recordOrderMove } from './order-move-audit';
import type { Database, DatabaseOrTransaction } from '../../../db/client';
import type { OrderRow, PreparedOrderRow } from '../../../db/schema';
import { bindJob, defineJob, type BoundJob } from '../../../jobs/job-definition';
import { startSlotJob } from '../../../jobs/slot-schedule';
import type { JobLogger } from '../../../jobs/worker';
import type { MailEnv } from '../../../mail/compose';
import { enqueueEmail } from '../../../mail/email.jobs';
import { findPreparedOrdersDue, updatePreparedOrder } from './change-writes';
import {
  preparedOrderEndedStaffEmail,
  preparedOrderExpiredEmail,
  preparedOrderReminderEmail,
} from './order-hands-emails';
import { orderRecipient, withCompanyOwners } from './order-status-emails';
import { findOrderAccount, lockOrderById, updateOrder } from './order-writes';
import { onOrderStatusChanged } from '../shopify/shopify-sync';

/*
 * The deadlines of an order staff prepared (docs/orders.md#staff-prepare-an-order): unconfirmed 7 days after
 * it was prepared, its buyer (and the company's owners) get one reminder; unconfirmed at 14 days, it expires
 * (cancelled, the buyer and staff told). An hourly job, once per hour over all instances, queues the e-mails
 * through the outbox in the transaction that records them, so none goes twice.
 */

export const PREPARED_ORDER_DEADLINES_INTERVAL_MS = 60 * 60_000;
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export const preparedOrderDeadlinesJob = defineJob({
  type: 'orders.prepared-deadlines',
  label: 'Prepared orders: reminders and expiry',
  payload: z.object({ slot: z.string() }),
  maxAttempts: 3,
});

type DeadlineEnv = MailEnv & { STAFF_EMAIL: string };

async function recipientOf(tx: DatabaseOrTransaction, order: OrderRow) {
  const to = orderRecipient(await findOrderAccount(tx, order.userId), order);
  return { email: to.email, firstName: to.name };
}

async function expire(
  tx: DatabaseOrTransaction,
  env: DeadlineEnv,
  order: OrderRow,
  now: Date,
  connected: boolean,
) {
  const expired = await updateOrder(tx, order.id, {
    status: 'cancelled',
    cancelledAt: now,
    version: order.version + 1,
    updatedAt: now,
  });
  await onOrderStatusChanged(tx, {
    connected,
    order: expired,
    previousStatus: order.status,
    status: 'cancelled',
    changedAt: now,
  });
  await updatePreparedOrder(tx, order.id, { expiredAt: now });
  await recordOrderMove(tx, { user: null, ip: 'system' }, 'order.prepared-expired', order, expired);
  const buyerMail = preparedOrderExpiredEmail(env, await recipientOf(tx, order), order);
  await enqueueEmail(tx, withCompanyOwners(buyerMail, order), {
    dedupeKey: `order-prepared-expired:${order.id}`,
  });
  await enqueueEmail(tx, preparedOrderEndedStaffEmail(env, env.STAFF_EMAIL, order, 'expired'), {
    dedupeKey: `order-prepared-expired-staff:${order.id}`,
  });
}

async function remind(
  tx: DatabaseOrTransaction,
  env: DeadlineEnv,
  order: OrderRow,
  prepared: PreparedOrderRow,
  now: Date,
) {
  await updatePreparedOrder(tx, order.id, { remindedAt: now });
  const message = preparedOrderReminderEmail(env, await recipientOf(tx, order), order, prepared.expiresAt);
  await enqueueEmail(tx, withCompanyOwners(message, order), {
    dedupeKey: `order-prepared-reminder:${order.id}`,
  });
}

/** Sends the reminders and expires the orders due at `now` (up to a batch); returns what it did. */
export async function runPreparedOrderDeadlines(
  db: Database,
  env: DeadlineEnv,
  now: Date,
  /** A store is connected: a draft an expired order should not have is deleted. */
  connected = false,
): Promise<{ reminded: number; expired: number }> {
  const remindBefore = new Date(now.getTime() - PREPARED_ORDER_REMINDER_DAYS * DAY_MS);
  const due = await findPreparedOrdersDue(db, remindBefore, now, BATCH);
  const done = { reminded: 0, expired: 0 };
  for (const prepared of due) {
    // Each order in its own transaction, its row locked: a buyer confirming at this moment wins or waits.
    await db.transaction(async (tx) => {
      const order = await lockOrderById(tx, prepared.orderId);
      if (!order || toOrderStatus(order.status) !== 'awaiting_confirmation') return;
      if (prepared.expiresAt.getTime() <= now.getTime()) {
        await expire(tx, env, order, now, connected);
        done.expired += 1;
      } else if (prepared.remindedAt === null) {
        await remind(tx, env, order, prepared, now);
        done.reminded += 1;
      }
    });
  }
  return done;
}

export function preparedOrderDeadlineJobs(deps: {
  db: Database;
  env: DeadlineEnv;
  log: JobLogger;
  shopify: unknown;
}): BoundJob[] {
  return [
    bindJob(preparedOrderDeadlinesJob, async () => {
      const done = await runPreparedOrderDeadlines(deps.db, deps.env, new Date(), deps.shopify !== null);
      if (done.reminded + done.expired > 0) deps.log.info(done, 'prepared orders reminded or expired');
    }),
  ];
}

/** Queues the deadlines job now and every hour, once per hour over all instances (jobs/slot-schedule.ts). */
export function startPreparedOrderDeadlines(
  db: Database,
  log: JobLogger,
  intervalMs = PREPARED_ORDER_DEADLINES_INTERVAL_MS,
) {
  return startSlotJob(db, log, preparedOrderDeadlinesJob, intervalMs);
}
