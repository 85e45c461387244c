import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyLocations, sessions, users } from '../../db/schema';
import { createTestApp, sameOrigin, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories/users';
import { signIn } from '../../test/factories/sign-in';
import { SESSION_CACHE_TTL_MS } from './session-cache';

/**
 * Sessions are remembered for a few seconds (ADR 0018); these check that whatever ends or changes one is
 * seen at once, well within that time: through the database's notification, or directly for a sign-out.
 */
describe('remembered sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const whoAmI = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode;
  /** Much less than the cache's lifetime: only a notification explains a change this soon. */
  const soon = { timeout: SESSION_CACHE_TTL_MS / 5, interval: 20 };

  it('stops a session whose row is deleted in the database, from anywhere, at once', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    expect(await whoAmI(cookie)).toBe(200);
    expect(await whoAmI(cookie)).toBe(200);

    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(() => whoAmI(cookie), soon).toBe(401);
  });

  it('stops the sessions of a user who is disabled, at once', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    expect(await whoAmI(cookie)).toBe(200);

    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    await expect.poll(() => whoAmI(cookie), soon).toBe(401);
  });

  it('shows a changed role at once', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    const role = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json<{
        user: { role: string } | null;
      }>().user?.role;
    expect(await role()).toBe('customer');

    await t.db.execute(sql`update users set role = 'admin' where id = ${user.id}`);
    await expect.poll(role, soon).toBe('admin');
  });

  it('shows every member a change to their company or its default location at once', async () => {
    const owner = await createUser(t.db);
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const cookie = await signIn(t.app, t.db, buyer.email);
    const seen = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json<{
        paymentTerms: string;
        shippingCity: string | null;
      }>();
    expect(await seen()).toMatchObject({ paymentTerms: 'on_approval', shippingCity: null });

    // As staff's terms and an owner's address edit write them (docs/companies.md).
    await t.db.update(companies).set({ paymentTerms: 'net30' }).where(eq(companies.id, owner.companyId!));
    await expect.poll(async () => (await seen()).paymentTerms, soon).toBe('net30');
    await t.db
      .update(companyLocations)
      .set({ shippingCity: 'Bath' })
      .where(eq(companyLocations.companyId, owner.companyId!));
    await expect.poll(async () => (await seen()).shippingCity, soon).toBe('Bath');
  });

  it('ends a session on sign-out before the answer, on this instance', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    expect(await whoAmI(cookie)).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...sameOrigin, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await whoAmI(cookie)).toBe(401);
  });
});
