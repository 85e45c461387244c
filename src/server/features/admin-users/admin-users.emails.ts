import { composeEmail as compose, type MailEnv } from '../../mail/compose';

/**
 * The e-mails of the admin user decisions (docs/accounts-and-roles.md#approval,
 * docs/emails.md#account-e-mails), written with composeEmail.
 */

interface Person {
  email: string;
  firstName?: string | null;
}

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
