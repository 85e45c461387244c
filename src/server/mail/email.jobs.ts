import type { DatabaseOrTransaction } from '../db/client';
import { bindJob, defineJob, type BoundJob } from '../jobs/job-definition';
import { enqueueJob, type EnqueueJobInput } from '../jobs/queue';
import { mailMessageSchema, parseMailMessage, type MailMessage, type Mailer } from './mailer';

export const SEND_EMAIL_JOB = 'email.send';

/**
 * Attempts of an e-mail job: e-mail is retried for a time (EMAIL_RETRY_HOURS, jobs/registry.ts), so the count
 * only has to stay out of the way (a job whose worker was killed is claimed again while it has attempts).
 */
export const EMAIL_JOB_ATTEMPTS = 10_000;

/** Sends one e-mail; retried until the mail server accepts it or its retry time is up. */
export const sendEmailJob = defineJob({
  type: SEND_EMAIL_JOB,
  label: 'E-mail',
  payload: mailMessageSchema,
  maxAttempts: EMAIL_JOB_ATTEMPTS,
});

/** The key that names a job's e-mail for good: every attempt carries the same Message-ID (mailer.ts). */
export const emailKeyOf = (job: { id: number }) => `job-${job.id}`;

export interface EnqueueEmailOptions {
  /** Makes the e-mail impossible to enqueue twice (e.g. `order-submitted:42`). */
  dedupeKey?: string;
  runAt?: Date;
}

/**
 * Queues an e-mail in the caller's transaction (outbox): it is sent only if the transaction commits, and
 * retried until the mail server accepts it. Rejects an invalid message (e.g. CR/LF in the subject) at once.
 */
export async function enqueueEmail(
  db: DatabaseOrTransaction,
  message: MailMessage,
  options: EnqueueEmailOptions = {},
): Promise<number | null> {
  return enqueueJob(db, emailJob(message, options));
}

/**
 * The job that sends `message`, for a caller that writes its jobs itself (order submission's statement).
 * Validated here with the definition's schema, so a bad message is refused with a readable
 * InvalidMailMessageError (parseMailMessage) rather than zod's issues.
 */
export function emailJob(message: MailMessage, options: EnqueueEmailOptions = {}): EnqueueJobInput {
  return {
    type: sendEmailJob.type,
    payload: parseMailMessage(message),
    maxAttempts: EMAIL_JOB_ATTEMPTS,
    ...options,
  };
}

/** The addresses of a company's owners who may sign in (docs/companies.md#order-e-mails). */
export type CompanyOwnersLookup = (companyId: number) => Promise<string[]>;

/**
 * The e-mail jobs: a stored message that no longer parses fails for good (worker.ts), the rest is sent. A
 * message `alsoToOwnersOf` a company gets its owners as copies, read now (an owner added since the order
 * gets it too), but never the addressee twice.
 */
export function emailJobs(
  mailer: Mailer,
  ownersOf: CompanyOwnersLookup = () => Promise.resolve([]),
): BoundJob[] {
  return [
    bindJob(sendEmailJob, async ({ alsoToOwnersOf, ...message }, job) => {
      const owners = alsoToOwnersOf === undefined ? [] : await ownersOf(alsoToOwnersOf);
      const cc = [...new Set([...(message.cc ?? []), ...owners])].filter((address) => address !== message.to);
      await mailer.send({ ...message, ...(cc.length > 0 ? { cc } : {}) }, { key: emailKeyOf(job) });
    }),
  ];
}
