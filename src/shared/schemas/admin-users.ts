import { z } from 'zod';
import { COMPANY_ROLES } from '../company-roles';
import { PAYMENT_TERMS } from '../payment-terms';
import {
  checkPasswordRules,
  PASSWORD_COMPOSITION,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../passwords';
import { emailSchema } from './auth';
import { sentence } from './messages';
import { oneLineText } from './text';

/**
 * Contracts of the admin Users and Pending Users API (docs/admin.md#users, docs/admin.md#pending-users), used
 * by the routes and by the dashboard's forms. The messages are word for word.
 */

export const USER_ROLES = ['customer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ['pending', 'approved', 'rejected', 'disabled'] as const;
export const APPROVAL_DECISIONS = ['approved', 'rejected'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const ADMIN_USERS_MESSAGES = {
  allFieldsRequired: sentence('All fields are required'),
  newPasswordRequired: sentence('Please enter a new password'),
  roleRequired: sentence('Please select a role'),
  decisionRequired: sentence("The decision must be 'approved' or 'rejected'"),
  mustBeOneLine: sentence('Names must be on one line'),
  usernameTooLong: sentence('Username must be at most 100 characters long'),
  nameTooLong: sentence('Names must be at most 100 characters long'),
  businessNameTooLong: sentence('Business name must be at most 200 characters long'),
} as const;

// The password rule texts (docs/accounts-and-roles.md#passwords) are whole sentences wherever they are sent.
sentence(PASSWORD_TOO_SHORT);
sentence(PASSWORD_TOO_LONG);
sentence(PASSWORD_COMPOSITION);

/** The password rules as the 'Add User' and 'Reset Password' dialogs list them. */
export const PASSWORD_RULES_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, with at least one uppercase letter, one lowercase letter and one number.`;

/** A password that keeps the rules of shared/passwords.ts; never trimmed (spaces are characters). */
const passwordWithRules = z.string().superRefine((password, context) => {
  const broken = checkPasswordRules(password);
  if (broken) context.addIssue({ code: 'custom', message: broken });
});

const required = z
  .string({ message: ADMIN_USERS_MESSAGES.allFieldsRequired })
  .trim()
  .min(1, ADMIN_USERS_MESSAGES.allFieldsRequired);

/** Text that may end up in an e-mail: one line of printable text (shared/text-rules.ts), bounded. */
const userLine = (max: number, tooLong: string) =>
  oneLineText(max, { tooLong, lineBreak: ADMIN_USERS_MESSAGES.mustBeOneLine });

const roleSchema = z.enum(USER_ROLES, { message: ADMIN_USERS_MESSAGES.roleRequired });

/**
 * POST /api/admin/users. First every field must be there ('All fields are required'; the password is
 * not trimmed, only checked for emptiness), then each must be valid: the e-mail (lower-cased), the
 * password rules, a role.
 */
export const createUserRequestSchema = z
  .object({
    username: required,
    password: z
      .string({ message: ADMIN_USERS_MESSAGES.allFieldsRequired })
      .min(1, ADMIN_USERS_MESSAGES.allFieldsRequired),
    email: required,
    firstName: required,
    lastName: required,
    businessName: required,
    role: z.unknown().optional(),
  })
  .pipe(
    z.object({
      username: userLine(100, ADMIN_USERS_MESSAGES.usernameTooLong),
      password: passwordWithRules,
      email: emailSchema,
      firstName: userLine(100, ADMIN_USERS_MESSAGES.nameTooLong),
      lastName: userLine(100, ADMIN_USERS_MESSAGES.nameTooLong),
      businessName: userLine(200, ADMIN_USERS_MESSAGES.businessNameTooLong),
      role: roleSchema,
    }),
  );
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** POST /api/admin/users/{userId}/reset-password. */
export const resetUserPasswordRequestSchema = z.object({
  password: z
    .string({ message: ADMIN_USERS_MESSAGES.newPasswordRequired })
    .min(1, ADMIN_USERS_MESSAGES.newPasswordRequired)
    .pipe(passwordWithRules),
});
export type ResetUserPasswordRequest = z.infer<typeof resetUserPasswordRequestSchema>;

/** PATCH /api/admin/users/{userId}/role. */
export const updateUserRoleRequestSchema = z.object({ role: roleSchema });
export type UpdateUserRoleRequest = z.infer<typeof updateUserRoleRequestSchema>;

/** PATCH /api/admin/users/{userId}/payment-terms (docs/admin.md#users, docs/orders.md#payment-terms). */
export const updateUserPaymentTermsRequestSchema = z.object({
  paymentTerms: z.enum(PAYMENT_TERMS, { message: `must be one of ${PAYMENT_TERMS.join(', ')}` }),
});
export type UpdateUserPaymentTermsRequest = z.infer<typeof updateUserPaymentTermsRequestSchema>;

/**
 * GET /api/admin/payment-terms: the terms staff may give a customer. With the store connected, a net option
 * is available only when Shopify has a NET template of that many days (paymentTermsTemplates); in test mode
 * all are.
 */
export const paymentTermsOptionsResponseSchema = z.object({
  options: z.array(z.object({ value: z.enum(PAYMENT_TERMS), label: z.string(), available: z.boolean() })),
});
export type PaymentTermsOptionsResponse = z.infer<typeof paymentTermsOptionsResponseSchema>;

/** POST /api/admin/users/{userId}/approve. */
export const approveUserRequestSchema = z.object({
  decision: z.enum(APPROVAL_DECISIONS, { message: ADMIN_USERS_MESSAGES.decisionRequired }),
});

/** A user as the admin Users list shows it (docs/admin.md#users): never a password hash. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  /** How the customer pays (docs/orders.md#payment-terms). */
  paymentTerms: z.enum(PAYMENT_TERMS),
  /**
   * Whether the account has a password. A customer without one signs in by e-mailed link only, so staff
   * are offered 'Send password setup link' instead of 'Reset Password' (docs/admin.md#users).
   */
  hasPassword: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** A customer's company and their role in it (docs/companies.md); null for staff. */
  company: z.object({ id: z.number().int(), name: z.string(), role: z.enum(COMPANY_ROLES) }).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** GET /api/admin/users: newest first. */
export const adminUserListSchema = z.array(adminUserSchema);

/** A registration waiting for a decision (docs/admin.md#pending-users). */
export const pendingUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  businessName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;
/** GET /api/admin/pending-users: oldest first, so the longest wait is on top. */
export const pendingUserListSchema = z.array(pendingUserSchema);

/** The answer of every admin user change: a message the dashboard shows as the success toast's text. */
export const adminUserMessageSchema = z.object({ message: z.string() });
/** POST /api/admin/users and PATCH .../role also return the user as it now is. */
export const adminUserChangeResponseSchema = z.object({ message: z.string(), user: adminUserSchema });

export const ADMIN_USERS_SUCCESS = {
  created: 'User created successfully',
  passwordReset: 'Password reset successfully',
  passwordSetupLinkSent: 'Password setup link sent',
  roleUpdated: 'User role updated successfully',
  paymentTermsUpdated: 'Payment terms updated',
  approved: 'User approved successfully',
  rejected: 'User rejected',
} as const;

/** The refusals of the Users API (409), word for word. */
export const ADMIN_USERS_CONFLICTS = {
  usernameTaken: 'Username already exists',
  emailTaken: 'A user with this email already exists',
  lastAdmin: 'The last administrator cannot be changed to a customer',
  ownRole: 'You cannot change your own role',
  notPending: 'This user is not pending approval',
  termsForCustomers: 'Payment terms apply to customers only',
  termsUnavailable: 'The Shopify store has no payment terms template for these terms',
  noPasswordToReset:
    'This customer signs in by e-mailed link and has no password to reset. Send a password setup link instead.',
  setupLinkForCustomers: 'Password setup links are for customers',
} as const;

export const USER_NOT_FOUND = 'User not found';
