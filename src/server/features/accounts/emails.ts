import { composeEmail as compose, type MailEnv } from '../../mail/compose';

/** The account e-mails (docs/emails.md#account-e-mails), written with composeEmail (mail/compose.ts). */

export const MAGIC_LINK_MINUTES = 15;
export const RESET_LINK_MINUTES = 60;

/**
 * The sign-in link; `next` (a path already checked by shared/return-path.ts) rides along, so the page the
 * link opens goes there after sign-in (docs/accounts-and-roles.md#magic-links).
 */
export const magicLinkUrl = (env: MailEnv, token: string, next = '/') =>
  `${env.APP_ORIGIN}/auth/verify?token=${encodeURIComponent(token)}${next === '/' ? '' : `&next=${encodeURIComponent(next)}`}`;
export const resetLinkUrl = (env: MailEnv, token: string) =>
  `${env.APP_ORIGIN}/reset-password?token=${encodeURIComponent(token)}`;

interface Person {
  email: string;
  firstName?: string | null;
}

export const registrationReceivedEmail = (env: MailEnv, user: Person) =>
  compose(env, user.email, 'Registration received', {
    greeting: user.firstName,
    lines: [
      'Thank you for registering for a wholesale account. We have received your application.',
      'Our team reviews every application within 48 hours. You will receive an e-mail as soon as your account is approved.',
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
  });

export interface RegistrationDetails {
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  phone: string;
  shippingAddress: string;
}

export const newRegistrationStaffEmail = (env: MailEnv, staffEmail: string, user: RegistrationDetails) =>
  compose(env, staffEmail, 'New registration waiting for approval', {
    lines: [
      'A new wholesale registration is waiting for review:',
      `Name: ${user.firstName} ${user.lastName}`,
      `Business: ${user.businessName}`,
      `E-mail: ${user.email}`,
      `Phone: ${user.phone}`,
      `Shipping address: ${user.shippingAddress}`,
      `Review it under Pending Users: ${env.APP_ORIGIN}/admin`,
    ],
  });

export const alreadyRegisteredEmail = (env: MailEnv, user: Person) =>
  compose(env, user.email, 'Registration attempt for your address', {
    greeting: user.firstName,
    lines: [
      'Someone (perhaps you) tried to register a wholesale account with this e-mail address, which already has an account. No new account was created.',
      `To sign in, request a login link at ${env.APP_ORIGIN}/auth. If this was not you, you can ignore this e-mail.`,
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
  });

export const magicLinkEmail = (env: MailEnv, user: Person, token: string, next = '/') =>
  compose(env, user.email, 'Your sign-in link', {
    greeting: user.firstName,
    lines: [
      'Use the link below to sign in to your wholesale account.',
      `The link works once and expires in ${MAGIC_LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
    ],
    link: { url: magicLinkUrl(env, token, next), label: 'Sign in' },
  });

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

export const stillUnderReviewEmail = (env: MailEnv, user: Person) =>
  compose(env, user.email, 'Your application is still under review', {
    greeting: user.firstName,
    lines: [
      'You asked for a sign-in link, but your wholesale application is still under review.',
      'We review every application within 48 hours and will e-mail you as soon as your account is approved.',
      `Questions? Contact us at ${env.SUPPORT_EMAIL}.`,
    ],
  });

export const passwordResetEmail = (env: MailEnv, user: Person, token: string) =>
  compose(env, user.email, 'Reset your password', {
    greeting: user.firstName,
    lines: [
      'Use the link below to choose a new password.',
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
    ],
    link: { url: resetLinkUrl(env, token), label: 'Reset password' },
  });

export const passwordChangedEmail = (env: MailEnv, user: Person) =>
  compose(env, user.email, 'Your password was changed', {
    greeting: user.firstName,
    lines: [
      'The password of your wholesale account was just changed, and your other sessions were signed out.',
      `If this was not you, reset your password at ${env.APP_ORIGIN}/auth/forgot-password and contact us at ${env.SUPPORT_EMAIL}.`,
    ],
  });
