import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_PROBLEM_NOT_FOUND,
  MAX_DELIVERY_PROBLEMS,
  SEND_AGAIN_MESSAGE,
  type DeliveryProblemsResponse,
} from '../../../shared/schemas/admin-delivery';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { jobs, users } from '../../db/schema';
import { notFound } from '../../errors';
import { requeueFailedJob } from '../../jobs/queue';
import { EMAIL_JOB_TYPES } from '../../jobs/registry';
import type { AdminDeps } from '../admin';
import { deliveryKindOf, type Addressee } from './delivery-kinds';

const failedEmail = and(eq(jobs.state, 'failed'), inArray(jobs.type, [...EMAIL_JOB_TYPES]));

/**
 * The e-mails the portal gave up on (docs/admin.md#delivery-problems): retried for EMAIL_RETRY_HOURS with a
 * capped backoff, then listed here with their last error, for staff to send again once the cause is fixed.
 * Each job's payload is parsed with its own schema (delivery-kinds.ts); one that no longer parses is listed
 * as unreadable, not skipped.
 */
export function createAdminDeliveryService({ db }: AdminDeps) {
  /** The addresses of the accounts an e-mail was for (an approval e-mail's job holds the user id only). */
  async function addressesOf(addressees: ReadonlyArray<Addressee | null>): Promise<Map<number, string>> {
    const ids = addressees.flatMap((addressee) =>
      addressee?.userId === undefined ? [] : [addressee.userId],
    );
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
      const read = rows.map((row) => {
        const kind = deliveryKindOf(row.type);
        return { row, kind, addressee: kind.read(row.payload) };
      });
      const addresses = await addressesOf(read.map(({ addressee }) => addressee));
      return {
        total,
        problems: read.map(({ row, kind, addressee }) => {
          const userId = addressee?.userId;
          return {
            id: row.id,
            kind: kind.label,
            subject: addressee?.subject ?? null,
            recipient: addressee?.to ?? (userId === undefined ? null : (addresses.get(userId) ?? null)),
            unreadable: addressee === null,
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
