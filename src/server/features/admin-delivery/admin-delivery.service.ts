import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_PROBLEM_NOT_FOUND,
  MAX_DELIVERY_PROBLEMS,
  SEND_AGAIN_MESSAGE,
  type DeliveryProblem,
  type DeliveryProblemsResponse,
} from '../../../shared/schemas/admin-delivery';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { jobs, users } from '../../db/schema';
import { notFound } from '../../errors';
import { requeueFailedJob, type Job } from '../../jobs/queue';
import { EMAIL_JOB_TYPES } from '../../jobs/registry';
import { SEND_EMAIL_JOB } from '../../mail/email.jobs';
import type { AdminDeps } from '../admin';

/** What each kind of e-mail job is called in the list. */
const KIND_OF: Record<string, DeliveryProblem['kind']> = {
  [SEND_EMAIL_JOB]: 'E-mail',
  'account.sign-in-link': 'Sign-in link',
  'account.reset-link': 'Password reset link',
  'account.approval-link': 'Approval e-mail',
};

const failedEmail = and(eq(jobs.state, 'failed'), inArray(jobs.type, [...EMAIL_JOB_TYPES]));

/** A field of a stored payload, if it is a string or a number. */
function field(payload: unknown, name: string): string | number | null {
  const value = (payload as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/**
 * The e-mails the portal gave up on (docs/admin.md#delivery-problems): retried for EMAIL_RETRY_HOURS with a
 * capped backoff, then listed here with their last error, for staff to send again once the cause is fixed.
 */
export function createAdminDeliveryService({ db }: AdminDeps) {
  /** The addresses of the users an approval e-mail was for (its job holds the user id only). */
  async function recipientsOf(rows: Job[]): Promise<Map<number, string>> {
    const ids = rows.map((row) => field(row.payload, 'userId')).filter((id) => typeof id === 'number');
    if (ids.length === 0) return new Map();
    const found = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(found.map((user) => [user.id, user.email]));
  }

  return {
    async list(): Promise<DeliveryProblemsResponse> {
      const rows = await db
        .select()
        .from(jobs)
        .where(failedEmail)
        .orderBy(desc(jobs.updatedAt), desc(jobs.id))
        .limit(MAX_DELIVERY_PROBLEMS);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(jobs).where(failedEmail);
      const userEmails = await recipientsOf(rows);
      return {
        total,
        problems: rows.map((row) => {
          const to = field(row.payload, 'to') ?? field(row.payload, 'email');
          const userId = field(row.payload, 'userId');
          const subject = field(row.payload, 'subject');
          return {
            id: row.id,
            kind: KIND_OF[row.type] ?? 'E-mail',
            subject: typeof subject === 'string' ? subject : null,
            recipient:
              typeof to === 'string'
                ? to
                : typeof userId === 'number'
                  ? (userEmails.get(userId) ?? null)
                  : null,
            lastError: row.lastError,
            attempts: row.attempts,
            queuedAt: row.createdAt.toISOString(),
            failedAt: row.updatedAt.toISOString(),
          };
        }),
      };
    },

    /** 'Send again': the e-mail is queued from the start (a link e-mail gets a fresh link), audited. */
    async sendAgain(actor: AuditActor, id: number): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ type: jobs.type })
          .from(jobs)
          .where(and(eq(jobs.id, id), failedEmail));
        if (!row || !(await requeueFailedJob(tx, id))) throw notFound(DELIVERY_PROBLEM_NOT_FOUND);
        await recordAudit(tx, actor, { action: 'email.send-again', entityType: 'job', entityId: id });
        return { message: SEND_AGAIN_MESSAGE };
      });
    },
  };
}
