import { AppError } from '../../errors';
import type { AdminLoginLimits } from '../../security/rate-limits';
import type { RateCounters } from '../../security/rate-counters';
import { LoginThrottle } from './login-throttle';

/**
 * Who an attempt (a password, or a code) is counted against (docs/security.md#administrator-sign-in):
 * - at sign-in, a browser holding a device cookie of the account it names is counted on that cookie alone;
 *   any other attempt on its IP address and on the account. So failures from elsewhere, however many, never
 *   block a browser the administrator has signed in from before, and failures from that browser block only
 *   it;
 * - inside a signed-in session (the Security section's changes), on that session alone: the account's block,
 *   which anyone can cause from rotating addresses, does not reach an administrator already signed in.
 * The counts are in the database, shared by every instance.
 */
export type AttemptSource =
  | { kind: 'device'; deviceTokenHash: string }
  | { kind: 'untrusted'; ip: string; account: string }
  | { kind: 'session'; sessionTokenHash: string };

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';
export const TOO_MANY_SESSION_ATTEMPTS_MESSAGE =
  'Too many wrong codes or passwords. Please try again in a few minutes.';

export function createSignInThrottles(counters: RateCounters, limits: AdminLoginLimits) {
  const byIp = new LoginThrottle(counters, 'admin-login:ip', limits.perIp);
  const byAccount = new LoginThrottle(counters, 'admin-login:account', limits.perAccount);
  const byDevice = new LoginThrottle(counters, 'admin-login:device', limits.perDevice);
  const bySession = new LoginThrottle(counters, 'admin-session:attempts', limits.perSession);

  const refuse = (source: AttemptSource, wait: number) =>
    new AppError(
      'RATE_LIMITED',
      source.kind === 'session' ? TOO_MANY_SESSION_ATTEMPTS_MESSAGE : TOO_MANY_ATTEMPTS_MESSAGE,
      { retryAfterSeconds: wait },
    );

  async function giveBack(source: AttemptSource) {
    if (source.kind === 'device') await byDevice.giveBack(source.deviceTokenHash);
    else if (source.kind === 'session') await bySession.giveBack(source.sessionTokenHash);
    else await Promise.all([byIp.giveBack(source.ip), byAccount.giveBack(source.account)]);
  }

  return {
    /**
     * Counts one attempt of `source` before its password or code is checked (so parallel attempts cannot
     * outrun the count); 429 with the seconds to wait while `source` is blocked, even for the right password
     * or code. A refused attempt takes no slot anywhere.
     */
    async takeAttempt(source: AttemptSource): Promise<void> {
      if (source.kind === 'device' || source.kind === 'session') {
        const [throttle, subject] =
          source.kind === 'device'
            ? [byDevice, source.deviceTokenHash]
            : [bySession, source.sessionTokenHash];
        const wait = await throttle.take(subject);
        if (wait > 0) throw refuse(source, wait);
        return;
      }
      const ipWait = await byIp.take(source.ip);
      if (ipWait > 0) {
        throw refuse(source, Math.max(ipWait, await byAccount.retryAfterSeconds(source.account)));
      }
      const accountWait = await byAccount.take(source.account);
      if (accountWait > 0) {
        await byIp.giveBack(source.ip);
        throw refuse(source, accountWait);
      }
    },
    /**
     * Runs `check` (the password or code itself) on the slot `takeAttempt` took: when it fails before
     * judging anything (the server too busy for Argon2, the TOTP key unreadable), the slot is given back.
     */
    async judge<T>(source: AttemptSource, check: () => Promise<T>): Promise<T> {
      try {
        return await check();
      } catch (error) {
        await giveBack(source);
        throw error;
      }
    },
    /** The attempt turned out not to count (the right password before its second step, say). */
    giveBack,
    /**
     * A completed sign-in clears its own counts. One from a trusted browser leaves the account's count
     * alone: an attacker's failures keep blocking the attacker. In a session, the right code gives its slot
     * back and leaves the session's earlier failures counted.
     */
    async recordSuccess(source: AttemptSource) {
      if (source.kind === 'device') await byDevice.reset(source.deviceTokenHash);
      else if (source.kind === 'session') await bySession.giveBack(source.sessionTokenHash);
      else await Promise.all([byIp.reset(source.ip), byAccount.reset(source.account)]);
    },
  };
}

export type SignInThrottles = ReturnType<typeof createSignInThrottles>;

/** The account key of the throttles: one count per account, whether its username or e-mail was typed. */
export const accountKeyOf = (userId: number) => `user:${userId}`;
