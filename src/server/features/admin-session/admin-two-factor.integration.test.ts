import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_MESSAGES } from '../../../shared/schemas/admin-session';
import { currentUserSchema } from '../../../shared/schemas/auth';
import { adminLoginChallenges, adminRecoveryCodes, adminTotp, users } from '../../db/schema';
import { buildApp } from '../../app';
import { ADMIN_LOGIN_LIMITS } from '../../security/rate-limits';
import { hashToken } from '../../security/tokens';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from '../admin-users/admin-test-support';
import { cookieHeader, cookieOf, testTotpKey, totpCode, wrongCode } from './admin-sign-in-test-support';
import { freshIp, post, sessionCookie } from '../../test/requests';
import { ADMIN_TEST_PASSWORD, createAdmin } from '../../test/factories/users';
import { adminLogin, signInAdmin } from '../../test/factories/sign-in';
import { auditRowsOf } from '../../test/factories/audit';
import { countSessions } from '../sessions/sessions-test-support';
import { TOTP_DISABLED_MESSAGE } from './admin-totp.routes';
import { TOO_MANY_SESSION_ATTEMPTS_MESSAGE } from './sign-in-throttles';

/**
 * The administrators' second factor (docs/security.md#administrator-sign-in, docs/admin.md#security):
 * set-up in the portal, the code step at sign-in, single use, recovery codes, turning it off, the
 * ADMIN_REQUIRE_TOTP setting, throttling, the audit log and the sealed secret. Codes are computed here from
 * the secret the server gave, as an authenticator app would.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TOTP_ENCRYPTION_KEY: testTotpKey() } });
});
afterAll(() => t.close());

type Admin = Awaited<ReturnType<typeof createAdmin>>;

/** A new administrator, signed in (no second factor yet): their session cookie. */
async function signedInAdmin(app = t.app, db = t.db): Promise<{ admin: Admin; cookie: string }> {
  const admin = await createAdmin(db);
  return {
    admin,
    cookie: await signInAdmin(app, { username: admin.username, password: ADMIN_TEST_PASSWORD }),
  };
}

/** Sets up the second factor in the portal; the secret and the recovery codes. */
async function enrol(cookie: string, app = t.app) {
  const setup = await send(app, 'POST', '/api/admin/security/totp/setup', cookie, {
    currentPassword: ADMIN_TEST_PASSWORD,
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirmCode = totpCode(secret);
  const confirmed = await send(app, 'POST', '/api/admin/security/totp/confirm', cookie, {
    code: confirmCode,
  });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  return { secret, confirmCode, recoveryCodes };
}

/** The password step of an enrolled administrator: the pending sign-in's cookie. */
async function passwordStep(admin: Admin, options: { cookie?: string; ip?: string } = {}) {
  const response = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, options);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ totpRequired: true, mustEnrol: false });
  const pending = cookieOf(response, 'admin_login');
  expect(pending).toBeDefined();
  return pending!;
}

const codeStep = (pending: string | undefined, code: string, ip?: string) =>
  post(t.app, '/api/admin/login/code', { code }, { cookie: pending, ...(ip ? { ip } : {}) });

describe('setting up the second factor in the portal', () => {
  it('makes a secret with a QR code and a key to type, confirms it with a code and shows 10 recovery codes once', async () => {
    const { admin, cookie } = await signedInAdmin();
    const before = await send(t.app, 'GET', '/api/admin/security/totp', cookie);
    expect(before.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const setup = await send(t.app, 'POST', '/api/admin/security/totp/setup', cookie, {
      currentPassword: ADMIN_TEST_PASSWORD,
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Dew%20Mist%20Wholesale:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    // A wrong code leaves it off.
    const wrong = await send(t.app, 'POST', '/api/admin/security/totp/confirm', cookie, {
      code: wrongCode(secret),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: TOTP_MESSAGES.invalidCode });
    expect((await send(t.app, 'GET', '/api/admin/security/totp', cookie)).json()).toMatchObject({
      enabled: false,
    });

    const confirmed = await send(t.app, 'POST', '/api/admin/security/totp/confirm', cookie, {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const after = (await send(t.app, 'GET', '/api/admin/security/totp', cookie)).json();
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(Date.parse(after.enabledAt)).toBeGreaterThan(Date.now() - 60_000);
    // The session that set it up goes on.
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(200);
    // Only hashes are kept of the recovery codes.
    const stored = await t.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, admin.id));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(
      recoveryCodes.map((code: string) => hashToken(code.replaceAll('-', ''))).sort(),
    );

    // A second set-up is refused while it is on.
    const again = await send(t.app, 'POST', '/api/admin/security/totp/setup', cookie, {
      currentPassword: ADMIN_TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: TOTP_MESSAGES.alreadyOn });

    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: admin.id });
    expect(audit.map((row) => row.action)).toEqual(['admin-totp.enable']);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.id,
      before: { totpEnabled: false },
      after: { totpEnabled: true, recoveryCodes: 10 },
    });
  });

  it('refuses to confirm without a set-up waiting, and a customer or visitor gets no set-up', async () => {
    const { cookie } = await signedInAdmin();
    const response = await send(t.app, 'POST', '/api/admin/security/totp/confirm', cookie, {
      code: '123456',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: TOTP_MESSAGES.noSetup });
    expect(
      (
        await send(t.app, 'POST', '/api/admin/security/totp/setup', undefined, {
          currentPassword: ADMIN_TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('asks for the current password before a set-up: none is 400, a wrong one 422 and no secret is made', async () => {
    const { admin, cookie } = await signedInAdmin();
    const setup = (body?: Record<string, unknown>) =>
      send(t.app, 'POST', '/api/admin/security/totp/setup', cookie, body);

    const missing = await setup({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: TOTP_MESSAGES.passwordRequired,
    });
    expect((await setup()).statusCode).toBe(400);

    const wrong = await setup({ currentPassword: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: TOTP_MESSAGES.passwordIncorrect });
    expect(wrong.json()).not.toHaveProperty('secret');
    expect(await t.db.select().from(adminTotp).where(eq(adminTotp.userId, admin.id))).toEqual([]);

    const right = await setup({ currentPassword: ADMIN_TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('never stores the secret as it is: it appears in no table, sealed with AES-256-GCM for its own row', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret } = await enrol(cookie);
    const tables = await sqlRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(15);
    for (const { table_name } of tables) {
      const rows = await sqlRows<{ row: string }>(
        t.db,
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      const text = rows.map((row) => row.row).join('\n');
      expect(text, table_name).not.toContain(secret);
      expect(text.toLowerCase(), table_name).not.toContain(secret.toLowerCase());
    }
    const [row] = await t.db.select().from(adminTotp).where(eq(adminTotp.userId, admin.id));
    expect(row?.secretSealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
  });
});

describe('signing in with the second factor (docs/security.md#administrator-sign-in)', () => {
  it('asks for a code after the right password, without a session; a wrong code is 401, the right one signs in', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret } = await enrol(cookie);
    const sessionsBefore = await countSessions(t.db, admin.id);

    const first = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ totpRequired: true, mustEnrol: false });
    expect(sessionCookie(first)).toBeUndefined();
    expect(await countSessions(t.db, admin.id)).toBe(sessionsBefore);
    const pendingCookie = first.cookies.find((candidate) => candidate.name === 'admin_login');
    expect(pendingCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/admin/login',
      maxAge: 300,
    });
    // The pending sign-in is kept only as its SHA-256.
    const [challenge] = await t.db
      .select()
      .from(adminLoginChallenges)
      .where(eq(adminLoginChallenges.tokenHash, hashToken(pendingCookie!.value)));
    expect(challenge).toMatchObject({ userId: admin.id, purpose: 'totp' });
    const pending = `admin_login=${pendingCookie!.value}`;
    // The pending sign-in is no session.
    expect((await send(t.app, 'GET', '/api/admin/user', pending)).statusCode).toBe(401);

    const wrong = await codeStep(pending, wrongCode(secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: TOTP_MESSAGES.invalidCode });
    expect(sessionCookie(wrong)).toBeUndefined();

    const right = await codeStep(pending, totpCode(secret, 1));
    expect(right.statusCode).toBe(200);
    expect(currentUserSchema.parse(right.json())).toMatchObject({ id: admin.id, role: 'admin' });
    expect(sessionCookie(right)).toMatch(/^sid=/);
    const cleared = right.cookies.find((candidate) => candidate.name === 'admin_login');
    expect(cleared?.value).toBe('');
    expect((await send(t.app, 'GET', '/api/admin/user', sessionCookie(right))).statusCode).toBe(200);

    // The pending sign-in is spent: the same cookie signs in no second time.
    const reused = await codeStep(pending, totpCode(secret, 1));
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({ message: TOTP_MESSAGES.signInExpired });
  });

  it('refuses a code it has accepted before, also in a new sign-in', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret, confirmCode } = await enrol(cookie);
    const code = totpCode(secret, 1);
    expect((await codeStep(await passwordStep(admin), code)).statusCode).toBe(200);

    const replayed = await codeStep(await passwordStep(admin), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ message: TOTP_MESSAGES.invalidCode });
    // So is the code that confirmed the set-up: an earlier step than one already accepted.
    expect((await codeStep(await passwordStep(admin), confirmCode)).statusCode).toBe(401);
  });

  it('takes a recovery code once, however it is typed, and audits its use', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { recoveryCodes } = await enrol(cookie);
    const [code] = recoveryCodes as [string];

    const used = await codeStep(await passwordStep(admin), ` ${code.toUpperCase()} `);
    expect(used.statusCode).toBe(200);
    expect(sessionCookie(used)).toBeDefined();

    const again = await codeStep(await passwordStep(admin), code);
    expect(again.statusCode).toBe(401);

    const status = await send(t.app, 'GET', '/api/admin/security/totp', sessionCookie(used));
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: admin.id });
    expect(audit.map((row) => row.action)).toEqual(['admin-totp.enable', 'admin-totp.recovery-code-used']);
    expect(audit[1]).toMatchObject({ actorUserId: admin.id, after: { recoveryCodesLeft: 9 } });
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('answers 410 without a pending sign-in, for an expired one, and after 5 wrong codes', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret } = await enrol(cookie);
    expect((await codeStep(undefined, totpCode(secret, 1))).statusCode).toBe(410);
    expect((await codeStep('admin_login=made-up', totpCode(secret, 1))).statusCode).toBe(410);

    const expired = await passwordStep(admin);
    await t.db
      .update(adminLoginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminLoginChallenges.tokenHash, hashToken(expired.split('=')[1]!)));
    expect((await codeStep(expired, totpCode(secret, 1))).statusCode).toBe(410);

    const pending = await passwordStep(admin);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await codeStep(pending, wrongCode(secret))).statusCode).toBe(401);
    }
    // Dropped: even the right code needs the password again.
    expect((await codeStep(pending, totpCode(secret, 1))).statusCode).toBe(410);
  });

  it('counts wrong codes like wrong passwords: 10 from one address block it, the right password and code included', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret } = await enrol(cookie);
    const ip = freshIp();
    for (let round = 0; round < 2; round += 1) {
      const pending = await passwordStep(admin, { ip });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await codeStep(pending, wrongCode(secret), ip)).statusCode).toBe(401);
      }
    }
    const blocked = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The account is not blocked: the right password and code from elsewhere sign in.
    const pending = await passwordStep(admin);
    expect((await codeStep(pending, totpCode(secret, 1), ip)).statusCode).toBe(429);
    expect((await codeStep(pending, totpCode(secret, 1))).statusCode).toBe(200);
  });
});

describe('turning the second factor off and new recovery codes', () => {
  it('needs a fresh code to turn it off: none, a wrong one and a used one are refused', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret, confirmCode } = await enrol(cookie);
    const disable = (body: Record<string, unknown>) =>
      send(t.app, 'POST', '/api/admin/security/totp/disable', cookie, body);

    expect((await disable({})).statusCode).toBe(400);
    expect((await disable({ code: wrongCode(secret) })).statusCode).toBe(422);
    // The set-up's own code was used already.
    const replayed = await disable({ code: confirmCode });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toMatchObject({ message: TOTP_MESSAGES.invalidCode });
    expect((await send(t.app, 'GET', '/api/admin/security/totp', cookie)).json()).toMatchObject({
      enabled: true,
    });

    const off = await disable({ code: totpCode(secret, 1) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: TOTP_DISABLED_MESSAGE });
    expect((await send(t.app, 'GET', '/api/admin/security/totp', cookie)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(
      await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, admin.id)),
    ).toEqual([]);
    expect((await disable({ code: totpCode(secret, 1) })).json()).toMatchObject({
      message: TOTP_MESSAGES.notOn,
    });

    // The password alone signs in again.
    const signIn = await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD);
    expect(currentUserSchema.parse(signIn.json())).toMatchObject({ id: admin.id });

    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: admin.id });
    expect(audit.map((row) => row.action)).toEqual(['admin-totp.enable', 'admin-totp.disable']);
    expect(audit[1]).toMatchObject({ before: { totpEnabled: true }, after: { totpEnabled: false } });
  });

  it('makes 10 new recovery codes after a fresh code; the old ones stop working', async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret, recoveryCodes: old } = await enrol(cookie);
    const regenerate = (code: string) =>
      send(t.app, 'POST', '/api/admin/security/totp/recovery-codes', cookie, { code });
    expect((await regenerate(wrongCode(secret))).statusCode).toBe(422);

    const response = await regenerate(totpCode(secret, 1));
    expect(response.statusCode).toBe(200);
    const { recoveryCodes } = response.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(old[0]);

    expect((await codeStep(await passwordStep(admin), old[0]!)).statusCode).toBe(401);
    expect((await codeStep(await passwordStep(admin), recoveryCodes[0])).statusCode).toBe(200);
    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: admin.id });
    expect(audit.map((row) => row.action)).toEqual([
      'admin-totp.enable',
      'admin-totp.recovery-codes-regenerate',
      'admin-totp.recovery-code-used',
    ]);
    expect(audit[1]).toMatchObject({ before: { recoveryCodesLeft: 10 }, after: { recoveryCodesLeft: 10 } });
  });
});

describe('changes inside a signed-in session are counted on that session (docs/security.md#the-second-factor)', () => {
  it(`are not refused by the account's block: after ${ADMIN_LOGIN_LIMITS.perAccount.max} failed sign-ins from rotating addresses the signed-in administrator makes new recovery codes`, async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret } = await enrol(cookie);
    for (let attempt = 1; attempt <= ADMIN_LOGIN_LIMITS.perAccount.max; attempt += 1) {
      const response = await adminLogin(t.app, admin.username, `Wrong-Pass-${attempt}`, { ip: freshIp() });
      expect(response.statusCode).toBe(401);
    }
    // The account is blocked for sign-ins...
    expect((await adminLogin(t.app, admin.username, ADMIN_TEST_PASSWORD)).statusCode).toBe(429);
    // ...but not for the administrator already signed in.
    const regenerated = await send(t.app, 'POST', '/api/admin/security/totp/recovery-codes', cookie, {
      code: totpCode(secret, 1),
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).toHaveLength(10);
    // (A second authenticator code would need the next 30-second step: a recovery code does.)
    const off = await send(t.app, 'POST', '/api/admin/security/totp/disable', cookie, {
      code: regenerated.json<{ recoveryCodes: string[] }>().recoveryCodes[0],
    });
    expect(off.statusCode).toBe(200);
  });

  it(`refuses a session after ${ADMIN_LOGIN_LIMITS.perSession.max} wrong codes and passwords (429), even the right code; another session goes on`, async () => {
    const { admin, cookie } = await signedInAdmin();
    const { secret } = await enrol(cookie);
    const regenerate = (session: string, code: string) =>
      send(t.app, 'POST', '/api/admin/security/totp/recovery-codes', session, { code });
    // The right code gives its slot back: it never counts.
    const first = await regenerate(cookie, totpCode(secret, 1));
    expect(first.statusCode).toBe(200);
    const codes = first.json<{ recoveryCodes: string[] }>().recoveryCodes;
    for (let attempt = 1; attempt <= ADMIN_LOGIN_LIMITS.perSession.max; attempt += 1) {
      expect((await regenerate(cookie, wrongCode(secret))).statusCode).toBe(422);
    }
    const blocked = await regenerate(cookie, codes[0]!);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: TOO_MANY_SESSION_ATTEMPTS_MESSAGE });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);
    // The session itself goes on, and so does the administrator's other session (and their sign-in).
    expect((await send(t.app, 'GET', '/api/admin/security/totp', cookie)).statusCode).toBe(200);
    const other = sessionCookie(await codeStep(await passwordStep(admin), codes[1]!));
    expect((await regenerate(other!, codes[2]!)).statusCode).toBe(200);
  });

  it('counts wrong passwords at the start of a set-up on the session too', async () => {
    const { cookie } = await signedInAdmin();
    const setup = (currentPassword: string) =>
      send(t.app, 'POST', '/api/admin/security/totp/setup', cookie, { currentPassword });
    for (let attempt = 1; attempt <= ADMIN_LOGIN_LIMITS.perSession.max; attempt += 1) {
      expect((await setup(`Wrong-Pass-${attempt}`)).statusCode).toBe(422);
    }
    expect((await setup(ADMIN_TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('ADMIN_REQUIRE_TOTP', () => {
  let required: TestApp;
  beforeAll(async () => {
    required = await createTestApp({ env: { TOTP_ENCRYPTION_KEY: testTotpKey(), ADMIN_REQUIRE_TOTP: '1' } });
  });
  afterAll(() => required.close());

  it('makes an administrator without a second factor set one up before any session', async () => {
    const admin = await createAdmin(required.db);
    const first = await adminLogin(required.app, admin.username, ADMIN_TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ totpRequired: true, mustEnrol: true });
    expect(sessionCookie(first)).toBeUndefined();
    expect(await countSessions(required.db, admin.id)).toBe(0);
    const pending = cookieOf(first, 'admin_login');

    // Not a code step, and no set-up without the pending sign-in.
    expect(
      (await post(required.app, '/api/admin/login/code', { code: '123456' }, { cookie: pending })).statusCode,
    ).toBe(410);
    expect((await post(required.app, '/api/admin/login/enrolment', undefined)).statusCode).toBe(410);

    const setup = await post(required.app, '/api/admin/login/enrolment', undefined, { cookie: pending });
    expect(setup.statusCode).toBe(200);
    const { secret, qrCodeDataUrl } = setup.json();
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const confirm = (code: string) =>
      post(required.app, '/api/admin/login/enrolment/confirm', { code }, { cookie: pending });
    const wrong = await confirm(wrongCode(secret));
    expect(wrong.statusCode).toBe(401);
    expect(sessionCookie(wrong)).toBeUndefined();

    const done = await confirm(totpCode(secret));
    expect(done.statusCode).toBe(200);
    const { user, recoveryCodes } = done.json();
    expect(currentUserSchema.parse(user)).toMatchObject({ id: admin.id, role: 'admin' });
    expect(recoveryCodes).toHaveLength(10);
    const session = sessionCookie(done);
    expect((await send(required.app, 'GET', '/api/admin/user', session)).statusCode).toBe(200);
    expect((await send(required.app, 'GET', '/api/admin/security/totp', session)).json()).toMatchObject({
      enabled: true,
      required: true,
    });
    expect(
      (await auditRowsOf(required.db, { entityType: 'user', entityId: admin.id })).map((row) => row.action),
    ).toEqual(['admin-totp.enable']);

    // From then on: the code step.
    const next = await adminLogin(required.app, admin.username, ADMIN_TEST_PASSWORD);
    expect(next.json()).toEqual({ totpRequired: true, mustEnrol: false });
  });

  it('reaches sessions made before it was required: an administrator without a second factor is signed out and sets one up at sign-in', async () => {
    // The same database, first without the requirement, then "restarted" with it.
    const { admin, cookie } = await signedInAdmin();
    const restarted = await buildApp({
      env: { ...t.env, ADMIN_REQUIRE_TOTP: true },
      database: t.handle,
      clientDir: null,
      logger: false,
      maxEventLoopDelayMs: 0,
    });
    try {
      expect((await send(t.app, 'GET', '/api/admin/users', cookie)).statusCode).toBe(200);
      expect((await send(restarted, 'GET', '/api/admin/user', cookie)).statusCode).toBe(401);
      expect((await send(restarted, 'GET', '/api/admin/users', cookie)).statusCode).toBe(401);
      // The session is gone for good, and the sign-in leads to the set-up.
      expect(await countSessions(t.db, admin.id)).toBe(0);
      const again = await adminLogin(restarted, admin.username, ADMIN_TEST_PASSWORD);
      expect(again.json()).toEqual({ totpRequired: true, mustEnrol: true });

      // An administrator with a second factor keeps their session.
      const enrolled = await signedInAdmin();
      await enrol(enrolled.cookie);
      expect((await send(restarted, 'GET', '/api/admin/users', enrolled.cookie)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('refuses to turn the second factor off while it is required, before the code is spent', async () => {
    const admin = await createAdmin(required.db);
    const pending = cookieOf(
      await adminLogin(required.app, admin.username, ADMIN_TEST_PASSWORD),
      'admin_login',
    );
    const { secret } = (
      await post(required.app, '/api/admin/login/enrolment', undefined, { cookie: pending })
    ).json<{ secret: string }>();
    const done = await post(
      required.app,
      '/api/admin/login/enrolment/confirm',
      { code: totpCode(secret) },
      { cookie: pending },
    );
    const session = sessionCookie(done);
    const refused = await send(required.app, 'POST', '/api/admin/security/totp/disable', session, {
      code: totpCode(secret, 1),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: TOTP_MESSAGES.requiredCannotTurnOff });
    expect((await send(required.app, 'GET', '/api/admin/security/totp', session)).json()).toMatchObject({
      enabled: true,
      required: true,
    });
    // The code was not spent: it still makes new recovery codes.
    const regenerated = await send(required.app, 'POST', '/api/admin/security/totp/recovery-codes', session, {
      code: totpCode(secret, 1),
    });
    expect(regenerated.statusCode).toBe(200);
  });

  it('still refuses a wrong password the usual way', async () => {
    const response = await adminLogin(required.app, 'admin', 'Wrong-Pass-1');
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('the seeded administrator', () => {
  it('signs in with the password alone while no second factor is set up', async () => {
    const response = await adminLogin(
      t.app,
      'admin',
      (await import('../../test/test-app')).TEST_ADMIN_PASSWORD,
    );
    expect(response.statusCode).toBe(200);
    const [seeded] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(response.json()).toMatchObject({ id: seeded!.id });
    expect(cookieHeader(sessionCookie(response))).toMatch(/^sid=/);
  });
});
