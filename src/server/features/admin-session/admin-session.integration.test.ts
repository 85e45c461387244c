import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../../shared/schemas/auth';
import { users } from '../../db/schema';
import { createTestApp, sameOrigin, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/test-app';
import { send } from '../admin-users/admin-test-support';
import { ADMIN_TEST_PASSWORD, createAdmin, createUser } from '../../test/factories/users';
import { freshIp, get, sessionCookie } from '../../test/requests';
import { adminLogin, signIn, signInAdmin } from '../../test/factories/sign-in';
import { countSessions } from '../sessions/sessions-test-support';

/** POST /api/admin/login, GET /api/admin/user, POST /api/admin/logout (docs/admin.md#admin-access). */

let t: TestApp;
let seededAdminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [seeded] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  seededAdminId = seeded!.id;
});
afterAll(() => t.close());

/** The parts of an error body that must not differ between refusals (the request id always does). */
const comparable = (response: { statusCode: number; json(): Record<string, unknown> }) => {
  const { requestId: _requestId, ...body } = response.json();
  return { status: response.statusCode, body };
};

describe('POST /api/admin/login', () => {
  it('signs the administrator in: an HttpOnly session cookie and the user with firstName', async () => {
    const before = new Date();
    const response = await adminLogin(t.app, 'admin', TEST_ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const user = currentUserSchema.parse(response.json());
    expect(user).toMatchObject({ id: seededAdminId, username: 'admin', role: 'admin' });
    expect(response.json()).toHaveProperty('firstName');
    expect(response.body).not.toMatch(/argon2|passwordHash/);

    const cookie = response.cookies.find((candidate) => candidate.name === 'sid');
    // Strict and no longer than the 12-hour absolute limit (docs/security.md#sessions).
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Strict', maxAge: 12 * 60 * 60 });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(users).where(eq(users.id, seededAdminId));
    expect(stored?.lastLoginAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const me = await send(t.app, 'GET', '/api/admin/user', sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: seededAdminId, role: 'admin' });
  });

  it('also takes the administrator e-mail as the username', async () => {
    const response = await adminLogin(t.app, t.env.ADMIN_EMAIL.toUpperCase(), TEST_ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: seededAdminId });
  });

  it('rotates the session: signing in again replaces the session the request carried', async () => {
    const first = await signInAdmin(t.app);
    const sessionsBefore = await countSessions(t.db, seededAdminId);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
      headers: { ...sameOrigin, cookie: first },
      remoteAddress: freshIp(),
    });
    expect(again.statusCode).toBe(200);
    expect(sessionCookie(again)).not.toBe(first);
    expect(await countSessions(t.db, seededAdminId)).toBe(sessionsBefore);
    expect((await send(t.app, 'GET', '/api/admin/user', first)).statusCode).toBe(401);
  });

  it('gives a wrong password, an unknown username, a customer and a disabled administrator the same 401 and no cookie (docs/security.md#administrator-sign-in)', async () => {
    const customer = await createUser(t.db, { password: 'Customer-Pass-1' });
    const disabled = await createAdmin(t.db, { status: 'disabled' });
    const pendingAdmin = await createAdmin(t.db, { status: 'pending' });

    const attempts = [
      await adminLogin(t.app, 'admin', 'Wrong-Pass-1'),
      await adminLogin(t.app, 'nobody-by-this-name', 'Wrong-Pass-1'),
      await adminLogin(t.app, customer.username, 'Customer-Pass-1'),
      await adminLogin(t.app, disabled.username, ADMIN_TEST_PASSWORD),
      await adminLogin(t.app, pendingAdmin.username, ADMIN_TEST_PASSWORD),
    ];
    for (const response of attempts) {
      expect(comparable(response)).toEqual({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Invalid username or password' },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await countSessions(t.db, customer.id)).toBe(0);
    expect(await countSessions(t.db, disabled.id)).toBe(0);
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ username: '   ', password: 'x' }, 'Username is required'],
    [{ username: 'admin' }, 'Password is required'],
    [{ username: 'admin', password: '' }, 'Password is required'],
  ])('answers %j with %j', async (body, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: body,
      headers: sameOrigin,
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('blocks an IP after 10 failures: 429 with Retry-After, even with the right password (docs/security.md#administrator-sign-in)', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await adminLogin(t.app, 'admin', `Wrong-Pass-${attempt}`, { ip: ip });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await adminLogin(t.app, 'admin', TEST_ADMIN_PASSWORD, { ip: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(blocked.headers['set-cookie']).toBeUndefined();

    // Other addresses are not blocked, and neither is the account.
    expect((await adminLogin(t.app, 'admin', TEST_ADMIN_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('holds one account to 100 failures an hour from rotating IPs, the right password included', async () => {
    const target = await createAdmin(t.db);
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      const response = await adminLogin(t.app, target.username, 'Wrong-Pass-1', { ip: freshIp() });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await adminLogin(t.app, target.username, ADMIN_TEST_PASSWORD, { ip: freshIp() });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/admin/user', () => {
  it('answers 401 to a visitor and to a signed-in customer, 200 to an administrator', async () => {
    const visitor = await get(t.app, '/api/admin/user');
    expect(visitor.statusCode).toBe(401);

    const customer = await createUser(t.db);
    const customerCookie = await signIn(t.app, t.db, customer.email);
    const asCustomer = await get(t.app, '/api/admin/user', { cookie: customerCookie });
    expect(asCustomer.statusCode).toBe(401);
    expect(asCustomer.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    const asAdmin = await get(t.app, '/api/admin/user', { cookie: await signInAdmin(t.app) });
    expect(asAdmin.statusCode).toBe(200);
    expect(currentUserSchema.parse(asAdmin.json())).toMatchObject({ role: 'admin' });
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const admin = await createAdmin(t.db);
    const cookie = await signInAdmin(t.app, { username: admin.username, password: ADMIN_TEST_PASSWORD });
    expect(await countSessions(t.db, admin.id)).toBe(1);

    const response = await send(t.app, 'POST', '/api/admin/logout', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    const cleared = response.cookies.find((candidate) => candidate.name === 'sid');
    expect(cleared?.value).toBe('');

    expect(await countSessions(t.db, admin.id)).toBe(0);
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(401);
    expect((await send(t.app, 'GET', '/api/admin/users', cookie)).statusCode).toBe(401);
  });

  it('answers a visitor without a session calmly', async () => {
    const response = await send(t.app, 'POST', '/api/admin/logout', undefined);
    expect(response.statusCode).toBe(200);
  });
});

describe('administrator session limits (docs/security.md#sessions)', () => {
  async function ageSession(cookie: string, column: 'last_seen_at' | 'created_at', minutes: number) {
    const token = cookie.replace(/^sid=/, '');
    const { hashToken } = await import('../../security/tokens');
    await t.db.execute(
      sql`update sessions set ${sql.raw(column)} = now() - make_interval(mins => ${minutes}::int) where token_hash = ${hashToken(token)}`,
    );
  }

  it('ends an administrator session after 30 minutes without a request', async () => {
    const cookie = await signInAdmin(t.app);
    await ageSession(cookie, 'last_seen_at', 29);
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(200);
    await ageSession(cookie, 'last_seen_at', 31);
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(401);
    // The session is gone, not just refused once.
    await ageSession(cookie, 'last_seen_at', 0);
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(401);
  });

  it('ends an administrator session 12 hours after sign-in, however busy', async () => {
    const cookie = await signInAdmin(t.app);
    await ageSession(cookie, 'created_at', 12 * 60 - 1);
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(200);
    await ageSession(cookie, 'created_at', 12 * 60 + 1);
    expect((await send(t.app, 'GET', '/api/admin/user', cookie)).statusCode).toBe(401);
  });

  it("keeps a customer's idle session: the limits are the administrator's", async () => {
    const customer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, customer.email);
    await ageSession(cookie, 'last_seen_at', 24 * 60);
    expect((await get(t.app, '/api/user', { cookie })).statusCode).toBe(200);
  });
});
