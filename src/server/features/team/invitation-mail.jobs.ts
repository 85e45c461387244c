import { z } from 'zod';
import { MAX_ID } from '../../../shared/limits';
import { fullName } from '../../../shared/user-name';
import type { Database } from '../../db/client';
import { bindJob, defineJob, type BoundJob } from '../../jobs/job-definition';
import { EMAIL_JOB_ATTEMPTS, emailKeyOf } from '../../mail/email.jobs';
import type { MailEnv } from '../../mail/compose';
import type { Mailer } from '../../mail/mailer';
import { generateToken, hashToken } from '../../security/tokens';
import { invitationEmail } from './emails';
import { findInvitationByTokenHash, issueInvitationToken } from './invitations.repository';

/**
 * The invitation e-mail, written by the worker like the sign-in links (docs/security.md#link-tokens): the
 * job holds the invitation's id, never a usable link; the link's secret is made here, just before the
 * e-mail leaves, and only its hash is stored. A retry or a resend makes a new link and the one before stops
 * working.
 */
export const invitationMailJob = defineJob({
  type: 'team.invitation',
  label: 'Team invitation',
  // The address rides along for the delivery problems list (admin-delivery); the job reads the rest anew.
  payload: z.object({ invitationId: z.number().int().positive().max(MAX_ID), email: z.string().max(320) }),
  maxAttempts: EMAIL_JOB_ATTEMPTS,
});

export const TEAM_MAIL_JOB_TYPES = [invitationMailJob.type] as const;

export function teamMailJobs({
  db,
  env,
  mailer,
}: {
  db: Database;
  env: MailEnv;
  mailer: Mailer;
}): BoundJob[] {
  return [
    bindJob(invitationMailJob, async ({ invitationId }, job) => {
      const token = generateToken();
      // Accepted or revoked meanwhile: nothing to send.
      if (!(await issueInvitationToken(db, invitationId, hashToken(token)))) return;
      const invitation = await findInvitationByTokenHash(db, hashToken(token));
      if (!invitation) return;
      const invitedBy = invitation.inviter ? fullName(invitation.inviter) : null;
      await mailer.send(invitationEmail(env, { ...invitation, invitedBy }, token), { key: emailKeyOf(job) });
    }),
  ];
}
