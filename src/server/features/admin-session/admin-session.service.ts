import { eq, or } from 'drizzle-orm';
import { ADMIN_LOGIN_FAILED_MESSAGE, type AdminLoginRequest } from '../../../shared/schemas/admin-session';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import { ADMIN_LOGIN_LIMITS, type AdminLoginLimits } from '../../security/rate-limits';

import { LoginThrottle } from './login-throttle';

export function createAdminSessionService({
  db,
  limits = ADMIN_LOGIN_LIMITS,
}: {
  db: Database;
  limits?: AdminLoginLimits;
}) {
  const byIp = new LoginThrottle(limits.perIp);
  const byAccount = new LoginThrottle(limits.perAccount);
  // Verified against when the username is unknown, so every failure costs the same Argon2 work
  // (docs/security.md#administrator-sign-in).
  const dummyHash = hashPassword(`no-such-admin-${Date.now()}`);

  function refuseWhileThrottled(ip: string, account: string) {
    const wait = Math.max(byIp.retryAfterSeconds(ip), byAccount.retryAfterSeconds(account));
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Please try again later.', {
        retryAfterSeconds: wait,
      });
    }
  }

  return {
    /**
     * The administrator for these credentials. Wrong password, unknown username, a customer account and a
     * disabled administrator all get the same 401 after the same work; repeated failures are throttled.
     */
    async verifyAdmin({ username, password }: AdminLoginRequest, ip: string): Promise<UserRow> {
      const typed = username.toLowerCase();
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(users.username, username), eq(users.email, typed)))
        .limit(1);
      // One count per account, whether its username or its e-mail was typed.
      const account = user ? `user:${user.id}` : `name:${typed}`;
      refuseWhileThrottled(ip, account);
      const passwordMatches = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !passwordMatches || user.role !== 'admin' || user.status !== 'approved') {
        byIp.recordFailure(ip);
        byAccount.recordFailure(account);
        throw new AppError('UNAUTHENTICATED', ADMIN_LOGIN_FAILED_MESSAGE);
      }
      byIp.reset(ip);
      byAccount.reset(account);
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      return user;
    },
  };
}

export type AdminSessionService = ReturnType<typeof createAdminSessionService>;
