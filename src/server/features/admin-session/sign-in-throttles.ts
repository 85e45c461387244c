import { AppError } from '../../errors';
import type { AdminLoginLimits } from '../../security/rate-limits';
import type { RateCounters } from '../../security/rate-counters';
import { LoginThrottle } from './login-throttle';

/**
 * Who a sign-in attempt (a password, or a code) is counted against (docs/security.md#administrator-sign-in):
 * a browser holding a device cookie of the account it names is counted on that cookie alone; any other
 * attempt on its IP address and on the account. So failures from elsewhere, however many, never block a
 * browser the administrator has signed in from before, and failures from that browser block only it. The
 * counts are in the database, shared by every instance.
 */
export type AttemptSource =
  { kind: 'device'; deviceTokenHash: string } | { kind: 'untrusted'; ip: string; account: string };

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';

export function createSignInThrottles(counters: RateCounters, limits: AdminLoginLimits) {
  const byIp = new LoginThrottle(counters, 'admin-login:ip', limits.perIp);
  const byAccount = new LoginThrottle(counters, 'admin-login:account', limits.perAccount);
  const byDevice = new LoginThrottle(counters, 'admin-login:device', limits.perDevice);

  return {
    /** 429 with the seconds to wait while `source` is blocked, even for the right password or code. */
    async refuseWhileBlocked(source: AttemptSource) {
      const wait =
        source.kind === 'device'
          ? await byDevice.retryAfterSeconds(source.deviceTokenHash)
          : Math.max(
              ...(await Promise.all([
                byIp.retryAfterSeconds(source.ip),
                byAccount.retryAfterSeconds(source.account),
              ])),
            );
      if (wait > 0)
        throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS_MESSAGE, { retryAfterSeconds: wait });
    },
    async recordFailure(source: AttemptSource) {
      if (source.kind === 'device') {
        await byDevice.recordFailure(source.deviceTokenHash);
        return;
      }
      await Promise.all([byIp.recordFailure(source.ip), byAccount.recordFailure(source.account)]);
    },
    /**
     * A completed sign-in clears its own counts. One from a trusted browser leaves the account's count
     * alone: an attacker's failures keep blocking the attacker.
     */
    async recordSuccess(source: AttemptSource) {
      if (source.kind === 'device') {
        await byDevice.reset(source.deviceTokenHash);
        return;
      }
      await Promise.all([byIp.reset(source.ip), byAccount.reset(source.account)]);
    },
  };
}

export type SignInThrottles = ReturnType<typeof createSignInThrottles>;

/** The account key of the throttles: one count per account, whether its username or e-mail was typed. */
export const accountKeyOf = (userId: number) => `user:${userId}`;
