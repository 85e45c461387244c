import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { App } from '../../app';
import { sameOrigin } from '../../test/test-app';
import { freshIp, post } from '../../test/requests';

/** Test helpers for administrator sign-in with a second factor and device cookies. */

/** A TOTP key for a test portal (TOTP_ENCRYPTION_KEY). */
export const testTotpKey = () => randomBytes(32).toString('base64');

/**
 * The code an authenticator app shows for `secret` at `timestamp`, computed here with otpauth as an app
 * would. `offsetSteps` moves a step on: the server takes one step either side, and refuses a step it has
 * already accepted, so a test's next code is the next step's.
 */
export function totpCode(secret: string, offsetSteps = 0, timestamp = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: timestamp + offsetSteps * 30_000,
  });
}

/** A six-digit code that is not `secret`'s for any step the server would take now. */
export function wrongCode(secret: string): string {
  const taken = new Set([-1, 0, 1].map((step) => totpCode(secret, step)));
  for (let value = 0; ; value += 1) {
    const code = String(value).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

type Response = Awaited<ReturnType<App['inject']>>;

/** `name=value` of a response's Set-Cookie for `name`, or undefined (also when it is being cleared). */
export function cookieOf(response: Response, name: string): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === name && candidate.value !== '');
  return cookie ? `${name}=${cookie.value}` : undefined;
}

/** One Cookie header of the given `name=value` pairs (undefined ones left out). */
export const cookieHeader = (...pairs: Array<string | undefined>) =>
  pairs.filter((pair): pair is string => Boolean(pair)).join('; ') || undefined;

/**
 * Sets up the second factor in the Security section for the signed-in administrator of `cookie`, who
 * confirms it with their password first (docs/security.md#the-second-factor): the secret and the recovery
 * codes.
 */
export async function enrolInPortal(app: App, cookie: string, currentPassword: string) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/admin/security/totp/setup',
    headers: { ...sameOrigin, cookie },
    payload: { currentPassword },
    remoteAddress: freshIp(),
  });
  if (setup.statusCode !== 200) throw new Error(`set-up refused: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await post(
    app,
    '/api/admin/security/totp/confirm',
    { code: totpCode(secret) },
    { cookie },
  );
  if (confirmed.statusCode !== 200) throw new Error(`confirmation refused: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
