import { AppError } from '../../errors';
import type { AdminLoginLimits } from '../../security/rate-limits';
import { LoginThrottle } from './login-throttle';

/**
 * Who a sign-in attempt (a password, or a code) is counted against (docs/security.md#administrator-sign-in):
 * a browser holding a device cookie of the account it names is counted on that cookie alone; any other
 * attempt on its IP address and on the account. So failures from elsewhere, however many, never block a
 * browser the administrator has signed in from before, and failures from that browser block only it.
 */
export type AttemptSource =
  { kind: 'device'; deviceTokenHash: string } | { kind: 'untrusted'; ip: string; account: string };

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';

export function createSignInThrottles(limits: AdminLoginLimits, now?: () => number) {
  const byIp = new LoginThrottle(limits.perIp, now);
  const byAccount = new LoginThrottle(limits.perAccount, now);
  const byDevice = new LoginThrottle(limits.perDevice, now);

  return {
    /** 429 with the seconds to wait while `source` is blocked, even for the right password or code. */
    refuseWhileBlocked(source: AttemptSource) {
      const wait =
        source.kind === 'device'
          ? byDevice.retryAfterSeconds(source.deviceTokenHash)
          : Math.max(byIp.retryAfterSeconds(source.ip), byAccount.retryAfterSeconds(source.account));
      if (wait > 0)
        throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS_MESSAGE, { retryAfterSeconds: wait });
    },
    recordFailure(source: AttemptSource) {
      if (source.kind === 'device') {
        byDevice.recordFailure(source.deviceTokenHash);
        return;
      }
      byIp.recordFailure(source.ip);
      byAccount.recordFailure(source.account);
    },
    /**
     * A completed sign-in clears its own counts. One from a trusted browser leaves the account's count
     * alone: an attacker's failures keep blocking the attacker.
     */
    recordSuccess(source: AttemptSource) {
      if (source.kind === 'device') {
        byDevice.reset(source.deviceTokenHash);
        return;
      }
      byIp.reset(source.ip);
      byAccount.reset(source.account);
    },
  };
}

export type SignInThrottles = ReturnType<typeof createSignInThrottles>;

/** The account key of the throttles: one count per account, whether its username or e-mail was typed. */
export const accountKeyOf = (userId: number) => `user:${userId}`;
