import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_INVALID_MESSAGE } from '../../../shared/schemas/auth';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from '../admin-users/admin-test-support';
import { signInAdmin } from '../../test/factories/sign-in';
import { createUser, uniqueEmail } from '../../test/factories/users';
import { freshIp, get, post, sessionCookie } from '../../test/requests';
import { mailsTo, tokenFromLink } from '../../test/outbox';
import { TOO_MANY_LINK_TRIES_MESSAGE } from './accounts.service';

/**
 * Issue 17 items 3, 4 and 5 (docs/security.md#link-tokens): no usable token anywhere in the database, links
 * spent only by a deliberate act, and a limit on the tries of one reset link.
 */
describe('link tokens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Every row of every table of the portal's schema, as text. */
  async function everyRow(): Promise<string> {
    const tables = await sqlRows<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['jobs', 'users', 'sessions', 'magic_link_tokens', 'password_reset_tokens']),
    );
    const dumps: string[] = [];
    for (const { name } of tables) {
      const rows = await sqlRows<{ row: string }>(
        t.db,
        sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
      );
      dumps.push(...rows.map((row) => row.row));
    }
    return dumps.join('\n');
  }

  const lastLink = async (email: string, path: string) =>
    tokenFromLink((await mailsTo(t.db, email)).at(-1)?.text ?? '', path);

  it('keeps no usable sign-in, approval, reset or session token in any table', async () => {
    // Approval: the e-mail's link signs in.
    const email = uniqueEmail('at-rest');
    const registered = await post(t.app, '/api/register', {
      firstName: 'Rest',
      lastName: 'Case',
      businessName: 'At Rest Ltd',
      email,
      phone: '555-0100',
      shippingAddressLine1: '1 Main St',
      shippingCity: 'Salem',
      shippingState: 'OR',
      shippingZip: '97301',
    });
    expect(registered.statusCode).toBe(200);
    const [pending] = await sqlRows<{ id: number }>(t.db, sql`select id from users where email = ${email}`);
    const admin = await signInAdmin(t.app);
    const approve = await send(t.app, 'POST', `/api/admin/users/${pending!.id}/approve`, admin, {
      decision: 'approved',
    });
    expect(approve.statusCode).toBe(200);
    const approvalToken = await lastLink(email, '/auth/verify');
    expect(await everyRow()).not.toContain(approvalToken);
    expect((await post(t.app, '/api/auth/link-info', { token: approvalToken })).statusCode).toBe(200);

    // Sign-in link, and the session it gives.
    await post(t.app, '/api/request-magic-link', { email });
    const signInToken = await lastLink(email, '/auth/verify');
    expect(await everyRow()).not.toContain(signInToken);
    const verified = await post(t.app, '/api/auth/verify', { token: signInToken });
    expect(verified.statusCode).toBe(200);
    const session = sessionCookie(verified)!.split('=')[1]!;
    expect(await everyRow()).not.toContain(session);
    expect((await get(t.app, '/api/user', { cookie: `sid=${session}` })).statusCode).toBe(200);

    // Reset link.
    await post(t.app, '/api/request-password-reset', { email });
    const resetToken = await lastLink(email, '/reset-password');
    expect(await everyRow()).not.toContain(resetToken);
    expect((await get(t.app, `/api/validate-reset-token/${resetToken}`)).json()).toEqual({ valid: true });
  });

  describe('a sign-in link is spent only by the click', () => {
    it('says whose link it is, masked, as often as it is asked, and the link still signs in', async () => {
      const user = await createUser(t.db, { email: uniqueEmail('dana') });
      await post(t.app, '/api/request-magic-link', { email: user.email });
      const token = await lastLink(user.email, '/auth/verify');

      for (let i = 0; i < 3; i++) {
        const info = await post(t.app, '/api/auth/link-info', { token });
        expect(info.statusCode).toBe(200);
        expect(info.json()).toEqual({ maskedEmail: `d…@example.com` });
        expect(sessionCookie(info)).toBeUndefined();
      }
      const verified = await post(t.app, '/api/auth/verify', { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ user: { email: user.email } });

      const spent = await post(t.app, '/api/auth/link-info', { token });
      expect(spent.statusCode).toBe(400);
      expect(spent.json()).toMatchObject({ code: 'LINK_INVALID', message: LINK_INVALID_MESSAGE });
    });

    it('refuses an unknown token, and the link of an account that may no longer sign in with one', async () => {
      expect((await post(t.app, '/api/auth/link-info', { token: 'no-such-token' })).statusCode).toBe(400);
      const user = await createUser(t.db);
      await post(t.app, '/api/request-magic-link', { email: user.email });
      const token = await lastLink(user.email, '/auth/verify');
      await t.db.execute(sql`update users set status = 'disabled' where id = ${user.id}`);
      expect((await post(t.app, '/api/auth/link-info', { token })).json()).toMatchObject({
        code: 'LINK_INVALID',
      });
    });
  });

  it('answers a request older than the link it would send with nothing (never a late link)', async () => {
    const user = await createUser(t.db);
    await post(t.app, '/api/request-magic-link', { email: user.email });
    await t.db.execute(
      sql`update jobs set created_at = now() - interval '16 minutes'
           where type = 'account.sign-in-link' and payload->>'email' = ${user.email}`,
    );
    expect(await mailsTo(t.db, user.email)).toEqual([]);
  });

  it('limits the tries of one reset link from any address, then says when to come back', async () => {
    const user = await createUser(t.db);
    await post(t.app, '/api/request-password-reset', { email: user.email });
    const token = await lastLink(user.email, '/reset-password');

    // Ten tries from ten addresses (each under its per-IP limit): checks and wrong-rule resets alike.
    for (let i = 0; i < 5; i++) {
      expect((await get(t.app, `/api/validate-reset-token/${token}`, { ip: freshIp() })).statusCode).toBe(
        200,
      );
      const weak = await post(t.app, '/api/reset-password', { token, password: 'short' }, { ip: freshIp() });
      expect(weak.statusCode).toBe(400);
    }
    const refused = await post(
      t.app,
      '/api/reset-password',
      { token, password: 'Fresh-Pass-42' },
      { ip: freshIp() },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_LINK_TRIES_MESSAGE });
    expect(refused.headers['retry-after']).toBe('900');
    // Another link is its own count.
    const other = await createUser(t.db);
    await post(t.app, '/api/request-password-reset', { email: other.email });
    const otherToken = await lastLink(other.email, '/reset-password');
    expect((await get(t.app, `/api/validate-reset-token/${otherToken}`)).json()).toEqual({ valid: true });
  });
});
