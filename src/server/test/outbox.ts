import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import type { Env } from '../env';
import { linkMailJobs } from '../features/accounts/link-mail.jobs';
import { teamMailJobs } from '../features/team/invitation-mail.jobs';
import { handlerTable } from '../jobs/job-definition';
import type { MailMessage } from '../mail/mailer';
import { sqlRows } from './sql-rows';
import { testEnv } from './test-app';

/** The e-mail a test portal has queued or sent, read as the recipient would (tests of every feature). */

/** What the link-mail jobs each test database ran have sent, by job id. */
const sentLinkMail = new WeakMap<Database, { jobId: number; message: MailMessage }[]>();

/**
 * Runs the queued link-mail jobs (accounts/link-mail.jobs.ts: sign-in, reset and approval links, and
 * team/invitation-mail.jobs.ts: invitations, are written when they are sent, never stored) as the worker would, and keeps what they send. Each job is taken by one
 * caller (pending → running), so tests that read the outbox at the same time never send one twice.
 */
async function deliverLinkMail(db: Database, env: Env = testEnv()): Promise<void> {
  const sent = sentLinkMail.get(db) ?? [];
  sentLinkMail.set(db, sent);
  const mailer = {
    kind: 'console' as const,
    send: (message: MailMessage) => {
      sent.push({ jobId: current, message });
      return Promise.resolve({ messageId: null });
    },
    close: () => undefined,
  };
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const handlers = handlerTable([
    ...linkMailJobs({ db, env, log, mailer }),
    ...teamMailJobs({ db, env, mailer }),
  ]);
  let current = 0;
  for (let idle = 0; idle < 500;) {
    const [job] = await db
      .update(jobs)
      .set({ state: 'running', lockedAt: new Date(), lockedBy: 'test' })
      .where(
        // SKIP LOCKED: on PostgreSQL two callers at once would otherwise both take the same job (the subquery
        // is not evaluated again after the first caller's update), send it twice, and one link would be stale.
        sql`state = 'pending' and id = (select id from jobs where state = 'pending' and type in ${Object.keys(handlers)} order by id limit 1 for update skip locked)`,
      )
      .returning();
    if (!job) {
      // Another caller's jobs: wait until they are sent, then look again (one may have been skipped while
      // another caller was taking it).
      if (!(await linkMailOpen(db, Object.keys(handlers)))) return;
      idle++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    current = job.id;
    await handlers[job.type]?.(job.payload, job);
    await db.update(jobs).set({ state: 'done', completedAt: new Date() }).where(eq(jobs.id, job.id));
  }
}

/**
 * Whether a link-mail job is still being sent by another caller or still pending. A job another caller is
 * taking right now is skipped (SKIP LOCKED) while it still reads as pending: on PostgreSQL under load, a
 * sign-in once read the outbox before its own link had been sent, so pending jobs count as open too.
 */
async function linkMailOpen(db: Database, types: string[]): Promise<boolean> {
  const [row] = await sqlRows<{ open: number }>(
    db,
    sql`select count(*)::int as open from jobs
         where (state = 'running' and locked_by = 'test') or (state = 'pending' and type in ${types})`,
  );
  return Boolean(row?.open);
}

/** The outbox: every e-mail queued or sent by a link-mail job, oldest first. */
export async function outbox(db: Database, env?: Env): Promise<MailMessage[]> {
  await deliverLinkMail(db, env);
  const rows = await sqlRows<{ id: number; payload: MailMessage }>(
    db,
    sql`select id::int as id, payload from jobs where type = 'email.send' order by id`,
  );
  const queued = rows.map((row) => ({ jobId: row.id, message: row.payload }));
  return [...queued, ...(sentLinkMail.get(db) ?? [])]
    .sort((a, b) => a.jobId - b.jobId)
    .map((entry) => entry.message);
}

export const mailsTo = async (db: Database, to: string) =>
  (await outbox(db)).filter((message) => message.to === to);

/** The token of the `path` link in an e-mail's text ('/auth/verify', '/reset-password', …). */
export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`);
  return match[1];
}
