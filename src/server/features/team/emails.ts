import {
  roleDescriptionInSentence,
  COMPANY_ROLE_LABELS,
  type CompanyRole,
} from '../../../shared/company-roles';
import { composeEmail as compose, type MailEnv } from '../../mail/compose';
import { INVITATION_DAYS } from './invitations.repository';

/** The team's e-mails (docs/emails.md#account-e-mails), written with composeEmail (mail/compose.ts). */

export const invitationUrl = (env: MailEnv, token: string) =>
  `${env.APP_ORIGIN}/invitation?token=${encodeURIComponent(token)}`;

export interface InvitationMail {
  email: string;
  role: CompanyRole;
  companyName: string;
  /** The inviter's name, or null when their account is gone. */
  invitedBy: string | null;
}

export const invitationEmail = (env: MailEnv, invitation: InvitationMail, token: string) =>
  compose(env, invitation.email, `Join ${invitation.companyName} on our wholesale portal`, {
    lines: [
      `${invitation.invitedBy ?? 'An owner'} invited you to order with ${invitation.companyName} on our wholesale portal, as ${COMPANY_ROLE_LABELS[invitation.role]}: ${roleDescriptionInSentence(invitation.role)}.`,
      `Open the link below and press Accept to join; your account is ready at once. The link works once and for ${INVITATION_DAYS} days. If you did not expect this invitation, ignore this e-mail.`,
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: { url: invitationUrl(env, token), label: 'See the invitation' },
  });
