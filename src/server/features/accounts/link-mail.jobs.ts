import { z } from 'zod';
import { MAX_ID } from '../../../shared/limits';
import { MAX_RETURN_PATH_LENGTH, safeReturnPath } from '../../../shared/return-path';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { bindJob, defineJob, type BoundJob } from '../../jobs/job-definition';
import type { Job } from '../../jobs/queue';
import type { JobLogger } from '../../jobs/worker';
import { EMAIL_JOB_ATTEMPTS, emailKeyOf } from '../../mail/email.jobs';
import type { MailMessage, Mailer } from '../../mail/mailer';
import { generateToken, hashToken } from '../../security/tokens';
import { findUserByEmail, findUserById, issueLinkToken, type LinkPurpose } from './accounts.repository';
import {
  accountApprovedEmail,
  MAGIC_LINK_MINUTES,
  magicLinkEmail,
  passwordResetEmail,
  RESET_LINK_MINUTES,
  stillUnderReviewEmail,
} from './emails';

/**
 * The e-mails that carry a sign-in or reset link, written by the worker, never by the request
 * (docs/security.md#sign-in-and-enumeration, docs/security.md#link-tokens):
 *
 * - a request for a link queues the same one job for every address, known or not, so neither its answer nor
 *   its time tells whether the address has an account; the account is looked up here;
 * - the link's token is made here, just before the e-mail is handed to the mail server, and only its hash is
 *   stored: the job holds an address or a user id, never a usable link. A retry after a failed send makes a
 *   new token (issueLinkToken retires the one before).
 */

const emailPayload = z.object({ email: z.string().min(1).max(320) });

/**
 * 'Send me a sign-in link' for an address: a link to an approved customer, a notice to a pending one. `next`
 * is the same-origin path the link leads back to after sign-in (checked when the request was made and again
 * here; jobs queued before it existed have none).
 */
export const signInLinkJob = defineJob({
  type: 'account.sign-in-link',
  label: 'Sign-in link',
  payload: emailPayload.extend({ next: z.string().max(MAX_RETURN_PATH_LENGTH).optional() }),
  maxAttempts: EMAIL_JOB_ATTEMPTS,
});

/** 'Forgot password' for an address: a reset link to an account that may reset its password. */
export const resetLinkJob = defineJob({
  type: 'account.reset-link',
  label: 'Password reset link',
  payload: emailPayload,
  maxAttempts: EMAIL_JOB_ATTEMPTS,
});

/** The approval e-mail with its first sign-in link (docs/accounts-and-roles.md#approval). */
export const approvalLinkJob = defineJob({
  type: 'account.approval-link',
  label: 'Approval e-mail',
  payload: z.object({ userId: z.number().int().positive().max(MAX_ID) }),
  maxAttempts: EMAIL_JOB_ATTEMPTS,
});

/** The job types of this file (jobs/registry.ts counts them as e-mail). */
export const LINK_MAIL_JOB_TYPES = [signInLinkJob.type, resetLinkJob.type, approvalLinkJob.type] as const;

/** Accounts that may ask for a password reset: any that exists and is not rejected or disabled. */
export const mayResetPassword = (user: UserRow) => user.status === 'approved' || user.status === 'pending';

/** Customers who sign in with a link: approved, and not administrators (who use /admin/login). */
export const maySignInWithLink = (user: UserRow) => user.status === 'approved' && user.role !== 'admin';

export interface LinkMailDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  log: JobLogger;
}

/**
 * A request older than its link's lifetime is dropped, not answered late (the mail server was down): the
 * person has asked again by then, or will (docs/emails.md#account-e-mails).
 */
function isStale(job: Job, lifetimeMinutes: number, now = Date.now()): boolean {
  return now - job.createdAt.getTime() > lifetimeMinutes * 60_000;
}

export function linkMailJobs({ db, env, mailer, log }: LinkMailDeps): BoundJob[] {
  /** Issues a fresh link token for `user` and sends the e-mail that carries it. */
  async function sendWithNewLink(
    job: Job,
    user: UserRow,
    purpose: LinkPurpose,
    lifetimeMinutes: number,
    compose: (token: string) => MailMessage,
  ) {
    const token = generateToken();
    await issueLinkToken(db, purpose, user.id, hashToken(token), lifetimeMinutes);
    await mailer.send(compose(token), { key: emailKeyOf(job) });
  }

  const dropStale = (job: Job) =>
    log.info({ jobId: job.id, type: job.type }, 'link request too old; not sent');

  return [
    bindJob(signInLinkJob, async ({ email, next }, job) => {
      const user = await findUserByEmail(db, email);
      // Administrators sign in only with their password on /admin/login (docs/accounts-and-roles.md#administrators).
      if (!user || user.role === 'admin') return;
      if (user.status === 'pending') {
        await mailer.send(stillUnderReviewEmail(env, user), { key: emailKeyOf(job) });
        return;
      }
      if (!maySignInWithLink(user)) return;
      if (isStale(job, MAGIC_LINK_MINUTES)) return dropStale(job);
      await sendWithNewLink(job, user, 'magic-link', MAGIC_LINK_MINUTES, (token) =>
        magicLinkEmail(env, user, token, safeReturnPath(next)),
      );
    }),
    bindJob(resetLinkJob, async ({ email }, job) => {
      const user = await findUserByEmail(db, email);
      if (!user || !mayResetPassword(user)) return;
      if (isStale(job, RESET_LINK_MINUTES)) return dropStale(job);
      await sendWithNewLink(job, user, 'password-reset', RESET_LINK_MINUTES, (token) =>
        passwordResetEmail(env, user, token),
      );
    }),
    bindJob(approvalLinkJob, async ({ userId }, job) => {
      // Decided again since (rejected, disabled, made an administrator): no approval e-mail any more.
      const user = await findUserById(db, userId);
      if (!user || !maySignInWithLink(user)) return;
      await sendWithNewLink(job, user, 'magic-link', MAGIC_LINK_MINUTES, (token) =>
        accountApprovedEmail(env, user, token),
      );
    }),
  ];
}
