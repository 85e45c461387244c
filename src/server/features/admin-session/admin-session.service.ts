import { eq, or } from 'drizzle-orm';
import {
  ADMIN_LOGIN_FAILED_MESSAGE,
  TOTP_MESSAGES,
  type AdminLoginRequest,
  type TotpSetup,
} from '../../../shared/schemas/admin-session';
import type { Database } from '../../db/client';
import { users, type AdminLoginChallengeRow, type UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import { ADMIN_LOGIN_LIMITS, type AdminLoginLimits } from '../../security/rate-limits';
import { generateToken, hashToken } from '../../security/tokens';
import { recordSignIn } from '../accounts';
import {
  deleteLoginChallenge,
  findLoginChallenge,
  insertLoginChallenge,
  isTrustedDevice,
  replaceDevice,
  takeChallengeTry,
} from './admin-sign-in.repository';
import { createAdminTotpService } from './admin-totp.service';
import { createRateCounters } from '../../security/rate-counters';
import { accountKeyOf, createSignInThrottles, type AttemptSource } from './sign-in-throttles';
import type { TotpKeyring } from './totp-key';

/** A pending sign-in waits this long for its second step. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * Codes a pending sign-in checks before it is dropped and the password is asked again (each taken before it
 * is checked, so parallel codes get no more; the right one ends the sign-in anyway).
 */
export const LOGIN_CHALLENGE_MAX_FAILURES = 5;
/** A device cookie lives this long, renewed at each sign-in from its browser. */
export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** What the first step (the password) leads to. */
export type SignInStep =
  | { kind: 'signed-in'; user: UserRow; source: AttemptSource }
  | { kind: 'second-step'; userId: number; mustEnrol: boolean; challengeToken: string };

/** Browser-side proofs a request carries: its device cookie and its pending sign-in, when present. */
export interface SignInCookies {
  deviceToken?: string | undefined;
  challengeToken?: string | undefined;
}

const signInExpired = () => new AppError('GONE', TOTP_MESSAGES.signInExpired);
const isActiveAdmin = (user: UserRow | undefined): user is UserRow =>
  Boolean(user && user.role === 'admin' && user.status === 'approved');

/**
 * Administrator sign-in (docs/security.md#administrator-sign-in): the password, then, for an administrator
 * with a second factor (or who must set one up: ADMIN_REQUIRE_TOTP), a code within 5 minutes. Failed
 * passwords and codes are throttled per IP and per account, or per device cookie for a browser that has
 * signed in to that account before.
 */
export function createAdminSessionService({
  db,
  env,
  keyring,
  limits = ADMIN_LOGIN_LIMITS,
  now = Date.now,
}: {
  db: Database;
  env: Pick<Env, 'STORE_NAME' | 'ADMIN_REQUIRE_TOTP'>;
  keyring: TotpKeyring;
  limits?: AdminLoginLimits;
  now?: () => number;
}) {
  const throttles = createSignInThrottles(createRateCounters(db), limits);
  const totp = createAdminTotpService({ db, env, keyring, throttles, now });
  // Verified against when the username is unknown, so every failure costs the same Argon2 work
  // (docs/security.md#administrator-sign-in).
  const dummyHash = hashPassword(`no-such-admin-${Date.now()}`);

  /** Counted on the device cookie when it is a live one of this account, else on the IP and the account. */
  async function sourceOf(
    user: UserRow | undefined,
    ip: string,
    account: string,
    deviceToken: string | undefined,
  ): Promise<AttemptSource> {
    if (deviceToken) {
      const deviceTokenHash = hashToken(deviceToken);
      // Looked up for an unknown username too (no account has id 0), so the time taken tells nothing.
      if (await isTrustedDevice(db, deviceTokenHash, user?.id ?? 0, new Date(now()))) {
        return { kind: 'device', deviceTokenHash };
      }
    }
    return { kind: 'untrusted', ip, account };
  }

  /** The sign-in is complete: its counts are cleared and the time is noted. */
  async function complete(user: UserRow, source: AttemptSource): Promise<UserRow> {
    await throttles.recordSuccess(source);
    return (await recordSignIn(db, user.id, new Date(now()))) ?? user;
  }

  /**
   * The pending sign-in of `challengeToken` for `purpose`, with its administrator; 410 when it is unknown,
   * expired, for the other step, or its account may no longer sign in.
   */
  async function pendingSignIn(
    challengeToken: string | undefined,
    purpose: AdminLoginChallengeRow['purpose'],
  ): Promise<{ challenge: AdminLoginChallengeRow; user: UserRow }> {
    if (!challengeToken) throw signInExpired();
    const challenge = await findLoginChallenge(db, hashToken(challengeToken), new Date(now()));
    if (!challenge || challenge.purpose !== purpose) throw signInExpired();
    const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
    if (!isActiveAdmin(user)) {
      await deleteLoginChallenge(db, challenge.tokenHash);
      throw signInExpired();
    }
    return { challenge, user };
  }

  /**
   * Counts a code at the second step before it is checked (docs/security.md#administrator-sign-in): a slot of
   * `source`'s limit, then one of the pending sign-in's tries (410 when none is left). The try is returned to
   * tell the last one.
   */
  async function takeCodeTry(challenge: AdminLoginChallengeRow, source: AttemptSource): Promise<number> {
    await throttles.takeAttempt(source);
    const tries = await takeChallengeTry(
      db,
      challenge.tokenHash,
      LOGIN_CHALLENGE_MAX_FAILURES,
      new Date(now()),
    );
    if (tries === null) {
      await throttles.giveBack(source);
      throw signInExpired();
    }
    return tries;
  }

  /** A wrong code (already counted): the pending sign-in ends with its last try. */
  async function codeRefused(challenge: AdminLoginChallengeRow, tries: number): Promise<never> {
    if (tries >= LOGIN_CHALLENGE_MAX_FAILURES) await deleteLoginChallenge(db, challenge.tokenHash);
    throw new AppError('UNAUTHENTICATED', TOTP_MESSAGES.invalidCode);
  }

  /** Ends the pending sign-in; only one request can, so a code race signs in once. */
  async function endPendingSignIn(challenge: AdminLoginChallengeRow) {
    if (!(await deleteLoginChallenge(db, challenge.tokenHash))) throw signInExpired();
  }

  return {
    totp,
    throttles,

    /**
     * The first step: the password. Wrong password, unknown username, a customer account and a disabled
     * administrator all get the same 401 after the same work; repeated failures are throttled. The right
     * password signs in, or opens the second step (a code, or setting up the second factor first).
     */
    async signIn(
      { username, password }: AdminLoginRequest,
      ip: string,
      cookies: SignInCookies,
    ): Promise<SignInStep> {
      const typed = username.toLowerCase();
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(users.username, username), eq(users.email, typed)))
        .limit(1);
      // One count per account, whether its username or its e-mail was typed.
      const account = user ? accountKeyOf(user.id) : `name:${typed}`;
      const source = await sourceOf(user, ip, account, cookies.deviceToken);
      // Counted before the password is checked, so parallel guesses get no more than the limit.
      await throttles.takeAttempt(source);
      const passwordMatches = await throttles.judge(source, async () =>
        verifyPassword(user?.passwordHash ?? (await dummyHash), password),
      );
      if (!passwordMatches || !isActiveAdmin(user)) {
        throw new AppError('UNAUTHENTICATED', ADMIN_LOGIN_FAILED_MESSAGE);
      }
      const enrolled = await totp.isEnrolled(user.id);
      if (!enrolled && !env.ADMIN_REQUIRE_TOTP) {
        return { kind: 'signed-in', user: await complete(user, source), source };
      }
      // The right password: not a failure, but the sign-in is not complete either (its counts stay until it
      // is); the code step counts its own tries.
      await throttles.giveBack(source);
      const challengeToken = generateToken();
      await insertLoginChallenge(
        db,
        {
          tokenHash: hashToken(challengeToken),
          userId: user.id,
          purpose: enrolled ? 'totp' : 'enrol',
          expiresAt: new Date(now() + LOGIN_CHALLENGE_TTL_MS),
        },
        new Date(now()),
      );
      return { kind: 'second-step', userId: user.id, mustEnrol: !enrolled, challengeToken };
    },

    /** The second step: a code from the authenticator app, or a recovery code. */
    async completeWithCode(code: string, ip: string, cookies: SignInCookies): Promise<UserRow> {
      const { challenge, user } = await pendingSignIn(cookies.challengeToken, 'totp');
      const source = await sourceOf(user, ip, accountKeyOf(user.id), cookies.deviceToken);
      const tries = await takeCodeTry(challenge, source);
      const spent = await throttles.judge(source, () => totp.spendCode({ user, ip }, code));
      if (!spent) return codeRefused(challenge, tries);
      await endPendingSignIn(challenge);
      return complete(user, source);
    },

    /** ADMIN_REQUIRE_TOTP, no second factor yet: a new secret to set up before the session. */
    async beginEnrolment(cookies: SignInCookies): Promise<TotpSetup> {
      const { user } = await pendingSignIn(cookies.challengeToken, 'enrol');
      return totp.beginSetup(user);
    },

    /** The set-up confirmed with its first code: signed in, with the recovery codes to show once. */
    async confirmEnrolment(
      code: string,
      ip: string,
      cookies: SignInCookies,
    ): Promise<{ user: UserRow; recoveryCodes: string[] }> {
      const { challenge, user } = await pendingSignIn(cookies.challengeToken, 'enrol');
      const source = await sourceOf(user, ip, accountKeyOf(user.id), cookies.deviceToken);
      const tries = await takeCodeTry(challenge, source);
      const recoveryCodes = await throttles.judge(source, () => totp.confirmSetup({ user, ip }, code));
      if (!recoveryCodes) return codeRefused(challenge, tries);
      await endPendingSignIn(challenge);
      return { user: await complete(user, source), recoveryCodes };
    },

    /**
     * A new device cookie for the browser that just signed in as `userId`, retiring the one it held for
     * that account (OWASP's device cookies); returns the token for the cookie.
     */
    async trustDevice(userId: number, previousToken: string | undefined): Promise<string> {
      const token = generateToken();
      await replaceDevice(
        db,
        { tokenHash: hashToken(token), userId, expiresAt: new Date(now() + DEVICE_COOKIE_TTL_MS) },
        previousToken ? hashToken(previousToken) : null,
        new Date(now()),
      );
      return token;
    },
  };
}

export type AdminSessionService = ReturnType<typeof createAdminSessionService>;
