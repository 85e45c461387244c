import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON } from '../../../shared/passwords';
import { LINK_INVALID_MESSAGE, PASSWORDS_DONT_MATCH } from '../../../shared/schemas/auth';
import { users } from '../../db/schema';
import { verifyPassword } from '../../security/password-hash';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countSessions } from '../sessions/sessions-test-support';
import { createUser, uniqueEmail } from '../../test/factories/users';
import { get, post } from '../../test/requests';
import { insertLinkToken, signIn } from '../../test/factories/sign-in';
import { mailsTo, tokenFromLink } from '../../test/outbox';

const OLD = 'Old-Password-1';
const NEW = 'New-Password-2';

describe('passwords', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const hashOf = async (id: number) =>
    (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash ?? null;

  describe('POST /api/change-password', () => {
    const change = (cookie: string, body: Record<string, unknown>) =>
      post(t.app, '/api/change-password', body, { cookie });

    it('needs a session', async () => {
      const response = await post(t.app, '/api/change-password', {
        newPassword: NEW,
        confirmPassword: NEW,
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a mismatch, a short or weak password, and a wrong or missing current password', async () => {
      const user = await createUser(t.db, { password: OLD });
      const cookie = await signIn(t.app, t.db, user.email);
      const cases: [Record<string, unknown>, string][] = [
        [{ currentPassword: OLD, newPassword: NEW, confirmPassword: 'Other-2' }, PASSWORDS_DONT_MATCH],
        [
          { currentPassword: OLD, newPassword: 'Ab1', confirmPassword: 'Ab1' },
          'Password Too Short: Password must be at least 8 characters long',
        ],
        [
          { currentPassword: OLD, newPassword: 'alllowercase1', confirmPassword: 'alllowercase1' },
          'Password must contain at least one uppercase letter, one lowercase letter, and one number',
        ],
        [
          { currentPassword: 'Wrong-Pass-9', newPassword: NEW, confirmPassword: NEW },
          'Current password is incorrect',
        ],
        [{ newPassword: NEW, confirmPassword: NEW }, 'Current password is incorrect'],
      ];
      for (const [body, message] of cases) {
        const response = await change(cookie, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
      expect(await verifyPassword((await hashOf(user.id)) ?? '', OLD)).toBe(true);
      expect(await mailsTo(t.db, user.email)).toHaveLength(1); // only the sign-in link
    });

    it('refuses a common or breached password in any letter case, and changes nothing', async () => {
      const user = await createUser(t.db, { password: OLD });
      const other = await signIn(t.app, t.db, user.email);
      const cookie = await signIn(t.app, t.db, user.email);
      const mailsBefore = (await mailsTo(t.db, user.email)).length;
      for (const common of ['Password1', 'pASSWORD1', 'Qwerty123']) {
        const response = await change(cookie, {
          currentPassword: OLD,
          newPassword: common,
          confirmPassword: common,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_TOO_COMMON });
      }
      expect(await verifyPassword((await hashOf(user.id)) ?? '', OLD)).toBe(true);
      expect((await get(t.app, '/api/user', { cookie: other })).statusCode).toBe(200);
      expect(await countSessions(t.db, user.id)).toBe(2);
      expect(await mailsTo(t.db, user.email)).toHaveLength(mailsBefore);
    });

    it('sets the password, keeps this session, ends the others and queues a notice', async () => {
      const user = await createUser(t.db, { password: OLD });
      const other = await signIn(t.app, t.db, user.email);
      const current = await signIn(t.app, t.db, user.email);
      expect(await countSessions(t.db, user.id)).toBe(2);

      const response = await change(current, {
        currentPassword: OLD,
        newPassword: NEW,
        confirmPassword: NEW,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('message');
      const hash = (await hashOf(user.id)) ?? '';
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(hash, NEW)).toBe(true);
      expect((await get(t.app, '/api/user', { cookie: current })).statusCode).toBe(200);
      expect((await get(t.app, '/api/user', { cookie: other })).statusCode).toBe(401);
      expect(await countSessions(t.db, user.id)).toBe(1);
      expect((await mailsTo(t.db, user.email)).at(-1)?.subject).toMatch(/password was changed/);
    });

    it('lets an account without a password set one without a current password', async () => {
      const user = await createUser(t.db);
      const cookie = await signIn(t.app, t.db, user.email);
      const response = await change(cookie, { newPassword: NEW, confirmPassword: NEW });
      expect(response.statusCode).toBe(200);
      expect((await get(t.app, '/api/user', { cookie })).json()).toMatchObject({ hasPassword: true });
    });
  });

  describe('reset endpoints under attack', () => {
    it('refuse a bogus token before hashing: 60 at once all answer 400, none is turned away as busy', async () => {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          post(t.app, '/api/reset-password', { token: `bogus-token-${n}-${'x'.repeat(40)}`, password: NEW }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 400));
      expect(answers.every((answer) => answer.json<{ code: string }>().code === 'LINK_INVALID')).toBe(true);
    });

    it('limit token checks and resets per IP address (20 a minute), then answer 429', async () => {
      const ip = '10.9.9.9';
      const statuses: number[] = [];
      for (let n = 0; n < 22; n += 1) {
        const response = await get(t.app, `/api/validate-reset-token/bogus-${n}-${'y'.repeat(40)}`, { ip });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
      const reset = await post(
        t.app,
        '/api/reset-password',
        { token: 'z'.repeat(43), password: NEW },
        { ip: '10.9.9.10' },
      );
      expect(reset.statusCode).toBe(400);
    });
  });

  describe('password reset', () => {
    const neutral = { message: "If your email is registered, you'll receive instructions shortly." };

    it('answers every address alike and e-mails a link only to live accounts', async () => {
      const approved = await createUser(t.db, { status: 'approved', password: OLD });
      const pending = await createUser(t.db, { status: 'pending' });
      const rejected = await createUser(t.db, { status: 'rejected' });
      const disabled = await createUser(t.db, { status: 'disabled' });
      for (const email of [approved.email, pending.email, rejected.email, disabled.email, uniqueEmail()]) {
        const response = await post(t.app, '/api/request-password-reset', { email });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(JSON.stringify(neutral));
      }
      const [mail] = await mailsTo(t.db, approved.email);
      expect(mail?.text).toContain(`${t.env.APP_ORIGIN}/reset-password?token=`);
      expect(await mailsTo(t.db, pending.email)).toHaveLength(1);
      expect(await mailsTo(t.db, rejected.email)).toHaveLength(0);
      expect(await mailsTo(t.db, disabled.email)).toHaveLength(0);
    });

    it('validates, resets once, ends every session, does not sign in; the old password fails', async () => {
      const user = await createUser(t.db, { password: OLD });
      const session = await signIn(t.app, t.db, user.email);
      await post(t.app, '/api/request-password-reset', { email: user.email });
      const token = tokenFromLink((await mailsTo(t.db, user.email)).at(-1)?.text ?? '', '/reset-password');

      expect((await get(t.app, `/api/validate-reset-token/${token}`)).json()).toEqual({ valid: true });
      // Validation does not consume.
      expect((await get(t.app, `/api/validate-reset-token/${token}`)).json()).toEqual({ valid: true });

      const weak = await post(t.app, '/api/reset-password', { token, password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe('Password Too Short: Password must be at least 8 characters long');

      const response = await post(t.app, '/api/reset-password', { token, password: NEW });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Password reset successful' });
      expect(response.headers['set-cookie']).toBeUndefined();

      expect((await get(t.app, '/api/user', { cookie: session })).statusCode).toBe(401);
      expect(await countSessions(t.db, user.id)).toBe(0);
      const hash = (await hashOf(user.id)) ?? '';
      expect(await verifyPassword(hash, NEW)).toBe(true);
      expect(await verifyPassword(hash, OLD)).toBe(false);
      expect((await mailsTo(t.db, user.email)).at(-1)?.subject).toMatch(/password was changed/);

      const replay = await post(t.app, '/api/reset-password', { token, password: 'Another-Pass-3' });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'LINK_INVALID', message: LINK_INVALID_MESSAGE });
      expect((await get(t.app, `/api/validate-reset-token/${token}`)).json()).toEqual({ valid: false });
    });

    it('refuses a common or breached password without using up the token; the old password stays', async () => {
      const user = await createUser(t.db, { password: OLD });
      const token = await insertLinkToken(t.db, 'password-reset', user.id);

      const common = await post(t.app, '/api/reset-password', { token, password: 'Password1' });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_TOO_COMMON });
      expect(await verifyPassword((await hashOf(user.id)) ?? '', OLD)).toBe(true);
      expect(await mailsTo(t.db, user.email)).toHaveLength(0);

      expect((await get(t.app, `/api/validate-reset-token/${token}`)).json()).toEqual({ valid: true });
      expect((await post(t.app, '/api/reset-password', { token, password: NEW })).statusCode).toBe(200);
      expect(await verifyPassword((await hashOf(user.id)) ?? '', NEW)).toBe(true);
    });

    it('refuses expired, unknown and magic-link tokens', async () => {
      const user = await createUser(t.db);
      const expired = await insertLinkToken(t.db, 'password-reset', user.id, -1);
      const magic = await insertLinkToken(t.db, 'magic-link', user.id);
      for (const token of [expired, magic, 'nope']) {
        expect((await get(t.app, `/api/validate-reset-token/${token}`)).json()).toEqual({ valid: false });
        const response = await post(t.app, '/api/reset-password', { token, password: NEW });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'LINK_INVALID' });
      }
      expect(await hashOf(user.id)).toBeNull();
    });

    it('retires outstanding sign-in links after a reset', async () => {
      const user = await createUser(t.db);
      const magic = await insertLinkToken(t.db, 'magic-link', user.id);
      const reset = await insertLinkToken(t.db, 'password-reset', user.id);
      expect((await post(t.app, '/api/reset-password', { token: reset, password: NEW })).statusCode).toBe(
        200,
      );
      expect((await post(t.app, '/api/auth/verify', { token: magic })).statusCode).toBe(400);
    });
  });
});
