import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../../shared/schemas/auth';
import { adminDevices } from '../../db/schema';
import { ADMIN_LOGIN_LIMITS } from '../../security/rate-limits';
import { hashToken } from '../../security/tokens';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from '../admin-users/admin-test-support';
import { cookieOf, testTotpKey, totpCode } from './admin-sign-in-test-support';
import { freshIp, post, sessionCookie } from '../../test/requests';
import { ADMIN_TEST_PASSWORD, createAdmin } from '../../test/factories/users';
import { adminLogin, signInAdmin } from '../../test/factories/sign-in';

/**
 * Device cookies (docs/security.md#administrator-sign-in, OWASP's "device cookies"): failures from
 * elsewhere, however many, do not lock an administrator out of a browser that has signed in before;
 * failures from that browser lock out only that browser.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TOTP_ENCRYPTION_KEY: testTotpKey() } });
});
afterAll(() => t.close());

const { perAccount, perDevice } = ADMIN_LOGIN_LIMITS;

/** Signs `username` in once and returns the device cookie the browser was given. */
async function trustedBrowser(username: string): Promise<string> {
  const response = await adminLogin(t.app, username, ADMIN_TEST_PASSWORD);
  expect(response.statusCode).toBe(200);
  const device = cookieOf(response, 'admin_device');
  expect(device).toBeDefined();
  return device!;
}

/** Enough failures from rotating addresses to lock the account out. */
async function lockOutFromElsewhere(username: string) {
  for (let attempt = 1; attempt <= perAccount.max; attempt += 1) {
    const response = await adminLogin(t.app, username, `Wrong-Pass-${attempt}`, { ip: freshIp() });
    expect(response.statusCode).toBe(401);
  }
}

describe('device cookies', () => {
  it('gives a browser that signs in an HttpOnly, Strict cookie for the sign-in routes, kept only as a hash', async () => {
    const admin = await createAdmin(t.db);
    const response = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD);
    const cookie = response.cookies.find((candidate) => candidate.name === 'admin_device');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/admin/login',
      maxAge: 180 * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(adminDevices).where(eq(adminDevices.userId, admin.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(cookie!.value)]);
    const dump = await sqlRows<{ row: string }>(t.db, sql`select t::text as row from admin_devices t`);
    expect(dump.map((row) => row.row).join('\n')).not.toContain(cookie!.value);

    // The next sign-in from that browser renews it: the old one is retired.
    const again = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, {
      cookie: `admin_device=${cookie!.value}`,
    });
    const renewed = cookieOf(again, 'admin_device');
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(`admin_device=${cookie!.value}`);
    const after = await t.db.select().from(adminDevices).where(eq(adminDevices.userId, admin.id));
    expect(after.map((row) => row.tokenHash)).toEqual([hashToken(renewed!.split('=')[1]!)]);
  });

  it(`after ${perAccount.max} failures from rotating addresses, the right password signs in with the device cookie and is refused without it`, async () => {
    const admin = await createAdmin(t.db);
    const other = await createAdmin(t.db);
    const device = await trustedBrowser(admin.username);
    const otherDevice = await trustedBrowser(other.username);
    await lockOutFromElsewhere(admin.username);

    const withoutCookie = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD);
    expect(withoutCookie.statusCode).toBe(429);
    expect(Number(withoutCookie.headers['retry-after'])).toBeGreaterThan(0);
    // Another account's device cookie, or a made-up one, counts for nothing.
    expect(
      (await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { cookie: otherDevice })).statusCode,
    ).toBe(429);
    expect(
      (await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { cookie: 'admin_device=made-up' }))
        .statusCode,
    ).toBe(429);

    const withCookie = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { cookie: device });
    expect(withCookie.statusCode).toBe(200);
    expect(currentUserSchema.parse(withCookie.json())).toMatchObject({ id: admin.id });
    expect((await send(t.app, 'GET', '/api/admin/user', sessionCookie(withCookie))).statusCode).toBe(200);

    // The lockout still holds for everyone else: a trusted sign-in does not clear it.
    expect((await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('with the second factor on, the trusted browser passes the code step too; others stay locked out', async () => {
    const admin = await createAdmin(t.db);
    const session = await signInAdmin(t.app, { username: admin.username, password: ADMIN_TEST_PASSWORD });
    const { secret } = (
      await send(t.app, 'POST', '/api/admin/security/totp/setup', session, {
        currentPassword: ADMIN_TEST_PASSWORD,
      })
    ).json();
    const confirmed = await send(t.app, 'POST', '/api/admin/security/totp/confirm', session, {
      code: totpCode(secret),
    });
    const [recoveryCode] = confirmed.json().recoveryCodes as string[];

    // The browser signs in with its second factor (a recovery code here) and is trusted from then on.
    const first = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD);
    const firstDone = await post(
      t.app,
      '/api/admin/login/code',
      { code: recoveryCode },
      { cookie: cookieOf(first, 'admin_login') },
    );
    expect(firstDone.statusCode).toBe(200);
    const device = cookieOf(firstDone, 'admin_device')!;
    await lockOutFromElsewhere(admin.username);

    expect((await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD)).statusCode).toBe(429);
    const trusted = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { cookie: device });
    expect(trusted.json()).toEqual({ totpRequired: true, mustEnrol: false });
    const pending = cookieOf(trusted, 'admin_login')!;
    // The pending sign-in without the device cookie is held by the account's lockout, even with the code.
    const untrusted = await post(
      t.app,
      '/api/admin/login/code',
      { code: totpCode(secret, 1) },
      { cookie: pending },
    );
    expect(untrusted.statusCode).toBe(429);
    const done = await post(
      t.app,
      '/api/admin/login/code',
      { code: totpCode(secret, 1) },
      { cookie: `${pending}; ${device}` },
    );
    expect(done.statusCode).toBe(200);
    expect(sessionCookie(done)).toBeDefined();
  });

  it(`failures with a device cookie lock out that cookie only (${perDevice.max} in ${perDevice.windowMs / 60_000} minutes)`, async () => {
    const admin = await createAdmin(t.db);
    const device = await trustedBrowser(admin.username);
    const ip = freshIp();
    for (let attempt = 1; attempt <= perDevice.max; attempt += 1) {
      const response = await adminLogin(t.app, admin.username, `Wrong-Pass-${attempt}`, {
        cookie: device,
        ip,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { cookie: device, ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Neither the account nor the address is blocked by them.
    expect((await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('is named __Secure-admin_device and Secure on https', async () => {
    const https = await createTestApp({
      env: { APP_ORIGIN: 'https://portal.test', TOTP_ENCRYPTION_KEY: testTotpKey() },
    });
    try {
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'admin', password: (await import('../../test/test-app')).TEST_ADMIN_PASSWORD },
        headers: { origin: 'https://portal.test' },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((candidate) => candidate.name === '__Secure-admin_device');
      expect(cookie).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/admin/login',
      });
    } finally {
      await https.close();
    }
  });
});
