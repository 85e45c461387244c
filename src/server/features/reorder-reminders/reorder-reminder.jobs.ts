import { z } from 'zod';
import { MAX_ID } from '../../../shared/limits';
import { formatOrderNumber } from '../../../shared/orders';
import { priceCart } from '../../../shared/pricing';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import type { Env } from '../../env';
import { bindJob, defineJob, jobToQueue, type BoundJob } from '../../jobs/job-definition';
import { enqueueJob, type Job } from '../../jobs/queue';
import { startSlotJob } from '../../jobs/slot-schedule';
import type { JobLogger } from '../../jobs/worker';
import { EMAIL_JOB_ATTEMPTS, emailKeyOf } from '../../mail/email.jobs';
import type { Mailer } from '../../mail/mailer';
import { generateToken, hashToken } from '../../security/tokens';
import { buildReorder, findItemsOfOrders, findOrderById } from '../orders';
import { issueReorderLinkToken } from '../accounts';
import { loadCatalogueSnapshot } from '../pricing';
import { REORDER_LINK_DAYS, reorderReminderEmail } from './reorder-reminder-email';
import {
  claimCycle,
  cycleKey,
  findCompanyOrders,
  findReminderById,
  findSentCycles,
  findUsersByIds,
  releaseCycle,
  setReminderSent,
} from './reorder-reminders.repository';
import { findDueCycles, mayReceiveReminder, openCycleOf, type OpenCycle } from './reorder-schedule';
import { AppError } from '../../errors';
import type { UserRow } from '../../db/schema';
import { COMPANY_NOT_FOUND } from '../../../shared/schemas/admin-companies';
import { SEND_REMINDER_MESSAGES } from '../../../shared/schemas/reorder-reminders';

/*
 * The reorder reminders' scheduler (docs/reorder-reminders.md#the-job), run from the outbox as the payment
 * notices are:
 *
 * - an hourly slot job (one run per hour over all instances, jobs/slot-schedule.ts) finds the companies
 *   whose reminder is due and claims each cycle — a row of reorder_reminders, unique per (company, last
 *   order) — queueing its e-mail job in the same transaction: once per cycle, whichever instance runs it,
 *   and a restart loses nothing (both are in the database or neither is);
 * - the e-mail job makes the one-click link and the unsubscribe secret just before it hands the e-mail to the
 *   mail server, as the sign-in links are (docs/security.md#link-tokens): the job holds only the reminder's
 *   id, never a usable link; a retry makes new secrets and retires the old ones.
 */

export const REORDER_REMINDERS_INTERVAL_MS = 60 * 60_000;

export const reorderRemindersJob = defineJob({
  type: 'reorder-reminders.run',
  label: 'Reorder reminders',
  payload: z.object({ slot: z.string() }),
  maxAttempts: 3,
});

/** One reminder's e-mail, written when it is sent. */
export const reorderReminderMailJob = defineJob({
  type: 'reorder-reminders.email',
  label: 'Reorder reminder',
  payload: z.object({
    reminderId: z.number().int().positive().max(MAX_ID),
    /** Whom it is for: admin's delivery problems name them (the address is read when the e-mail is written). */
    userId: z.number().int().positive().max(MAX_ID),
  }),
  maxAttempts: EMAIL_JOB_ATTEMPTS,
});

/** The job types of this feature that send e-mail (jobs/registry.ts retries them as e-mail). */
export const REORDER_MAIL_JOB_TYPES = [reorderReminderMailJob.type] as const;

/**
 * Claims every cycle due at `now` that has someone to receive its reminder and queues its e-mail; returns
 * how many were queued. `now` is the job's clock (tests pass theirs).
 */
export async function queueDueReminders(db: Database, now: Date): Promise<number> {
  const due = await findDueCycles(db, now);
  let queued = 0;
  for (const cycle of due) {
    if (cycle.recipient && (await claimAndQueue(db, cycle, cycle.recipient, now))) queued += 1;
  }
  return queued;
}

/**
 * Claims the cycle (its reorder_reminders row, unique per company and last order) and queues its e-mail, in
 * one transaction; false when it was claimed already (by another instance, or by staff's 'Send now').
 */
async function claimAndQueue(
  db: Database,
  cycle: OpenCycle,
  recipient: UserRow,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await claimCycle(tx, {
      companyId: cycle.company.companyId,
      lastOrderId: cycle.lastOrder.id,
      userId: recipient.id,
      intervalDays: cycle.schedule.intervalDays,
      // A placeholder nobody holds: the e-mail job sets the real one when it writes the e-mail.
      unsubscribeTokenHash: hashToken(generateToken()),
      sentAt: now,
    });
    if (!row) return false;
    await enqueueJob(
      tx,
      jobToQueue(
        reorderReminderMailJob,
        { reminderId: row.id, userId: recipient.id },
        { dedupeKey: `reorder-reminder:${row.id}` },
      ),
    );
    return true;
  });
}

/**
 * Staff's 'Send now' (docs/reorder-reminders.md#staff-settings): the company's current cycle's reminder goes
 * at once, due or not, still once per cycle. The refusals are SEND_REMINDER_MESSAGES' (409); the answer is
 * the address it goes to.
 */
export async function sendReminderNow(db: Database, companyId: number, now: Date): Promise<string> {
  const cycle = await openCycleOf(db, companyId, now);
  if (!cycle) {
    const [company] = await findCompanyOrders(db, { companyId });
    if (!company) throw new AppError('NOT_FOUND', COMPANY_NOT_FOUND);
    const lastOrder = company.placed[0];
    const sent = lastOrder ? await findSentCycles(db, [companyId]) : new Set<string>();
    const alreadySent = lastOrder !== undefined && sent.has(cycleKey(companyId, lastOrder.id));
    throw new AppError(
      'CONFLICT',
      alreadySent ? SEND_REMINDER_MESSAGES.alreadySent : SEND_REMINDER_MESSAGES.notScheduled,
    );
  }
  if (!cycle.recipient) throw new AppError('CONFLICT', SEND_REMINDER_MESSAGES.noRecipient);
  if (!(await claimAndQueue(db, cycle, cycle.recipient, now))) {
    throw new AppError('CONFLICT', SEND_REMINDER_MESSAGES.alreadySent);
  }
  return cycle.recipient.email;
}

/**
 * Whether the reminder may still go: the company's reminders on and none of its orders on hold, its last
 * placed order still the one the cycle was claimed for, and the person still one who may receive it.
 */
async function stillDue(
  db: DatabaseOrTransaction,
  reminder: { companyId: number; lastOrderId: number; userId: number | null },
) {
  if (reminder.userId === null) return null;
  const [company] = await findCompanyOrders(db, { companyId: reminder.companyId });
  if (!company?.reminders || company.onHold || company.placed[0]?.id !== reminder.lastOrderId) return null;
  const user = (await findUsersByIds(db, [reminder.userId])).get(reminder.userId);
  return user && mayReceiveReminder(user, reminder.companyId) ? user : null;
}

export interface ReminderMailDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  log: JobLogger;
}

/** Writes and sends one reminder's e-mail (its job's handler). */
export async function sendReorderReminder(deps: ReminderMailDeps, reminderId: number, job: Pick<Job, 'id'>) {
  const { db, env, mailer, log } = deps;
  const reminder = await findReminderById(db, reminderId);
  if (!reminder) return;
  const user = await stillDue(db, reminder);
  const order = user ? await findOrderById(db, reminder.lastOrderId) : null;
  if (!user || !order) {
    // Changed since the cycle was claimed (on hold, turned off, unsubscribed, a newer order): nothing goes, and
    // the cycle is free again should it become due once more.
    await releaseCycle(db, reminder.id);
    log.info({ reminderId }, 'reorder reminder no longer due; not sent');
    return;
  }
  const [catalogue, items] = await Promise.all([
    loadCatalogueSnapshot(db),
    findItemsOfOrders(db, [order.id]),
  ]);
  const reorder = buildReorder(catalogue.catalog, catalogue.productsById, items);
  const priced = priceCart(
    catalogue.catalog,
    reorder.items.map((item) => ({ productId: item.productId, quantity: item.quantity })),
  );
  const unsubscribeToken = generateToken();
  const linkToken = generateToken();
  await setReminderSent(db, reminder.id, hashToken(unsubscribeToken), new Date());
  await issueReorderLinkToken(db, {
    userId: user.id,
    orderId: order.id,
    tokenHash: hashToken(linkToken),
    lifetimeDays: REORDER_LINK_DAYS,
  });
  const message = reorderReminderEmail(env, {
    to: { email: user.email, firstName: user.firstName },
    order: { orderNumber: formatOrderNumber(order.id), createdAt: order.createdAt },
    intervalDays: reminder.intervalDays,
    lines: priced.lines,
    orderTotal: priced.orderTotal,
    unavailable: reorder.unavailable.map((line) => line.productName),
    linkToken,
    unsubscribeToken,
  });
  await mailer.send(message, { key: emailKeyOf(job) });
}

/** The feature's jobs, bound for the worker's table (jobs/registry.ts). */
export function reorderReminderJobs(deps: ReminderMailDeps): BoundJob[] {
  return [
    bindJob(reorderRemindersJob, async () => {
      const queued = await queueDueReminders(deps.db, new Date());
      if (queued > 0) deps.log.info({ queued }, 'reorder reminders queued');
    }),
    bindJob(reorderReminderMailJob, ({ reminderId }, job) => sendReorderReminder(deps, reminderId, job)),
  ];
}

/** Queues the reminders job now and every hour, once per hour over all instances (jobs/slot-schedule.ts). */
export function startReorderReminders(
  db: Database,
  log: JobLogger,
  intervalMs = REORDER_REMINDERS_INTERVAL_MS,
) {
  return startSlotJob(db, log, reorderRemindersJob, intervalMs);
}
