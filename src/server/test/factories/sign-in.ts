import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { magicLinkTokens, passwordResetTokens } from '../../db/schema';
import { generateToken, hashToken } from '../../security/tokens';
import { mailsTo, tokenFromLink } from '../outbox';
import { post, sessionCookie, type RequestOptions } from '../requests';
import { TEST_ADMIN_PASSWORD } from '../test-app';

/** Signing in, as customers and administrators do, for tests of every feature. */

/** Signs `email` in through the real flow (request link, read the outbox, verify) and returns the cookie. */
export async function signIn(app: App, db: Database, email: string): Promise<string> {
  const requested = await post(app, '/api/request-magic-link', { email });
  if (requested.statusCode !== 200) throw new Error(`sign-in link not sent: ${requested.body}`);
  const mails = await mailsTo(db, email);
  const token = tokenFromLink(mails.at(-1)?.text ?? '', '/auth/verify');
  const response = await post(app, '/api/auth/verify', { token });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.body}`);
  return cookie;
}

/** Stores a sign-in or reset link's token directly (expired ones included) and returns the secret. */
export async function insertLinkToken(
  db: Database,
  purpose: 'magic-link' | 'password-reset',
  userId: number,
  expiresInSeconds = 600,
) {
  const token = generateToken();
  await db.insert(purpose === 'magic-link' ? magicLinkTokens : passwordResetTokens).values({
    token: hashToken(token),
    userId,
    expiresAt: sql`now() + make_interval(secs => ${expiresInSeconds}::int)`,
  });
  return token;
}

/** POST /api/admin/login, with cookies (a device cookie, say) and from `ip` (a fresh one) when given. */
export const adminLogin = (app: App, username: string, password: string, options: RequestOptions = {}) =>
  post(app, '/api/admin/login', { username, password }, options);

/**
 * Signs an administrator in through POST /api/admin/login and returns the session cookie: the seeded
 * 'admin' unless told otherwise (one without a second factor, whom the password alone signs in).
 */
export async function signInAdmin(
  app: App,
  { username = 'admin', password = TEST_ADMIN_PASSWORD }: { username?: string; password?: string } = {},
): Promise<string> {
  const response = await adminLogin(app, username, password);
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${response.body}`);
  return cookie;
}
