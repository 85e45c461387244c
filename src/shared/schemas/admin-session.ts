import { z } from 'zod';
import { currentUserSchema } from './current-user';
import { sentence } from './messages';
import { oneLine } from './text';

/** The admin login form's rules (docs/admin.md#admin-access), word for word. */
export const ADMIN_LOGIN_MESSAGES = {
  username: sentence('Username is required'),
  password: sentence('Password is required'),
} as const;

/** POST /api/admin/login (docs/admin.md#admin-access). */
export const adminLoginRequestSchema = z.object({
  username: z
    .string({ message: ADMIN_LOGIN_MESSAGES.username })
    .trim()
    .min(1, ADMIN_LOGIN_MESSAGES.username)
    .max(254, 'must be at most 254 characters')
    .superRefine(oneLine()),
  password: z
    .string({ message: ADMIN_LOGIN_MESSAGES.password })
    .min(1, ADMIN_LOGIN_MESSAGES.password)
    .max(200, 'must be at most 200 characters'),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/**
 * One answer for a wrong password, an unknown username and a non-administrator
 * (docs/security.md#administrator-sign-in).
 */
export const ADMIN_LOGIN_FAILED_MESSAGE = 'Invalid username or password';

/**
 * POST /api/admin/login's answer when the password was right but a second step is needed
 * (docs/security.md#administrator-sign-in): a code from the administrator's authenticator app, or, with
 * `mustEnrol` (ADMIN_REQUIRE_TOTP and no second factor yet), setting one up first. No session exists yet;
 * the pending sign-in is an HttpOnly cookie valid for 5 minutes.
 */
export const adminSecondStepSchema = z.object({
  totpRequired: z.literal(true),
  mustEnrol: z.boolean(),
});
export type AdminSecondStep = z.infer<typeof adminSecondStepSchema>;

/** POST /api/admin/login: the signed-in administrator, or the second step still needed. */
export const adminLoginResponseSchema = z.union([currentUserSchema, adminSecondStepSchema]);

/** The texts of the second factor (docs/admin.md#security), word for word. */
export const TOTP_MESSAGES = {
  codeRequired: sentence('Enter the code from your authenticator app'),
  invalidCode: 'Invalid authentication code',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  noSetup: 'This set-up has expired or was replaced. Please start again.',
  keyUnreadable:
    'The server cannot check authenticator codes: its TOTP key has changed. Use a recovery code, then set up two-factor authentication again.',
  passwordRequired: sentence('Enter your current password'),
  passwordIncorrect: 'Current password is incorrect',
  requiredCannotTurnOff: 'This portal requires two-factor authentication, so it cannot be turned off.',
  keyMissing:
    'Two-factor authentication is not available: the server needs TOTP_ENCRYPTION_KEY. Please ask whoever runs the portal.',
} as const;

/**
 * A 6-digit code from the authenticator app, or a recovery code (spaces and hyphens are ignored): the
 * second sign-in step, the set-up's confirmation, turning the second factor off and new recovery codes.
 */
export const totpCodeRequestSchema = z.object({
  code: z
    .string({ message: TOTP_MESSAGES.codeRequired })
    .trim()
    .min(1, TOTP_MESSAGES.codeRequired)
    .max(64, 'must be at most 64 characters')
    .superRefine(oneLine()),
});
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

/**
 * Starting a set-up in the Security section asks for the administrator's password again, so a session alone
 * (a browser left open, a stolen cookie) cannot bind another authenticator (docs/security.md#the-second-factor).
 */
export const totpSetupRequestSchema = z.object({
  currentPassword: z
    .string({ message: TOTP_MESSAGES.passwordRequired })
    .min(1, TOTP_MESSAGES.passwordRequired)
    .max(200, 'must be at most 200 characters'),
});
export type TotpSetupRequest = z.infer<typeof totpSetupRequestSchema>;

/** A new TOTP secret waiting for its first code: the QR code (an SVG data URL) and the key to type in. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Recovery codes, shown this once (the server keeps only their hashes). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** The set-up finished at sign-in (ADMIN_REQUIRE_TOTP): the administrator, signed in, and their codes. */
export const adminEnrolledSignInSchema = z.object({
  user: currentUserSchema,
  recoveryCodes: z.array(z.string()),
});

/** GET /api/admin/security/totp: the signed-in administrator's second factor. */
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.int().min(0),
  /** ADMIN_REQUIRE_TOTP: without a second factor the next sign-in asks to set one up. */
  required: z.boolean(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;
