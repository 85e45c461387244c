import { composeEmail as compose, type MailEnv } from '../../mail/compose';
import { MAGIC_LINK_MINUTES, magicLinkUrl } from '../accounts';

/**
 * The e-mails of the admin user decisions (docs/accounts-and-roles.md#approval,
 * docs/emails.md#account-e-mails), written with composeEmail.
 */

interface Person {
  email: string;
  firstName?: string | null;
}

/** Approval: a sign-in link right away, and where to ask for a new one once it has expired. */
export const accountApprovedEmail = (env: MailEnv, user: Person, token: string) =>
  compose(env, user.email, 'Your wholesale account is approved', {
    greeting: user.firstName,
    lines: [
      'Good news: your wholesale account has been approved. Use the link below to sign in and place your first order.',
      `The link works once and expires in ${MAGIC_LINK_MINUTES} minutes. After that, request a new sign-in link at ${env.APP_ORIGIN}/auth with this e-mail address.`,
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
    link: { url: magicLinkUrl(env, token), label: 'Sign in' },
  });

export const accountRejectedEmail = (env: MailEnv, user: Person) =>
  compose(env, user.email, 'Your wholesale account application', {
    greeting: user.firstName,
    lines: [
      'Thank you for your interest in a wholesale account. After reviewing your application, we are unable to approve it at this time.',
      `If you believe this is a mistake or your circumstances change, please contact us at ${env.SUPPORT_EMAIL}.`,
    ],
  });

/** An administrator set a new password: every session of the account was signed out. */
export const passwordSetByAdminEmail = (env: MailEnv, user: Person) =>
  compose(env, user.email, 'Your password was changed', {
    greeting: user.firstName,
    lines: [
      'An administrator has set a new password for your wholesale account, and all your sessions were signed out.',
      `If you did not ask for this, reset your password at ${env.APP_ORIGIN}/auth/forgot-password and contact us at ${env.SUPPORT_EMAIL}.`,
    ],
  });
