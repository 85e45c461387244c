import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, jobs, reorderReminders, type ReorderReminderRow } from '../../db/schema';
import type { Env } from '../../env';
import { handlerTable } from '../../jobs/job-definition';
import type { MailMessage, Mailer } from '../../mail/mailer';
import { storeOrder } from '../../test/factories/orders';
import { createCustomer } from '../../test/factories/users';
import { reorderReminderJobs, reorderReminderMailJob } from './reorder-reminder.jobs';

/** Companies with order histories, and the reminders' e-mails as the worker would send them, for tests. */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const daysAfter = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS);

/** The seeded 4 oz bottle (12 to a case). */
export const BOTTLE_ID = 1;
/** What the stored lines say they cost then: far from today's price, so a test can tell them apart. */
export const OLD_PRICE_CENTS = 100;

/**
 * A company whose owner placed orders `daysAgo` before `base` (two cases of the 4 oz bottle each), with
 * `status` for every order unless told; returns the owner, the company and the orders, oldest first.
 */
export async function companyWithOrders(
  db: Database,
  base: Date,
  daysAgo: number[],
  options: { name?: string; status?: string } = {},
) {
  const owner = await createCustomer(db, { business: { name: options.name ?? 'Reorder Shop' } });
  const companyId = owner.companyId!;
  const orders = [];
  for (const ago of [...daysAgo].sort((a, b) => b - a)) {
    orders.push(
      await storeOrder(
        db,
        { userId: owner.id, createdAt: daysAfter(base, -ago), status: options.status ?? 'delivered' },
        [{ productId: BOTTLE_ID, quantity: 24, price: OLD_PRICE_CENTS, name: '4 oz mist', sku: '800-0001' }],
      ),
    );
  }
  return { owner, companyId, orders };
}

/** Staff's settings of a company, written as admin Companies would. */
export async function setCompanyReorder(
  db: Database,
  companyId: number,
  values: { reorderReminders?: boolean; reorderIntervalDays?: number | null },
) {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}

export async function remindersOf(db: Database, companyId: number): Promise<ReorderReminderRow[]> {
  return db
    .select()
    .from(reorderReminders)
    .where(eq(reorderReminders.companyId, companyId))
    .orderBy(asc(reorderReminders.id));
}

/**
 * Runs the queued reminder e-mail jobs as the worker would (each taken once) and returns what they sent;
 * other jobs are left alone.
 */
export async function sendQueuedReminders(db: Database, env: Env): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'console',
    send: (message) => {
      sent.push(message);
      return Promise.resolve({ messageId: null });
    },
    close: () => undefined,
  };
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const handlers = handlerTable(reorderReminderJobs({ db, env, mailer, log }));
  for (;;) {
    const [job] = await db
      .update(jobs)
      .set({ state: 'running', lockedAt: new Date(), lockedBy: 'test' })
      .where(
        sql`id = (select id from jobs where state = 'pending' and type = ${reorderReminderMailJob.type} order by id limit 1 for update skip locked)`,
      )
      .returning();
    if (!job) return sent;
    await handlers[job.type]?.(job.payload, job);
    await db.update(jobs).set({ state: 'done', completedAt: new Date() }).where(eq(jobs.id, job.id));
  }
}

/** The reminder e-mail jobs queued for a reminder (by its dedupe key). */
export async function mailJobsOf(db: Database, reminderId: number) {
  return db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.type, reorderReminderMailJob.type), eq(jobs.dedupeKey, `reorder-reminder:${reminderId}`)),
    );
}
