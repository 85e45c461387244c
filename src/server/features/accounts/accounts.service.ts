import type { z } from 'zod';
import { buildAddressString } from '../../../shared/addresses';
import { PASSWORD_TOO_SHORT, checkPasswordRules } from '../../../shared/passwords';
import { safeReturnPath } from '../../../shared/return-path';
import {
  emailSchema,
  INVALID_EMAIL_MESSAGE,
  LINK_INVALID_MESSAGE,
  missingFieldsMessage,
  missingRegistrationFields,
  requiredFieldMessage,
  PASSWORDS_DONT_MATCH,
  type CurrentUser,
  type RegisterRequest,
  type updateProfileRequestSchema,
} from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { enqueueEmail } from '../../mail/email.jobs';
import { commonPasswordProblem } from '../../security/common-passwords';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import { hashToken } from '../../security/tokens';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import { deleteSessionsOfUser } from '../sessions';
import {
  consumeLinkToken,
  findLinkTokenUser,
  findUserByEmail,
  findUserById,
  retireLinkTokensOfUser,
} from './accounts.repository';
import { recordSignIn, registerPendingCustomer, setPasswordHash, updateProfile } from './user-writes';
import { editOwnLocation, renameOwnCompany, splitProfileEdit } from './company-profile';
import { lockCompany } from './member-writes';
import {
  alreadyRegisteredEmail,
  newRegistrationStaffEmail,
  passwordChangedEmail,
  registrationReceivedEmail,
} from './emails';
import { mayResetPassword, maySignInWithLink, resetLinkJob, signInLinkJob } from './link-mail.jobs';
import { createRateCounters } from '../../security/rate-counters';
import { allowAll, SendLimiter } from './send-limiter';
import { EMAIL_SEND_LIMITS, RESET_TOKEN_TRIES, type EmailSendLimits } from '../../security/rate-limits';
import type { AccountRow, CompanyLocationRow, CompanyRow, OrderLocation, UserRow } from '../../db/schema';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password Too Short: ${PASSWORD_TOO_SHORT}`;

type ProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/**
 * The account as GET /api/user shows it: no hashes, no status internals. The business name and payment
 * terms are the company's, the addresses its default location's (docs/companies.md); staff have none.
 */
export function toCurrentUser(
  user: UserRow & {
    company?: CompanyRow | null;
    location?: CompanyLocationRow | null;
    locations?: OrderLocation[];
  },
): CurrentUser {
  const company = user.company ?? null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: company?.name ?? null,
    phone: user.phone,
    role: user.role,
    paymentTerms: company?.paymentTerms ?? 'on_approval',
    company:
      company && user.companyRole ? { id: company.id, name: company.name, role: user.companyRole } : null,
    ...addressFieldsOf(user.location ?? null),
    locations: user.locations ?? [],
    hasPassword: user.passwordHash !== null,
    reorderReminderEmails: user.reorderReminderEmails,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The spec's address fields of GET /api/user, from the company's default location (none: all null). */
function addressFieldsOf(location: CompanyLocationRow | null) {
  return {
    shippingAddress: location?.shippingAddress ?? null,
    shippingAddressLine1: location?.shippingAddressLine1 ?? null,
    shippingAddressLine2: location?.shippingAddressLine2 ?? null,
    shippingCity: location?.shippingCity ?? null,
    shippingState: location?.shippingState ?? null,
    shippingZip: location?.shippingZip ?? null,
    shippingCountry: location?.shippingCountry ?? null,
    billingAddress: location?.billingAddress ?? null,
    billingAddressLine1: location?.billingAddressLine1 ?? null,
    billingAddressLine2: location?.billingAddressLine2 ?? null,
    billingCity: location?.billingCity ?? null,
    billingState: location?.billingState ?? null,
    billingZip: location?.billingZip ?? null,
    billingCountry: location?.billingCountry ?? null,
  };
}

/**
 * The message of the first broken password rule (docs/accounts-and-roles.md#passwords), or null: the length
 * and composition rules, then the list of common and breached passwords.
 */
export function passwordRuleMessage(password: string): string | null {
  const broken = checkPasswordRules(password);
  if (broken) return broken === PASSWORD_TOO_SHORT ? PASSWORD_TOO_SHORT_MESSAGE : broken;
  return commonPasswordProblem(password);
}

export const TOO_MANY_LINK_TRIES_MESSAGE =
  'Too many attempts with this link. Please wait 15 minutes, or ask for a new link.';

/** 'dana@example.com' → 'd…@example.com': enough for its owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

const linkInvalid = () => new AppError('LINK_INVALID', LINK_INVALID_MESSAGE);

export function createAccountsService({
  db,
  env,
  limits = EMAIL_SEND_LIMITS,
}: {
  db: Database;
  env: Env;
  limits?: EmailSendLimits;
}) {
  // Counted in the database: N instances enforce one limit (docs/security.md#rate-limits).
  const counters = createRateCounters(db);
  const magicByAddress = new SendLimiter(counters, 'magic-link:address', limits.perAddress);
  const magicByIp = new SendLimiter(counters, 'magic-link:ip', limits.perIp);
  const resetByAddress = new SendLimiter(counters, 'reset:address', limits.perAddress);
  const resetByIp = new SendLimiter(counters, 'reset:ip', limits.perIp);
  // 'Already registered' notices to one address: the route's per-IP limit alone let rotating addresses
  // flood an owner's inbox (docs/security.md#rate-limits).
  const repeatByAddress = new SendLimiter(counters, 'repeat-registration:address', limits.perAddress);
  // Tries of one reset link, from any address (the route limits each IP): docs/security.md#rate-limits.
  const triesByResetToken = new SendLimiter(counters, 'reset-link:tries', RESET_TOKEN_TRIES);

  async function countTryOfResetToken(token: string) {
    if (!(await triesByResetToken.allow(hashToken(token)))) {
      throw new AppError('RATE_LIMITED', TOO_MANY_LINK_TRIES_MESSAGE, {
        retryAfterSeconds: await triesByResetToken.secondsLeft(hashToken(token)),
      });
    }
  }

  return {
    /**
     * Creates a pending customer, or, for a known e-mail, creates nothing and tells the owner. The caller
     * answers the same either way.
     */
    async register(body: RegisterRequest): Promise<void> {
      const missing = missingRegistrationFields(body);
      if (missing.length > 0) {
        // The spec's sentence, and each field's own problem for the form to show under it.
        const details = missing.map((field) => ({ field, message: requiredFieldMessage(field) }));
        throw new AppError('VALIDATION_FAILED', missingFieldsMessage(missing), details);
      }
      const parsedEmail = emailSchema.safeParse(body.email);
      if (!parsedEmail.success) {
        throw new AppError('VALIDATION_FAILED', INVALID_EMAIL_MESSAGE, [
          { field: 'email', message: INVALID_EMAIL_MESSAGE },
        ]);
      }
      const email = parsedEmail.data;
      const required = (value: string | undefined) => (value ?? '').trim();
      const optional = (value: string | undefined) => value?.trim() || null;
      const country = optional(body.shippingCountry) ?? 'USA';
      const details = {
        email,
        firstName: required(body.firstName),
        lastName: required(body.lastName),
        businessName: required(body.businessName),
        phone: required(body.phone),
        shippingAddress: buildAddressString({
          line1: required(body.shippingAddressLine1),
          line2: optional(body.shippingAddressLine2),
          city: required(body.shippingCity),
          state: required(body.shippingState),
          zip: required(body.shippingZip),
          country,
        }),
      };

      const existingOwner = await db.transaction(async (tx) => {
        const { shippingAddress, businessName, ...person } = details;
        const created = await registerPendingCustomer(tx, {
          ...person,
          username: email,
          businessName,
          // The business's first location: the address and phone registered (docs/companies.md#locations).
          location: {
            phone: person.phone,
            shippingAddress,
            shippingAddressLine1: required(body.shippingAddressLine1),
            shippingAddressLine2: optional(body.shippingAddressLine2),
            shippingCity: required(body.shippingCity),
            shippingState: required(body.shippingState),
            shippingZip: required(body.shippingZip),
            shippingCountry: country,
          },
        });
        if (created) {
          await enqueueEmail(tx, registrationReceivedEmail(env, created));
          await enqueueEmail(tx, newRegistrationStaffEmail(env, env.STAFF_EMAIL, details));
          return null;
        }
        return findUserByEmail(tx, email);
      });
      // A repeat changes nothing: the notice to the owner is queued after, within its own limit.
      if (existingOwner && (await repeatByAddress.allow(email))) {
        await enqueueEmail(db, alreadyRegisteredEmail(env, existingOwner));
      }
    },

    /**
     * Queues the answer to 'send me a sign-in link' (link-mail.jobs.ts): the same one insert for every address,
     * so the time of the request tells nothing about the account (docs/security.md#sign-in-and-enumeration).
     * `next` is kept only as a same-origin path; the e-mailed link leads back there
     * (docs/accounts-and-roles.md#magic-links).
     */
    async requestMagicLink(email: string, ip: string, next?: string): Promise<void> {
      if (!(await allowAll([magicByAddress, email], [magicByIp, ip]))) return;
      await enqueueJob(db, jobToQueue(signInLinkJob, { email, next: safeReturnPath(next) }));
    },

    /**
     * Whose sign-in link this is, as the confirmation page shows it ('Sign in as d…@example.com?'), without
     * spending it: a link scanner that opens the page uses nothing up (docs/security.md#link-tokens).
     */
    async describeMagicLink(token: string): Promise<{ maskedEmail: string }> {
      const owner = await findLinkTokenUser(db, 'magic-link', hashToken(token));
      if (!owner || !maySignInWithLink(owner)) throw linkInvalid();
      return { maskedEmail: maskEmail(owner.email) };
    },

    /** Consumes a magic link; the user it belongs to, if that account may sign in. */
    async consumeMagicLink(token: string): Promise<AccountRow> {
      // Checked before the link is spent: a link of an account that may not sign in with one now (it became
      // an administrator, or is no longer approved) is refused and stays as it was.
      const owner = await findLinkTokenUser(db, 'magic-link', hashToken(token));
      if (!owner || !maySignInWithLink(owner)) throw linkInvalid();
      const userId = await consumeLinkToken(db, 'magic-link', hashToken(token));
      const user = userId === null ? null : await findUserById(db, userId);
      if (!user || !maySignInWithLink(user)) throw linkInvalid();
      await recordSignIn(db, user.id);
      return user;
    },

    /**
     * My Account's Account Information: the person's own fields, and the company's name and default
     * location, which only an owner changes (docs/companies.md#my-account). All or nothing.
     */
    async updateProfile(user: AccountRow, id: number, body: ProfileRequest): Promise<AccountRow> {
      // Another account's id answers exactly like an id that does not exist.
      if (id !== user.id) throw new AppError('NOT_FOUND', 'User not found');
      const { person, businessName, location } = splitProfileEdit(body);
      return db.transaction(async (tx) => {
        // The company's lock before the person's row, in the order every change of its people takes them.
        const touchesCompany = businessName !== undefined || Object.keys(location).length > 0;
        if (touchesCompany && user.companyId !== null) await lockCompany(tx, user.companyId);
        const updated = await updateProfile(tx, user.id, person);
        if (!updated) throw new AppError('NOT_FOUND', 'User not found');
        await renameOwnCompany(tx, user, businessName);
        await editOwnLocation(tx, user, location);
        // Read again as a whole: the default location is also one of the locations the person orders for.
        const account = await findUserById(tx, user.id);
        if (!account) throw new AppError('NOT_FOUND', 'User not found');
        return account;
      });
    },

    /** Sets a new password after checking the rules and the current one; signs out the other sessions. */
    async changePassword(
      user: UserRow,
      currentSessionHash: string | null,
      body: { currentPassword?: string | undefined; newPassword: string; confirmPassword: string },
    ): Promise<void> {
      if (body.newPassword !== body.confirmPassword)
        throw new AppError('VALIDATION_FAILED', PASSWORDS_DONT_MATCH);
      const broken = passwordRuleMessage(body.newPassword);
      if (broken) throw new AppError('VALIDATION_FAILED', broken);
      if (user.passwordHash !== null) {
        const current = body.currentPassword ?? '';
        if (!current || !(await verifyPassword(user.passwordHash, current))) {
          throw new AppError('VALIDATION_FAILED', CURRENT_PASSWORD_INCORRECT);
        }
      }
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await deleteSessionsOfUser(tx, user.id, currentSessionHash ?? undefined);
        await enqueueEmail(tx, passwordChangedEmail(env, user));
      });
    },

    /** Queues the answer to 'forgot password', alike for every address (see requestMagicLink). */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      if (!(await allowAll([resetByAddress, email], [resetByIp, ip]))) return;
      await enqueueJob(db, jobToQueue(resetLinkJob, { email }));
    },

    /** Whether a reset token is live (does not consume it). */
    async isResetTokenValid(token: string): Promise<boolean> {
      await countTryOfResetToken(token);
      const user = await findLinkTokenUser(db, 'password-reset', hashToken(token));
      return user !== null && mayResetPassword(user);
    },

    /**
     * Consumes a reset token and sets the password; signs the user out everywhere and retires their other
     * links. Does not sign in. A password breaking the rules is refused before the token is used up.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      await countTryOfResetToken(token);
      const broken = passwordRuleMessage(password);
      if (broken) throw new AppError('VALIDATION_FAILED', broken);
      // The token before the hash: a bogus token costs a lookup, not an Argon2 computation.
      const owner = await findLinkTokenUser(db, 'password-reset', hashToken(token));
      if (!owner || !mayResetPassword(owner)) throw linkInvalid();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, 'password-reset', hashToken(token));
        const user = userId === null ? null : await findUserById(tx, userId);
        if (!user || !mayResetPassword(user)) throw linkInvalid();
        await setPasswordHash(tx, user.id, passwordHash);
        await deleteSessionsOfUser(tx, user.id);
        await retireLinkTokensOfUser(tx, user.id);
        await enqueueEmail(tx, passwordChangedEmail(env, user));
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
