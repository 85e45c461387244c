import { z } from 'zod';
import { currentUserSchema } from './current-user';
import { sentence } from './messages';
import { oneLineText } from './text';

/**
 * Contracts of the accounts API (docs/accounts-and-roles.md). Texts quoted from the spec are
 * exact; they are shown by the forms and returned by the server.
 */

export const GENERIC_LINK_MESSAGE = "If an account exists for this address, we've sent an email.";
export const LINK_INVALID_MESSAGE = 'This link is invalid or has expired.';

export const INVALID_EMAIL_MESSAGE = sentence('Please enter a valid email address');
export const emailSchema = z
  .string({ message: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, INVALID_EMAIL_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

export { currentUserSchema, type CurrentUser } from './current-user';

/**
 * The registration fields of docs/accounts-and-roles.md#registration (Register); role, status and username
 * are never taken.
 */
export const REGISTRATION_REQUIRED_FIELDS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  businessName: 'Business Name',
  email: 'Email',
  phone: 'Phone',
  shippingAddressLine1: 'Shipping Address Line 1',
  shippingCity: 'City',
  shippingState: 'State',
  shippingZip: 'ZIP/Postal Code',
} as const;

/**
 * Every text field is one line of printable text (shared/text-rules.ts): names and addresses go into e-mail
 * headers, PDFs and the CSV, where a line break or a bidi override would do harm.
 */
export const registerRequestSchema = z.object({
  firstName: oneLineText(100).optional(),
  lastName: oneLineText(100).optional(),
  businessName: oneLineText(200).optional(),
  email: z.string().max(254).optional(),
  phone: oneLineText(50).optional(),
  shippingAddressLine1: oneLineText(200).optional(),
  shippingAddressLine2: oneLineText(200).optional(),
  shippingCity: oneLineText(100).optional(),
  shippingState: oneLineText(100).optional(),
  shippingZip: oneLineText(20).optional(),
  shippingCountry: oneLineText(100).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

type RequiredRegistrationField = keyof typeof REGISTRATION_REQUIRED_FIELDS;

/** The required registration fields left empty, in the form's order. */
export function missingRegistrationFields(body: RegisterRequest): RequiredRegistrationField[] {
  return (Object.keys(REGISTRATION_REQUIRED_FIELDS) as RequiredRegistrationField[]).filter(
    (field) => !body[field]?.trim(),
  );
}
/** 'Missing Required Fields: Please provide: {list}' (docs/accounts-and-roles.md#registration). */
export const missingFieldsMessage = (fields: readonly RequiredRegistrationField[]) =>
  `Missing Required Fields: Please provide: ${fields.map((field) => REGISTRATION_REQUIRED_FIELDS[field]).join(', ')}`;
/** What a missing field says under itself on the Register form, and in the 400's `details`: 'Phone is required'. */
export const requiredFieldMessage = (field: RequiredRegistrationField) =>
  `${REGISTRATION_REQUIRED_FIELDS[field]} is required`;

export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;
export const tokenRequestSchema = z.object({ token: z.string().min(1).max(200) });
/**
 * Where to go after sign-in: honoured only as a same-origin path (shared/return-path.ts); anything else,
 * whatever its type or length, is ignored and means '/', never a 400 (docs/accounts-and-roles.md#magic-links).
 */
const returnPathField = z.string().optional().catch(undefined);
/** POST /api/request-magic-link: the e-mailed link leads back to `next` after sign-in. */
export const magicLinkRequestSchema = emailRequestSchema.extend({ next: returnPathField });
/** POST /api/auth/verify: consumes a magic link; `next` is honoured only as a same-origin path. */
export const verifyRequestSchema = tokenRequestSchema.extend({ next: returnPathField });
export const verifyResponseSchema = z.object({ user: currentUserSchema, redirectTo: z.string() });
/** POST /api/auth/link-info: whose sign-in link this is ('d…@example.com'), without spending it. */
export const linkInfoResponseSchema = z.object({ maskedEmail: z.string() });

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string(),
});
export const validateResetTokenResponseSchema = z.object({ valid: z.boolean() });
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: z.string(),
  confirmPassword: z.string(),
});
export const PASSWORDS_DONT_MATCH =
  "Passwords Don't Match: New password and confirmation password must match";

/** PATCH /api/user/{id}: profile fields only (e-mail, role, status, approval are not changeable here). */
export const updateProfileRequestSchema = z.object({
  firstName: oneLineText(100).optional(),
  lastName: oneLineText(100).optional(),
  businessName: oneLineText(200).optional(),
  phone: oneLineText(50).optional(),
  shippingAddressLine1: oneLineText(200).optional(),
  shippingAddressLine2: oneLineText(200).optional(),
  shippingCity: oneLineText(100).optional(),
  shippingState: oneLineText(100).optional(),
  shippingZip: oneLineText(20).optional(),
  shippingCountry: oneLineText(100).optional(),
  billingAddressLine1: oneLineText(200).optional(),
  billingAddressLine2: oneLineText(200).optional(),
  billingCity: oneLineText(100).optional(),
  billingState: oneLineText(100).optional(),
  billingZip: oneLineText(20).optional(),
  billingCountry: oneLineText(100).optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });
